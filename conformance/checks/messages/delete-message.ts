/** DELETE /messages/{message_id}: own messages, others’ messages, administrators, and channel delete groups needing content access. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { subscribe } from '../channels/support.js';
import { updateChannel } from '../streams/support.js';
import { channelWith, DELETE, getMessage, MISSING_MESSAGE_ID, messagesChannel, newestInChannel, sendToChannel } from './support.js';

const NO_PERMISSION = "You don't have permission to delete this message";
const INVALID = 'Invalid message(s)';

function remove(ctx: CheckContext, actor: Actor, id: number) {
  return ctx.call(actor, 'DELETE', `/messages/${id}`);
}

/** The message is gone for `readers`: by id and from the channel’s newest messages. */
async function expectGone(ctx: CheckContext, id: number, channelId: number, readers: readonly Actor[], clause: string): Promise<void> {
  for (const reader of readers) {
    expectError(await getMessage(ctx, reader, id), 400, 'BAD_REQUEST', INVALID, clause);
    expectEqual((await newestInChannel(ctx, reader, channelId)).includes(id), false, `deleted message ${id} listed for ${reader.fullName}`, clause);
  }
}

/** The message is still there for `reader`. */
async function expectKept(ctx: CheckContext, id: number, reader: Actor, clause: string): Promise<void> {
  expectSuccess(await getMessage(ctx, reader, id), clause);
}

async function own(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('delete-own'), 'soon gone');
  expectSuccess(await remove(ctx, member, id), 'messages.delete.own');
  await expectGone(ctx, id, channel.id, [member, otherMember], 'messages.delete.own');
  expectError(await remove(ctx, member, id), 400, 'BAD_REQUEST', INVALID, 'messages.delete.missing');
  expectError(await remove(ctx, member, MISSING_MESSAGE_ID), 400, 'BAD_REQUEST', INVALID, 'messages.delete.missing');
}

async function others(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('delete-other'), 'not yours to delete');
  for (const actor of [otherMember, moderator]) {
    expectError(await remove(ctx, actor, id), 400, 'BAD_REQUEST', NO_PERMISSION, 'messages.delete.others');
    await expectKept(ctx, id, member, 'messages.delete.others');
  }
  const hidden = await channelWith(ctx, member, 'delete-hidden', [member], { invite_only: true });
  const secret = await sendToChannel(ctx, member, hidden.id, 'secret', 'unseen by the other member');
  expectError(await remove(ctx, otherMember, secret), 400, 'BAD_REQUEST', INVALID, 'messages.delete.missing');
  await expectKept(ctx, secret, member, 'messages.delete.missing');
}

async function administrators(ctx: CheckContext): Promise<void> {
  const { member, administrator, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('delete-admin'), 'an administrator removes this');
  expectSuccess(await remove(ctx, administrator, id), 'messages.delete.administrators');
  await expectGone(ctx, id, channel.id, [member, otherMember], 'messages.delete.administrators');
}

/**
 * A channel whose can_delete_any_message_group holds only the other member:
 * without content access (private, not subscribed) the setting does not
 * help; once subscribed it does.
 */
async function channelGroupNeedsAccess(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'delete-group', [member], { invite_only: true, history_public_to_subscribers: true });
  expectSuccess(
    await updateChannel(ctx, administrator, channel.id, {
      can_delete_any_message_group: { new: { direct_members: [otherMember.userId], direct_subgroups: [] } },
    }),
  );
  const id = await sendToChannel(ctx, member, channel.id, 'moderated', 'the other member may delete this once in the channel');
  expectError(await remove(ctx, otherMember, id), 400, 'BAD_REQUEST', INVALID, 'streams.channel.delete-content-access');
  await expectKept(ctx, id, member, 'streams.channel.delete-content-access');
  expectSuccess(await subscribe(ctx, member, [channel.name], { principals: [otherMember.userId] }));
  expectSuccess(await remove(ctx, otherMember, id), 'streams.channel.delete-content-access');
  await expectGone(ctx, id, channel.id, [member], 'streams.channel.delete-content-access');
}

export const DELETE_MESSAGE_CHECKS = defineChecks([
  {
    id: 'messages.delete.own',
    title: 'When a member deletes their own new message, then it is gone for everyone; deleting it again, or a missing id, is "Invalid message(s)"',
    clauses: ['messages.delete.own', 'messages.delete.missing'],
    level: 'compat',
    endpoint: DELETE,
    run: own,
  },
  {
    id: 'messages.delete.others',
    title: 'When another member or a moderator deletes a member’s message it is refused and kept; an unreadable one is "Invalid message(s)"',
    clauses: ['messages.delete.others', 'messages.delete.missing'],
    level: 'compat',
    endpoint: DELETE,
    run: others,
  },
  {
    id: 'messages.delete.administrators',
    title: 'When an administrator deletes a member’s message in a channel whose own delete groups are nobody, then it is gone',
    clauses: ['messages.delete.administrators', 'streams.channel.realm-delete-groups'],
    level: 'spec',
    endpoint: DELETE,
    run: administrators,
  },
  {
    id: 'messages.delete.channel-group-content-access',
    title: 'Given a private channel whose can_delete_any_message_group is the other member, then they cannot delete its message until subscribed, and then can',
    clauses: ['streams.channel.delete-content-access'],
    level: 'spec',
    endpoint: DELETE,
    // The channel's can_delete_any_message_group is new at feature level 407.
    since: paramSince('update-stream', 'can_delete_any_message_group'),
    run: channelGroupNeedsAccess,
  },
]);
