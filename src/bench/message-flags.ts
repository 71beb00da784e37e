/**
 * The model time of POST /messages/flags marking 1,000 messages read, for a
 * user holding 10^4 against 10^5 messages: the cost follows the 1,000 ids,
 * not the history. Each round marks the same ids unread, then read again;
 * only the mark-read is timed, around handle() alone as write-cost.ts does.
 * Two choices of ids: the newest 1,000 (what a client marks as the user
 * reads), and 1,000 spread over the whole history, where each id touches
 * its own leaf of the row index in the larger realm but leaves are shared
 * in the smaller one.
 */

import { generatedUserApiKey, generatedUserEmail } from '../fixtures/generate.js';
import { BENCH_CHANNEL_PREFIX, generateMessageRealm, type MessageRealmShape } from '../fixtures/generate-messages.js';
import { createEntropySource } from '../http/environment.js';
import { basicAuthorization } from '../model/auth.js';
import { handle } from '../model/handle.js';
import type { ModelRequest } from '../model/request.js';
import type { State } from '../model/state.js';
import { idTreeIds } from '../model/tables/id-tree.js';
import { getRow, rows } from '../model/tables/table.js';
import { percentile } from './write-cost.js';

export const MARKED_PER_REQUEST = 1_000;

/** Two channels, one subscription each: the user holds half the realm's messages. */
const shapeFor = (messagesPerUser: number): MessageRealmShape => ({
  users: 16,
  channels: 2,
  messages: messagesPerUser * 2,
  subscriptionsPerUser: 1,
  topicsPerChannel: 20,
});

type Pick = 'newest' | 'spread';

interface Subject {
  state: State;
  readonly userId: number;
  /** The JSON list of the thousand ids marked. */
  readonly messages: string;
}

function subjectFor(state: State, pick: Pick): Subject {
  const channel = [...rows(state.channels)].find((candidate) => candidate.name === `${BENCH_CHANNEL_PREFIX} 0`)!;
  // The newest subscriber is a generated user, whose credentials are derived from the id.
  const userId = [...rows(getRow(state.subscriberIdsByChannel, channel.id)!)].at(-1)!;
  const held = idTreeIds(getRow(state.messageIdsByChannel, channel.id)!);
  const step = held.length / MARKED_PER_REQUEST;
  const ids = pick === 'newest' ? held.slice(-MARKED_PER_REQUEST) : Array.from({ length: MARKED_PER_REQUEST }, (_, index) => held[Math.floor(index * step)]!);
  return { state, userId, messages: JSON.stringify(ids) };
}

/** Median milliseconds of one mark-read of 1,000 messages, in the smaller and the larger realm. */
export interface FlagTimes {
  readonly small: number;
  readonly large: number;
}

export interface FlagBenchResult {
  readonly newest: FlagTimes;
  readonly spread: FlagTimes;
  readonly smallHistory: number;
  readonly largeHistory: number;
}

export function measureFlagUpdates(info: (line: string) => void, smallHistory = 10_000, largeHistory = 100_000): FlagBenchResult {
  const start = performance.now();
  const smallRealm = generateMessageRealm(shapeFor(smallHistory));
  const largeRealm = generateMessageRealm(shapeFor(largeHistory));
  const subjects = {
    newest: { small: subjectFor(smallRealm, 'newest'), large: subjectFor(largeRealm, 'newest') },
    spread: { small: subjectFor(smallRealm, 'spread'), large: subjectFor(largeRealm, 'spread') },
  };
  const all = [subjects.newest.small, subjects.newest.large, subjects.spread.small, subjects.spread.large];
  info(`generate flag realms (${smallHistory} and ${largeHistory} messages per user): ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const entropy = createEntropySource('bench-flags');

  const update = (subject: Subject, op: 'add' | 'remove'): void => {
    const request: ModelRequest = {
      method: 'POST',
      path: '/messages/flags',
      params: { messages: subject.messages, op, flag: 'read' },
      authorization: basicAuthorization(generatedUserEmail(subject.userId), generatedUserApiKey(subject.userId)),
      origin: 'http://127.0.0.1:9991',
      now: Date.now() / 1000,
      entropy: entropy(),
    };
    const result = handle(subject.state, request);
    if (result.response.status !== 200) throw new Error(`POST /messages/flags answered ${result.response.status} ${JSON.stringify(result.response.body)}`);
    subject.state = result.state;
  };

  const samples = new Map<Subject, number[]>(all.map((subject) => [subject, []]));
  // Blocks alternate between the subjects so machine noise hits all alike; the first block warms up.
  for (let block = 0; block < 9; block++) {
    for (const subject of all) {
      for (let round = 0; round < 10; round++) {
        update(subject, 'remove');
        const begin = performance.now();
        update(subject, 'add');
        if (block > 0) samples.get(subject)!.push(performance.now() - begin);
      }
    }
  }
  const median = (subject: Subject) => percentile(samples.get(subject)!, 0.5);
  const times = (pair: { small: Subject; large: Subject }): FlagTimes => ({ small: median(pair.small), large: median(pair.large) });
  return { newest: times(subjects.newest), spread: times(subjects.spread), smallHistory, largeHistory };
}
