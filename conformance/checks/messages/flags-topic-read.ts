/** POST /mark_topic_as_read: one topic marked read (the empty one by its display name), its errors, the whole-channel quirk, and its event. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { MISSING_CHANNEL_ID } from '../streams/support.js';
import { FLAG_EVENT_TYPES, flagsOfEach, MARK_TOPIC_READ, markTopicRead } from './flags-support.js';
import { channelWith, type MadeChannel, sendToChannel } from './support.js';

interface Topics {
  readonly channel: MadeChannel;
  /** Two messages of topic "alpha", the second sent as "ALPHA" (topics are one whatever their case). */
  readonly alpha: readonly number[];
  readonly beta: number;
  /** A message of the empty topic. */
  readonly empty: number;
}

/** A channel of the member's and the other member's, with unread messages for the member in three topics. */
async function topics(ctx: CheckContext, label: string): Promise<Topics> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, label, [member, otherMember]);
  const alpha = [await sendToChannel(ctx, otherMember, channel.id, 'alpha', 'first'), await sendToChannel(ctx, otherMember, channel.id, 'ALPHA', 'second')];
  const beta = await sendToChannel(ctx, otherMember, channel.id, 'beta', 'elsewhere');
  const empty = await sendToChannel(ctx, otherMember, channel.id, '', 'about nothing in particular');
  return { channel, alpha, beta, empty };
}

const readFlags = async (ctx: CheckContext, viewer: Actor, ids: readonly number[]) =>
  (await flagsOfEach(ctx, viewer, ids)).map((flags) => flags.includes('read'));

async function oneTopic(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const { channel, alpha, beta, empty } = await topics(ctx, 'topic-read');
  expectSuccess(await markTopicRead(ctx, member, channel.id, 'alpha'), 'messages.mark-topic-read.topic');
  expectEqual(
    await readFlags(ctx, member, [...alpha, beta, empty]),
    [true, true, false, false],
    'read for alpha, alpha, beta, the empty topic',
    'messages.mark-topic-read.topic',
  );
  expectEqual(await readFlags(ctx, otherMember, alpha), [false, false], 'the sender’s own flags on alpha', 'messages.mark-topic-read.topic');
}

async function generalChat(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { channel, alpha, beta, empty } = await topics(ctx, 'topic-read-empty');
  expectSuccess(await markTopicRead(ctx, member, channel.id, 'general chat'), 'messages.mark-topic-read.general-chat');
  expectEqual(
    await readFlags(ctx, member, [empty, ...alpha, beta]),
    [true, false, false, false],
    'read for the empty topic, alpha, alpha, beta',
    'messages.mark-topic-read.general-chat',
  );
}

async function errors(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const { channel, alpha } = await topics(ctx, 'topic-read-errors');
  const hidden = await channelWith(ctx, otherMember, 'topic-read-hidden', [otherMember], { invite_only: true });
  await sendToChannel(ctx, otherMember, hidden.id, 'alpha', 'private');
  const before = await readFlags(ctx, member, alpha);
  expectError(await markTopicRead(ctx, member, channel.id, 'nowhere'), 400, 'BAD_REQUEST', "No such topic 'nowhere'", 'messages.mark-topic-read.no-such-topic');
  for (const id of [MISSING_CHANNEL_ID, hidden.id]) {
    expectError(await markTopicRead(ctx, member, id, 'alpha'), 400, 'BAD_REQUEST', 'Invalid channel ID', 'messages.mark-topic-read.invalid-channel');
  }
  expectUnchanged(before, await readFlags(ctx, member, alpha), 'the member’s alpha messages', 'messages.mark-topic-read.no-such-topic');
}

async function emptyName(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { channel, alpha, beta, empty } = await topics(ctx, 'topic-read-all');
  expectSuccess(await markTopicRead(ctx, member, channel.id, ''), 'messages.mark-topic-read.empty-name');
  expectEqual(
    await readFlags(ctx, member, [...alpha, beta, empty]),
    [true, true, true, true],
    'read for every topic of the channel',
    'messages.mark-topic-read.empty-name',
  );
}

async function event(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const { channel, alpha } = await topics(ctx, 'topic-read-event');
  const options = { eventTypes: FLAG_EVENT_TYPES };
  await withQueues(ctx, { own: [member, options] as const, other: [otherMember, options] as const }, async (queues) => {
    expectSuccess(await markTopicRead(ctx, member, channel.id, 'alpha'));
    await settle(ctx, [queues.own, queues.other]);
    await expectEvents(
      queues.own,
      [exactEvent({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [...alpha], all: false })],
      { what: 'marking a topic read', clause: 'messages.mark-topic-read.event' },
    );
    expectNoEvents(queues.other, (received) => received.type === 'update_message_flags', {
      what: 'another member marking a topic read',
      clause: 'messages.mark-topic-read.event',
    });
  });
}

export const TOPIC_READ_CHECKS = defineChecks([
  {
    id: 'messages.mark-topic-read.topic',
    title:
      'Given unread messages in topics alpha (in two cases), beta and the empty topic, when a member marks alpha read, then only alpha is read, for them alone',
    clauses: ['messages.mark-topic-read.topic'],
    level: 'spec',
    endpoint: MARK_TOPIC_READ,
    run: oneTopic,
  },
  {
    id: 'messages.mark-topic-read.general-chat',
    title: 'When a member marks "general chat" read, then the empty topic’s message is read and the other topics’ are not',
    clauses: ['messages.mark-topic-read.general-chat'],
    level: 'spec',
    endpoint: MARK_TOPIC_READ,
    run: generalChat,
  },
  {
    id: 'messages.mark-topic-read.errors',
    title:
      'When the topic holds no message of the member, or the channel is missing or private to others, then the real server’s error comes back and nothing changes',
    clauses: ['messages.mark-topic-read.no-such-topic', 'messages.mark-topic-read.invalid-channel'],
    level: 'compat',
    endpoint: MARK_TOPIC_READ,
    run: errors,
  },
  {
    id: 'messages.mark-topic-read.empty-name',
    title: 'When a member marks the topic "" read, then every topic of the channel is read (the real server skips the topic filter)',
    clauses: ['messages.mark-topic-read.empty-name'],
    level: 'compat',
    endpoint: MARK_TOPIC_READ,
    run: emptyName,
  },
  {
    id: 'messages.mark-topic-read.event',
    title: 'When a member marks a topic read, then their queue gets update_message_flags add read for its messages and another member’s gets nothing',
    clauses: ['messages.mark-topic-read.event'],
    level: 'compat',
    endpoint: MARK_TOPIC_READ,
    run: event,
  },
]);
