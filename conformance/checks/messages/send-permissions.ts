/** POST /messages: who may post where (private and archived channels, guests, can_send_message_group) and group mentions. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { createGroup, systemGroupIds } from '../groups/support.js';
import { updateChannel } from '../streams/support.js';
import { channelWith, type MadeChannel, messagesChannel, newestInChannel, SEND, send, sendToChannel } from './support.js';

/** `sender` posting to the channel is refused with `msg`, and the channel’s newest messages (as `reader` sees them) stay as they were. */
async function refused(ctx: CheckContext, sender: Actor, reader: Actor, channel: MadeChannel, msg: string, clause: string): Promise<void> {
  const before = await newestInChannel(ctx, reader, channel.id);
  expectError(
    await send(ctx, sender, { type: 'stream', to: String(channel.id), topic: 'refused', content: `from ${sender.fullName}` }),
    400,
    'BAD_REQUEST',
    msg,
    clause,
  );
  expectUnchanged(before, await newestInChannel(ctx, reader, channel.id), `the newest messages of channel ${channel.name}`, clause);
}

async function privateChannel(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const channel = await channelWith(ctx, member, 'private-post', [member], { invite_only: true });
  const notAuthorized = `Not authorized to send to channel '${channel.name}'`;
  await refused(ctx, otherMember, member, channel, notAuthorized, 'messages.send.private-channel');
  // Administrators have no content access to private channels they are not in.
  await refused(ctx, administrator, member, channel, notAuthorized, 'messages.send.private-channel');
  await sendToChannel(ctx, member, channel.id, 'allowed', 'from a subscriber');
}

async function guest(ctx: CheckContext): Promise<void> {
  const { member, guest } = ctx.cast;
  const outside = await channelWith(ctx, member, 'guest-outside', [member]);
  await refused(ctx, guest, member, outside, `Not authorized to send to channel '${outside.name}'`, 'messages.send.guest');
  const inside = await messagesChannel(ctx);
  await sendToChannel(ctx, guest, inside.id, ctx.unique('guest'), 'a guest in a channel they are subscribed to');
}

async function archived(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await channelWith(ctx, member, 'archived-post', [member]);
  await sendToChannel(ctx, member, channel.id, 'before', 'posted before archiving');
  expectSuccess(await ctx.call(member, 'DELETE', `/streams/${channel.id}`));
  await refused(ctx, member, member, channel, `Not authorized to send to channel '${channel.name}'`, 'messages.send.archived');
}

async function sendGroup(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const channel = await channelWith(ctx, member, 'admins-post', [member, otherMember, administrator]);
  expectSuccess(await updateChannel(ctx, member, channel.id, { can_send_message_group: { new: groups['role:administrators'] } }));
  const message = 'You do not have permission to post in this channel.';
  await refused(ctx, otherMember, member, channel, message, 'messages.send.can-send-message-group');
  await refused(ctx, member, member, channel, message, 'messages.send.can-send-message-group');
  await sendToChannel(ctx, administrator, channel.id, 'allowed', 'from an administrator');
}

async function groupMention(ctx: CheckContext): Promise<void> {
  const { member, moderator } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const groupName = ctx.unique('unmentionable');
  await createGroup(ctx, { name: groupName, members: [moderator.userId], can_mention_group: groups['role:nobody'] }, member);
  const channel = await messagesChannel(ctx);
  const before = await newestInChannel(ctx, member, channel.id);
  expectError(
    await send(ctx, member, { type: 'stream', to: String(channel.id), topic: ctx.unique('group-mention'), content: `hello @*${groupName}*` }),
    400,
    'BAD_REQUEST',
    `You are not allowed to mention user group '${groupName}'.`,
    'messages.send.group-mention',
  );
  expectUnchanged(before, await newestInChannel(ctx, member, channel.id), 'the channel’s newest messages', 'messages.send.group-mention');
}

export const SEND_PERMISSION_CHECKS = defineChecks([
  {
    id: 'messages.send.private-channel',
    title:
      'Given a private channel of a member, when another member or an administrator (neither subscribed) posts, then each is refused and nothing is posted',
    clauses: ['messages.send.private-channel'],
    level: 'compat',
    endpoint: SEND,
    run: privateChannel,
  },
  {
    id: 'messages.send.guest',
    title: 'Given a public channel the guest is not in, when the guest posts there it is refused (nothing posted); in a channel they are in it succeeds',
    clauses: ['messages.send.guest'],
    level: 'compat',
    endpoint: SEND,
    run: guest,
  },
  {
    id: 'messages.send.archived',
    title: 'Given an archived channel, when its creator posts to it, then it is refused and nothing is posted',
    clauses: ['messages.send.archived'],
    level: 'compat',
    endpoint: SEND,
    run: archived,
  },
  {
    id: 'messages.send.can-send-message-group',
    title: 'Given can_send_message_group role:administrators, when members post (the creator too) they are refused, an administrator succeeds',
    clauses: ['messages.send.can-send-message-group'],
    level: 'compat',
    endpoint: SEND,
    run: sendGroup,
  },
  {
    id: 'messages.send.group-mention',
    title: 'Given a group with can_mention_group role:nobody, when a member mentions it, then the send is refused and nothing is posted',
    clauses: ['messages.send.group-mention'],
    level: 'compat',
    endpoint: SEND,
    run: groupMention,
  },
]);
