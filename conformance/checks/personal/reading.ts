/**
 * Reading state: marking a channel or everything read, read receipts, a
 * channel's topic list and an administrator deleting a topic. Messages go to
 * topics of their own in the run's shared channel; a deleted topic leaves nothing.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { flagsOf, getMessage, messagesChannel, sendToChannel } from '../messages/support.js';

const MISSING_CHANNEL_ID = 2_000_000_000;

async function markChannel(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, otherMember, channel.id, ctx.unique('mark-channel'), 'unread for the member');
  expectTrue(!(await flagsOf(ctx, member, id)).includes('read'), 'a fresh message unread', 'personal.mark-channel.read');
  expectSuccess(await ctx.call(member, 'POST', '/mark_stream_as_read', { stream_id: String(channel.id) }), 'personal.mark-channel.read');
  expectTrue((await flagsOf(ctx, member, id)).includes('read'), 'the channel’s message read after mark_stream_as_read', 'personal.mark-channel.read');
  expectError(
    await ctx.call(member, 'POST', '/mark_stream_as_read', { stream_id: String(MISSING_CHANNEL_ID) }),
    400,
    'BAD_REQUEST',
    'Invalid channel ID',
    'personal.mark-channel.invalid',
  );
}

async function markAll(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('mark-all'), 'unread for the other member');
  expectTrue(!(await flagsOf(ctx, otherMember, id)).includes('read'), 'a fresh message unread', 'personal.mark-all.read');
  const body = expectSuccess(await ctx.call(otherMember, 'POST', '/mark_all_as_read'), 'personal.mark-all.read');
  expectEqual(body['complete'], true, 'complete in the answer', 'personal.mark-all.read');
  expectTrue((await flagsOf(ctx, otherMember, id)).includes('read'), 'the message read after mark_all_as_read', 'personal.mark-all.read');
}

async function readReceipts(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('receipts'), 'who read this?');
  const first = await ctx.call(member, 'GET', `/messages/${id}/read_receipts`);
  // An organization without read receipts gets them for the check, and loses them again after.
  const disabled = (first.body as Body | null)?.['msg'] === 'Read receipts are disabled in this organization.';
  if (disabled) expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { enable_read_receipts: 'true' }));
  try {
    await readersListed(ctx, id);
  } finally {
    if (disabled) await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { enable_read_receipts: 'false' });
  }
}

async function readersListed(ctx: CheckContext, id: number): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  for (const reader of [otherMember, moderator]) {
    expectSuccess(await ctx.call(reader, 'POST', '/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'read' }));
  }
  const listed = expectSuccess(await ctx.call(member, 'GET', `/messages/${id}/read_receipts`), 'personal.read-receipts.list')['user_ids'] as number[];
  expectTrue(!listed.includes(member.userId), 'no receipt for the sender', 'personal.read-receipts.list');
  expectTrue(listed.includes(otherMember.userId), 'a receipt for a reader', 'personal.read-receipts.list');
  const path = `/users/me/muted_users/${otherMember.userId}`;
  expectSuccess(await ctx.call(member, 'POST', path));
  try {
    const muted = expectSuccess(await ctx.call(member, 'GET', `/messages/${id}/read_receipts`), 'personal.read-receipts.list')['user_ids'] as number[];
    expectTrue(!muted.includes(otherMember.userId), 'no receipt from a user the caller muted', 'personal.read-receipts.list');
  } finally {
    await ctx.call(member, 'DELETE', path);
  }
}

async function topics(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const older = ctx.unique('older');
  const newer = ctx.unique('newer');
  await sendToChannel(ctx, member, channel.id, older, 'first');
  const newest = await sendToChannel(ctx, otherMember, channel.id, newer, 'second');
  const again = await sendToChannel(ctx, member, channel.id, older.toUpperCase(), 'third');
  const listed = expectSuccess(await ctx.call(member, 'GET', `/users/me/${channel.id}/topics`), 'personal.topics.list')['topics'] as Body[];
  const ours = listed.filter((entry) => [older, newer].includes(String(entry['name']).toLowerCase()));
  expectEqual(
    ours,
    [
      { name: older.toUpperCase(), max_id: again },
      { name: newer, max_id: newest },
    ],
    'the check’s topics, newest first',
    'personal.topics.list',
  );
  expectError(await ctx.call(member, 'GET', `/users/me/${MISSING_CHANNEL_ID}/topics`), 400, 'BAD_REQUEST', 'Invalid channel ID', 'personal.topics.invalid');
}

async function deleteTopic(ctx: CheckContext): Promise<void> {
  const { administrator, member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('doomed');
  const ids = [await sendToChannel(ctx, member, channel.id, topic, 'one'), await sendToChannel(ctx, member, channel.id, topic, 'two')];
  expectError(
    await ctx.call(member, 'POST', `/streams/${channel.id}/delete_topic`, { topic_name: topic }),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization administrator',
    'personal.delete-topic.admin-only',
  );
  expectSuccess(await getMessage(ctx, member, ids[0]!), 'personal.delete-topic.admin-only');
  const body = expectSuccess(
    await ctx.call(administrator, 'POST', `/streams/${channel.id}/delete_topic`, { topic_name: topic }),
    'personal.delete-topic.delete',
  );
  expectEqual(body['complete'], true, 'complete in the answer', 'personal.delete-topic.delete');
  for (const id of ids) expectError(await getMessage(ctx, member, id), 400, 'BAD_REQUEST', 'Invalid message(s)', 'personal.delete-topic.delete');
}

export const READING_CHECKS = defineChecks([
  {
    id: 'personal.mark-channel.read',
    title: 'Given an unread message in a channel, when the member marks the channel read, then it is read; a missing channel is "Invalid channel ID"',
    clauses: ['personal.mark-channel.read', 'personal.mark-channel.invalid'],
    level: 'compat',
    endpoint: 'POST /mark_stream_as_read',
    run: markChannel,
  },
  {
    id: 'personal.mark-all.read',
    title: 'Given an unread message, when the user marks all as read, then it is read and the answer says complete',
    clauses: ['personal.mark-all.read'],
    level: 'compat',
    endpoint: 'POST /mark_all_as_read',
    run: markAll,
  },
  {
    id: 'personal.read-receipts.list',
    title: 'Given a message two others read, when the sender asks for read receipts, then readers are listed, not the sender, nor a user the sender muted',
    clauses: ['personal.read-receipts.list'],
    level: 'compat',
    endpoint: 'GET /messages/{message_id}/read_receipts',
    run: readReceipts,
  },
  {
    id: 'personal.topics.list',
    title:
      'Given two new topics, one written to again in another case, when the member lists the channel’s topics, then they come newest first in the newest spelling',
    clauses: ['personal.topics.list', 'personal.topics.invalid'],
    level: 'compat',
    endpoint: 'GET /users/me/{stream_id}/topics',
    run: topics,
  },
  {
    id: 'personal.delete-topic',
    title: 'Given a topic with two messages, when a member tries to delete it, then it is refused; when an administrator does, then its messages are gone',
    clauses: ['personal.delete-topic.delete', 'personal.delete-topic.admin-only'],
    level: 'compat',
    endpoint: 'POST /streams/{stream_id}/delete_topic',
    run: deleteTopic,
  },
]);
