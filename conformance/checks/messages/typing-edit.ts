/** POST /messages/{message_id}/typing: who hears that a message is being edited, and who may say so. */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectError, expectSuccess } from '../../expect.js';
import { realmSetting, restoring, timeLimitParam } from '../realm/support.js';
import { channelWith, MISSING_MESSAGE_ID, sendDirect, sendToChannel } from './support.js';
import { EDIT_TYPING, EDIT_TYPING_LEVEL, editTypingPathClause, isTyping, postEditTyping, typingQueue, withSettingOff } from './typing-support.js';

const NO_PERMISSION = "You don't have permission to edit this message";

async function inChannel(ctx: CheckContext): Promise<void> {
  const { member, otherMember, guest, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'edit-typing', [member, otherMember, guest], { invite_only: true });
  const topic = 'drafts';
  const id = await sendToChannel(ctx, member, channel.id, topic, 'a message about to change');
  await withQueues(
    ctx,
    // No queue declares stream_typing_notifications: that capability gates only `typing`.
    { subscriber: typingQueue(otherMember, []), guest: typingQueue(guest, []), outsider: typingQueue(administrator, []) },
    async (queues) => {
      expectSuccess(await postEditTyping(ctx, member, id, 'start'), 'typing.edit.notifies');
      expectSuccess(await postEditTyping(ctx, member, id, 'stop'), 'typing.edit.op');
      await settle(ctx, Object.values(queues));
      const shape = { type: 'typing_edit_message', sender_id: member.userId, message_id: id, recipient: { type: 'channel', channel_id: channel.id, topic } };
      for (const heard of [queues.subscriber, queues.guest]) {
        await expectEvents(heard, [exactEvent({ ...shape, op: 'start' }), exactEvent({ ...shape, op: 'stop' })], {
          what: 'someone editing a message in a subscribed channel',
          clause: 'typing.edit.notifies',
          ordered: true,
        });
      }
      expectNoEvents(queues.outsider, isTyping, { what: 'someone editing a message in a private channel this user is not in', clause: 'typing.edit.audience' });
    },
  );
}

async function direct(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  const id = await sendDirect(ctx, member, [otherMember.userId, moderator.userId], 'a direct message about to change');
  await withQueues(
    ctx,
    { editor: typingQueue(member, []), other: typingQueue(otherMember, []), silenced: typingQueue(moderator, []), outsider: typingQueue(administrator, []) },
    async (queues) => {
      await withSettingOff(ctx, moderator, 'receives_typing_notifications', async () => {
        expectSuccess(await postEditTyping(ctx, member, id, 'start'), 'typing.edit.notifies');
        await settle(ctx, Object.values(queues));
      });
      const event = exactEvent({
        type: 'typing_edit_message',
        op: 'start',
        sender_id: member.userId,
        message_id: id,
        recipient: { type: 'direct', user_ids: match.sameMembers([member.userId, otherMember.userId]) },
      });
      for (const heard of [queues.editor, queues.other]) {
        await expectEvents(heard, [event], { what: 'someone editing a direct message this user is in', clause: 'typing.edit.event' });
      }
      expectNoEvents(queues.silenced, isTyping, {
        what: 'edit typing to a participant with receives_typing_notifications off',
        clause: 'typing.edit.audience',
      });
      expectNoEvents(queues.outsider, isTyping, { what: 'edit typing in a conversation this user is not in', clause: 'typing.edit.audience' });
    },
  );
}

async function permission(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator, owner } = ctx.cast;
  const channel = await channelWith(ctx, member, 'edit-typing-others', [member, otherMember, administrator]);
  const id = await sendToChannel(ctx, member, channel.id, 'others', 'only its sender may edit this');
  for (const actor of [otherMember, administrator]) {
    expectError(await postEditTyping(ctx, actor, id), 400, 'BAD_REQUEST', NO_PERMISSION, 'typing.edit.permission');
  }
  const hidden = await channelWith(ctx, member, 'edit-typing-hidden', [member], { invite_only: true });
  const secret = await sendToChannel(ctx, member, hidden.id, 'secret', 'unseen by the owner');
  expectError(await postEditTyping(ctx, owner, secret), 400, 'BAD_REQUEST', 'Invalid message(s)', 'typing.edit.permission');
  expectError(await postEditTyping(ctx, member, MISSING_MESSAGE_ID), 400, 'BAD_REQUEST', 'Invalid message(s)', 'typing.edit.permission');
  expectError(await postEditTyping(ctx, member, id, null), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument", 'typing.edit.op');
  expectError(await postEditTyping(ctx, member, id, 'typing'), 400, 'BAD_REQUEST', 'Invalid op', 'typing.edit.op');
  expectSuccess(await postEditTyping(ctx, member, id), editTypingPathClause(ctx));
}

/** A small content-edit limit: the clock moves past it, but by less than the 20 s an edit would get. */
const LIMIT_SECONDS = 60;

async function noGrace(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member, administrator } = ctx.cast;
  const original = await realmSetting(ctx, 'message_content_edit_limit_seconds');
  await restoring(ctx, { message_content_edit_limit_seconds: timeLimitParam(original) }, async () => {
    expectSuccess(await ctx.call(administrator, 'PATCH', '/realm', { message_content_edit_limit_seconds: String(LIMIT_SECONDS) }));
    const channel = await channelWith(ctx, member, 'edit-typing-limit', [member]);
    const id = await sendToChannel(ctx, member, channel.id, 'limit', 'soon too old to edit');
    expectSuccess(await postEditTyping(ctx, member, id), 'typing.edit.no-grace');
    await clock.advance(LIMIT_SECONDS + 10);
    expectError(await postEditTyping(ctx, member, id), 400, 'BAD_REQUEST', 'The time limit for editing this message has passed', 'typing.edit.no-grace');
  });
}

async function senderSetting(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, 'edit-typing-off', [member, otherMember]);
  const inChannel = await sendToChannel(ctx, member, channel.id, 'off', 'typing about this stays quiet');
  const privately = await sendDirect(ctx, member, [otherMember.userId], 'and about this');
  await withQueues(ctx, { other: typingQueue(otherMember, []) }, async (queues) => {
    await withSettingOff(ctx, member, 'send_stream_typing_notifications', async () => {
      expectError(
        await postEditTyping(ctx, member, inChannel),
        400,
        'BAD_REQUEST',
        'User has disabled typing notifications for channel messages',
        'typing.edit.sender-setting',
      );
    });
    await withSettingOff(ctx, member, 'send_private_typing_notifications', async () => {
      expectError(
        await postEditTyping(ctx, member, privately),
        400,
        'BAD_REQUEST',
        'User has disabled typing notifications for direct messages',
        'typing.edit.sender-setting',
      );
    });
    await settle(ctx, Object.values(queues));
    expectNoEvents(queues.other, isTyping, { what: 'edit typing from a sender who turned it off', clause: 'typing.edit.sender-setting' });
  });
}

export const TYPING_EDIT_CHECKS = defineChecks([
  {
    id: 'typing.edit.channel',
    title:
      'When a member starts and stops editing their message in a private channel, then its subscribers hear typing_edit_message without any capability, and an outsider does not',
    clauses: ['typing.edit.notifies', 'typing.edit.op', 'typing.edit.path', 'typing.edit.legacy-path', 'typing.edit.event', 'typing.edit.audience'],
    level: 'spec',
    endpoint: EDIT_TYPING,
    // From 351, at the older path below 361 (postEditTyping).
    since: EDIT_TYPING_LEVEL,
    run: inChannel,
  },
  {
    id: 'typing.edit.direct',
    title:
      'When a member edits a direct message to two users, one not receiving typing notifications, then the editor and the other hear it, listed as its user_ids',
    clauses: ['typing.edit.notifies', 'typing.edit.event', 'typing.edit.audience'],
    level: 'spec',
    endpoint: EDIT_TYPING,
    // From 351, at the older path below 361 (postEditTyping).
    since: EDIT_TYPING_LEVEL,
    run: direct,
  },
  {
    id: 'typing.edit.permission',
    title:
      'When anyone but the sender (an administrator too) or someone who cannot read it types an edit, or op is missing or wrong, then it is refused; the sender is not',
    clauses: ['typing.edit.permission', 'typing.edit.op', 'typing.edit.path', 'typing.edit.legacy-path'],
    level: 'spec',
    endpoint: EDIT_TYPING,
    // From 351, at the older path below 361 (postEditTyping).
    since: EDIT_TYPING_LEVEL,
    run: permission,
  },
  {
    id: 'typing.edit.no-grace',
    title:
      'Given a 60 s content-edit limit, when the sender types an edit 70 s after sending, then it is refused though an edit would still be within its grace',
    clauses: ['typing.edit.no-grace'],
    level: 'compat',
    endpoint: EDIT_TYPING,
    // From 351, at the older path below 361 (postEditTyping).
    since: EDIT_TYPING_LEVEL,
    run: noGrace,
  },
  {
    id: 'typing.edit.sender-setting',
    title:
      'Given the sender’s typing notifications off for channels, then for direct messages, when they type an edit of each, then it is refused and nothing is heard',
    clauses: ['typing.edit.sender-setting'],
    level: 'compat',
    endpoint: EDIT_TYPING,
    // From 351, at the older path below 361 (postEditTyping).
    since: EDIT_TYPING_LEVEL,
    run: senderSetting,
  },
]);
