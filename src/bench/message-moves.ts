/**
 * The model time of a topic move: PATCH /messages/{id} with change_all on a
 * 100-message topic, in a channel of 10^3 and of 10^5 messages. The move
 * walks the topic's index, so the two should cost the same. Each call starts
 * from the same state (nothing accumulates), timed around handle() alone.
 */
import { freeze } from 'immer';
import { generatedUserApiKey, generatedUserEmail } from '../fixtures/generate.js';
import { BENCH_CHANNEL_PREFIX, generateMessageRealm, type MessageRealmShape, plainChannelMessage } from '../fixtures/generate-messages.js';
import { createEntropySource } from '../http/environment.js';
import { basicAuthorization } from '../model/auth.js';
import { handle } from '../model/handle.js';
import { FLAG_BITS } from '../model/rules/message-flags.js';
import type { State, WritableState } from '../model/state.js';
import { insertMessageMutably, putUserMessageMutably, recipientIdMutably } from '../model/tables/messages.js';
import { getRow, rows } from '../model/tables/table.js';
import { percentile } from './write-cost.js';

const MOVED_TOPIC = 'moving topic';
const TOPIC_SIZE = 100;
const SHAPE: MessageRealmShape = { users: 60, channels: 1, messages: 1_000, subscriptionsPerUser: 1, topicsPerChannel: 50 };

interface Subject {
  readonly label: string;
  readonly state: State;
  readonly moverId: number;
  readonly targetId: number;
  readonly now: number;
}

/** A one-channel realm of `messages` messages plus a topic of 100 more, every subscriber holding a read row of each. */
function subjectWith(label: string, messages: number): Subject {
  const base = generateMessageRealm({ ...SHAPE, messages });
  const channel = [...rows(base.channels)].find((candidate) => candidate.name === `${BENCH_CHANNEL_PREFIX} 0`)!;
  const subscriberIds = [...rows(getRow(base.subscriberIdsByChannel, channel.id)!)];
  const state: WritableState = { ...base, counters: { ...base.counters } };
  const firstId = state.counters.nextMessageId;
  const dateSent = base.realm.dateCreated + messages;
  for (let index = 0; index < TOPIC_SIZE; index++) {
    const message = plainChannelMessage({
      id: firstId + index,
      senderId: subscriberIds[index % subscriberIds.length]!,
      channelId: channel.id,
      topic: MOVED_TOPIC,
      recipientId: recipientIdMutably(state, `channel:${channel.id}`),
      text: `Moving ${index}`,
      dateSent: dateSent + index,
    });
    insertMessageMutably(state, message);
    for (const userId of subscriberIds) putUserMessageMutably(state, userId, message, FLAG_BITS.read);
  }
  state.counters = { ...state.counters, nextMessageId: firstId + TOPIC_SIZE };
  // A generated member (bound by the time limits, so the change_all check walks the topic too), moving well within them.
  return { label, state: freeze(state as State, true), moverId: subscriberIds.at(-1)!, targetId: firstId, now: dateSent + TOPIC_SIZE + 60 };
}

function moveOnce(subject: Subject, entropy: () => Uint8Array, index: number): number {
  const request = {
    method: 'PATCH',
    path: `/messages/${subject.targetId}`,
    params: { topic: `moved ${index}`, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' },
    authorization: basicAuthorization(generatedUserEmail(subject.moverId), generatedUserApiKey(subject.moverId)),
    origin: 'http://127.0.0.1:9991',
    now: subject.now,
    entropy: entropy(),
  };
  const start = performance.now();
  const result = handle(subject.state, request);
  const elapsed = performance.now() - start;
  if (result.response.status !== 200) throw new Error(`move answered ${result.response.status} ${JSON.stringify(result.response.body)}`);
  return elapsed;
}

export interface MoveBenchResult {
  /** Median milliseconds per move. */
  readonly small: number;
  readonly large: number;
}

export function measureTopicMoves(info: (line: string) => void): MoveBenchResult {
  const start = performance.now();
  const small = subjectWith('10^3 messages', 1_000);
  const large = subjectWith('10^5 messages', 100_000);
  info(`generate one-channel realms of 10^3 and 10^5 messages (+${TOPIC_SIZE} in the moved topic): ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const entropy = createEntropySource('bench-moves');
  const samples = new Map<Subject, number[]>([
    [small, []],
    [large, []],
  ]);
  // Alternating blocks, so machine noise hits both alike; the first block warms up.
  for (let block = 0; block < 9; block++) {
    for (const subject of [small, large]) {
      for (let i = 0; i < 40; i++) {
        const elapsed = moveOnce(subject, entropy, block * 40 + i);
        if (block > 0) samples.get(subject)!.push(elapsed);
      }
    }
  }
  const result = { small: percentile(samples.get(small)!, 0.5), large: percentile(samples.get(large)!, 0.5) };
  info(
    `topic move, change_all of ${TOPIC_SIZE} messages: median ${(result.small * 1000).toFixed(0)} µs at 10^3, ${(result.large * 1000).toFixed(0)} µs at 10^5`,
  );
  return result;
}
