/** The flags a new message starts with for its sender and its recipients, and the flags of history read without a row. */

import { type CheckContext, defineChecks } from '../../check.js';
import { withQueue } from '../../events/queue.js';
import { type Body, expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { unsubscribe } from '../channels/support.js';
import { createGroup } from '../groups/support.js';
import { channelWith, fetchMessages, flagsOf, LIST, mention, messagesChannel, SEND, sendDirect, sendToChannel } from './support.js';

const has = (flags: readonly string[], flag: string) => flags.includes(flag);

async function unreadAtStart(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('unread');
  const plain = await sendToChannel(ctx, member, channel.id, topic, 'sent through the API');
  const direct = await sendDirect(ctx, member, [otherMember.userId], 'a direct message through the API');
  for (const id of [plain, direct]) {
    for (const user of [member, otherMember]) {
      const flags = await flagsOf(ctx, user, id);
      expectTrue(!has(flags, 'read'), `message ${id} unread for ${user.fullName} at first, got flags ${JSON.stringify(flags)}`, 'messages.flags.unread-start');
    }
  }
  const readBySender = await sendToChannel(ctx, member, channel.id, topic, 'read by its sender', { read_by_sender: true });
  expectTrue(has(await flagsOf(ctx, member, readBySender), 'read'), 'read_by_sender=true: read for the sender', 'messages.send.read-by-sender');
  expectTrue(!has(await flagsOf(ctx, otherMember, readBySender), 'read'), 'read_by_sender=true: still unread for a recipient', 'messages.send.read-by-sender');
}

async function mentioned(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('mentions');
  const direct = await sendToChannel(ctx, member, channel.id, topic, `hello ${mention(otherMember)}`);
  expectTrue(has(await flagsOf(ctx, otherMember, direct), 'mentioned'), 'mentioned for the user mentioned by name', 'messages.flags.mentioned');
  expectTrue(!has(await flagsOf(ctx, moderator, direct), 'mentioned'), 'not mentioned for a subscriber who was not', 'messages.flags.mentioned');

  const groupName = ctx.unique('mentioned-group');
  await createGroup(ctx, { name: groupName, members: [moderator.userId] }, member);
  const viaGroup = await sendToChannel(ctx, member, channel.id, topic, `hello @*${groupName}*`);
  expectTrue(has(await flagsOf(ctx, moderator, viaGroup), 'mentioned'), 'mentioned for a member of the mentioned group', 'messages.flags.mentioned');
  expectTrue(!has(await flagsOf(ctx, administrator, viaGroup), 'mentioned'), 'not mentioned for a subscriber outside the group', 'messages.flags.mentioned');
}

async function wildcard(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('wildcard'), '@**all** a channel-wide notice');
  const flags = await flagsOf(ctx, otherMember, id);
  expectTrue(
    has(flags, 'stream_wildcard_mentioned') && has(flags, 'wildcard_mentioned') && !has(flags, 'mentioned'),
    `stream_wildcard_mentioned and wildcard_mentioned (not mentioned) for a subscriber, got ${JSON.stringify(flags)}`,
    'messages.flags.wildcard',
  );
}

async function historical(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'history', [member]);
  const id = await sendToChannel(ctx, member, channel.id, 'old news', 'sent before the reader could receive it');
  expectEqual(await flagsOf(ctx, otherMember, id), ['historical', 'read'], 'flags of a public message read by id without a row', 'messages.flags.historical');
  const listed = await fetchMessages(ctx, otherMember, { anchor: 'newest', num_before: 10, num_after: 0 }, [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
  ]);
  const found = (listed['messages'] as Body[]).find((message) => message['id'] === id);
  expectEqual(
    [...((found?.['flags'] as string[] | undefined) ?? [])].sort(),
    ['historical', 'read'],
    'flags of the message in GET /messages narrowed to the channel',
    'messages.flags.historical-read',
  );
}

async function unreadOnlySubscribed(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'leave-unread', [member, otherMember]);
  const narrow = [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
    { operator: 'topic', operand: 'unread' },
    { operator: 'is', operand: 'unread' },
  ];
  const id = await sendToChannel(ctx, member, channel.id, 'unread', 'not read yet');
  const window = { anchor: 'newest', num_before: 10, num_after: 0 };
  const unreadIds = async () => ((await fetchMessages(ctx, otherMember, window, narrow))['messages'] as Body[]).map((message) => message['id']);
  expectEqual(await unreadIds(), [id], 'the subscriber’s unread messages in the channel', 'messages.flags.unread-subscribed');
  await withQueue(ctx, otherMember, { eventTypes: ['update_message_flags'] }, async (queue) => {
    expectSuccess(await unsubscribe(ctx, otherMember, [channel.name]));
    // A real server marks the channel read after the unsubscribe answered; its flags event says when.
    await queue.waitFor((event) => event['flag'] === 'read' && event['op'] === 'add' && Array.isArray(event['messages']) && event['messages'].includes(id));
  });
  expectEqual(await unreadIds(), [], 'unread messages in a channel the user left', 'messages.flags.unread-subscribed');
}

export const FLAG_CHECKS = defineChecks([
  {
    id: 'messages.flags.unread-start',
    title: 'When a member sends through the API, then the message is unread for sender and recipients; with read_by_sender=true it is read for the sender only',
    clauses: ['messages.flags.unread-start', 'messages.send.read-by-sender'],
    level: 'spec',
    endpoint: SEND,
    run: unreadAtStart,
  },
  {
    id: 'messages.flags.mentioned',
    title: 'When a member mentions a user, then that user has mentioned and another does not; mentioning a group flags its members only',
    clauses: ['messages.flags.mentioned'],
    level: 'spec',
    endpoint: SEND,
    run: mentioned,
  },
  {
    id: 'messages.flags.wildcard',
    title: 'When a member sends @**all** in a channel of six, then a subscriber has stream_wildcard_mentioned and wildcard_mentioned',
    clauses: ['messages.flags.wildcard'],
    level: 'spec',
    endpoint: SEND,
    run: wildcard,
  },
  {
    id: 'messages.flags.historical',
    title: 'Given a public channel another member is not in, when they read its message by id and by narrow, then its flags are exactly read and historical',
    clauses: ['messages.flags.historical', 'messages.flags.historical-read'],
    level: 'spec',
    endpoint: LIST,
    run: historical,
  },
  {
    id: 'messages.flags.unread-subscribed',
    title: 'Given an unread message in a channel, when its reader unsubscribes, then is:unread in that channel no longer lists it',
    clauses: ['messages.flags.unread-subscribed'],
    level: 'spec',
    endpoint: LIST,
    run: unreadOnlySubscribed,
  },
]);
