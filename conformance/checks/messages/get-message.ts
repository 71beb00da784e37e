/** GET /messages/{message_id} and GET /messages/{message_id}/history. */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { subscribe } from '../channels/support.js';
import { errorShape } from '../streams/support.js';
import { channelWith, GET_ONE, getMessage, MISSING_MESSAGE_ID, mention, messagesChannel, readMessage, sendDirect, sendToChannel } from './support.js';

const INVALID = 'Invalid message(s)';

async function response(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const source = `**hello** ${mention(otherMember)}`;
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('by-id'), source);
  for (const reader of [member, otherMember]) {
    const body = expectSuccess(await getMessage(ctx, reader, id), 'messages.get.response');
    expectEqual([body['raw_content'], body['message']?.['id']], [source, id], `raw_content and message.id read by ${reader.fullName}`, 'messages.get.response');
    const flags = body['message']['flags'] as string[];
    const expectMention = reader === otherMember;
    expectTrue(
      flags.includes('mentioned') === expectMention,
      `${reader.fullName}'s own flags (mentioned: ${expectMention}), got ${JSON.stringify(flags)}`,
      'messages.get.response',
    );
  }
}

async function invalid(ctx: CheckContext): Promise<void> {
  const { member, otherMember, owner } = ctx.cast;
  const hidden = await channelWith(ctx, member, 'hidden', [member], { invite_only: true });
  const secret = await sendToChannel(ctx, member, hidden.id, 'secret', 'only for the member');
  const direct = await sendDirect(ctx, member, [owner.userId], 'between member and owner');
  const missing = expectError(await getMessage(ctx, otherMember, MISSING_MESSAGE_ID), 400, 'BAD_REQUEST', INVALID, 'messages.get.invalid');
  for (const id of [secret, direct]) {
    const answer = await getMessage(ctx, otherMember, id);
    expectError(answer, 400, 'BAD_REQUEST', INVALID, 'messages.get.invalid');
    expectEqual(errorShape(answer), { status: 400, body: missing }, `the answer for message ${id}, alike to a missing one`, 'messages.get.invalid');
  }
  const history = await ctx.call(otherMember, 'GET', `/messages/${secret}/history`);
  expectError(history, 400, 'BAD_REQUEST', INVALID, 'messages.get.invalid');
}

async function protectedHistory(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const guarded = await channelWith(ctx, member, 'protected', [member], { invite_only: true });
  const early = await sendToChannel(ctx, member, guarded.id, 'history', 'before the newcomer');
  expectSuccess(await subscribe(ctx, member, [guarded.name], { principals: [otherMember.userId] }));
  const late = await sendToChannel(ctx, member, guarded.id, 'history', 'after the newcomer');
  expectError(await getMessage(ctx, otherMember, early), 400, 'BAD_REQUEST', INVALID, 'messages.get.protected-history');
  expectEqual((await readMessage(ctx, otherMember, late))['id'], late, 'a message sent after subscribing', 'messages.get.protected-history');

  const shared = await channelWith(ctx, member, 'shared', [member], { invite_only: true, history_public_to_subscribers: true });
  const before = await sendToChannel(ctx, member, shared.id, 'history', 'before the newcomer');
  expectSuccess(await subscribe(ctx, member, [shared.name], { principals: [otherMember.userId] }));
  const read = await readMessage(ctx, otherMember, before);
  expectEqual(
    [read['id'], [...(read['flags'] as string[])].sort()],
    [before, ['historical', 'read']],
    'an earlier message of a shared-history channel, read by a newcomer',
    'messages.get.protected-history',
  );
}

async function archived(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'archived-read', [member, otherMember]);
  const id = await sendToChannel(ctx, member, channel.id, 'kept', 'still readable');
  expectSuccess(await ctx.call(member, 'DELETE', `/streams/${channel.id}`));
  const read = await readMessage(ctx, otherMember, id, { apply_markdown: 'false' });
  expectEqual([read['id'], read['content']], [id, 'still readable'], 'a message of an archived channel', 'messages.get.archived');
}

async function history(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('history');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'never *edited*');
  const body = expectSuccess(await ctx.call(otherMember, 'GET', `/messages/${id}/history`), 'messages.history.unedited');
  const entries = body['message_history'] as Body[] | undefined;
  expectTrue(Array.isArray(entries) && entries.length === 1, `one history entry, got ${JSON.stringify(entries)}`, 'messages.history.unedited');
  const [entry] = entries;
  expectEqual(
    [entry?.['user_id'], entry?.['topic'], entry?.['content'], entry?.['rendered_content']],
    [member.userId, topic, 'never *edited*', '<p>never <em>edited</em></p>'],
    'the one entry: sender, topic, source and HTML',
    'messages.history.unedited',
  );
}

export const GET_MESSAGE_CHECKS = defineChecks([
  {
    id: 'messages.get.response',
    title: 'When the sender and a mentioned member read a message by id, then each gets it with raw_content and their own flags',
    clauses: ['messages.get.response'],
    level: 'compat',
    endpoint: GET_ONE,
    run: response,
  },
  {
    id: 'messages.get.invalid',
    title:
      'When a member reads a missing message, one of a private channel and another pair’s direct message, then all three answers are the same "Invalid message(s)"',
    clauses: ['messages.get.invalid'],
    level: 'compat',
    endpoint: GET_ONE,
    run: invalid,
  },
  {
    id: 'messages.get.protected-history',
    title: 'Given a newcomer to private channels, then earlier messages are unreadable with protected history and read+historical with shared history',
    clauses: ['messages.get.protected-history'],
    level: 'compat',
    endpoint: GET_ONE,
    run: protectedHistory,
  },
  {
    id: 'messages.get.archived',
    title: 'Given an archived channel, when a subscriber reads its message by id, then it is still there',
    clauses: ['messages.get.archived'],
    level: 'compat',
    endpoint: GET_ONE,
    run: archived,
  },
  {
    id: 'messages.history.unedited',
    title: 'Given a message never edited, when a subscriber reads its history, then it is one entry with its sender, topic, source and HTML',
    clauses: ['messages.history.unedited'],
    level: 'compat',
    endpoint: 'GET /messages/{message_id}/history',
    run: history,
  },
]);
