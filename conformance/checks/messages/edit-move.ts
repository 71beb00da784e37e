/**
 * PATCH /messages/{message_id} with stream_id: moving messages to another
 * channel (who may, content access for the channel's group, posting rights
 * in the target, the time limit) and the notices Notification Bot leaves in
 * the old and the new topic for any move.
 */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { subscribe } from '../channels/support.js';
import { systemGroupIds } from '../groups/support.js';
import { updateChannel } from '../streams/support.js';
import {
  ageTo,
  EDIT,
  edit,
  editsChannel,
  GRACE_SECONDS,
  hasChannelSetting,
  INVALID_MESSAGE,
  NO_MOVE_PERMISSION,
  noticeMessagesIn,
  noticesIn,
  ownerChannel,
  placeOf,
  SHORT_LIMIT,
  sendMany,
  silentMention,
  topicIds,
  topicLink,
  usersGroup,
  withRealmSettings,
} from './edit-support.js';
import { channelWith, readMessage, sendToChannel } from './support.js';

const CHANNEL_TIME_LIMIT = "The time limit for editing this message's channel has passed";
/** Changelog 365: last_moved_timestamp on messages, and last_edit_timestamp for content edits only; before, a move set last_edit_timestamp. */
const LAST_MOVED_TIMESTAMP_SINCE = 365;

async function toChannel(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const from = await ownerChannel(ctx, 'edit-from', [member, otherMember]);
  const to = await ownerChannel(ctx, 'edit-to', [member, otherMember]);
  const topic = ctx.unique('travelling');
  const ids = await sendMany(ctx, otherMember, from.id, topic, 3);
  expectSuccess(await edit(ctx, member, ids[1]!, { stream_id: to.id, propagate_mode: 'change_all' }), 'messages.move.to-channel');
  expectEqual(await topicIds(ctx, otherMember, to.id, topic), ids, 'the topic in the target channel', 'messages.move.to-channel');
  expectEqual(await topicIds(ctx, otherMember, from.id, topic), [], 'the topic in the source channel', 'messages.move.change-all');
  for (const id of ids) {
    const message = await readMessage(ctx, otherMember, id);
    expectEqual([message['stream_id'], message['subject']], [to.id, topic], `channel and topic of moved message ${id}`, 'messages.move.to-channel');
    const stamps = JSON.stringify([message['last_moved_timestamp'], message['last_edit_timestamp']]);
    if (ctx.featureLevel >= LAST_MOVED_TIMESTAMP_SINCE) {
      expectTrue(
        Number.isInteger(message['last_moved_timestamp']) && !('last_edit_timestamp' in message),
        `last_moved_timestamp and no last_edit_timestamp on moved message ${id}, got ${stamps}`,
        'messages.move.last-moved-timestamp',
      );
    } else {
      expectTrue(
        Number.isInteger(message['last_edit_timestamp']) && !('last_moved_timestamp' in message),
        `last_edit_timestamp and no last_moved_timestamp (new at ${LAST_MOVED_TIMESTAMP_SINCE}) on moved message ${id}, got ${stamps}`,
        'messages.move.last-moved-timestamp',
      );
    }
  }
}

async function channelsGroup(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator, administrator } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const from = await ownerChannel(ctx, 'edit-out-of', [member, otherMember, moderator, administrator]);
  const to = await ownerChannel(ctx, 'edit-into', [member, otherMember, moderator, administrator]);
  await withRealmSettings(ctx, { can_move_messages_between_channels_group: groups['role:moderators'] }, async () => {
    const id = await sendToChannel(ctx, member, from.id, ctx.unique('held'), 'only moderators may move this');
    const before = await placeOf(ctx, member, id);
    const refused = await edit(ctx, member, id, { stream_id: to.id });
    expectError(refused, 400, 'BAD_REQUEST', undefined, 'messages.edit.no-permission');
    expectError(refused, 400, 'BAD_REQUEST', NO_MOVE_PERMISSION, 'messages.move.channel-permission');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.move.channels-group');
    // The channel's own group is nobody: the organization's group alone lets the moderator move it.
    expectSuccess(await edit(ctx, moderator, id, { stream_id: to.id }), 'streams.channel.realm-move-group');
    expectEqual((await placeOf(ctx, member, id)).stream_id, to.id, 'the channel after a moderator moved the message', 'messages.move.channels-group');
  });
  await withRealmSettings(ctx, { can_move_messages_between_channels_group: groups['role:nobody'] }, async () => {
    const topic = ctx.unique('delegated');
    const byAdministrator = await sendToChannel(ctx, member, from.id, topic, 'an administrator moves this');
    const byGroup = await sendToChannel(ctx, member, from.id, topic, 'the channel’s group moves this');
    expectError(await edit(ctx, otherMember, byGroup, { stream_id: to.id }), 400, 'BAD_REQUEST', NO_MOVE_PERMISSION, 'messages.move.channels-group');
    // Channel administrators and can_move_messages_out_of_channel_group came with the channel move settings (feature level 396);
    // before, the organization's setting alone decided, for administrators too.
    if (!hasChannelSetting(ctx, 'can_move_messages_out_of_channel_group')) return;
    expectSuccess(await edit(ctx, administrator, byAdministrator, { stream_id: to.id }), 'messages.move.channel-permission');
    expectSuccess(await updateChannel(ctx, ctx.cast.owner, from.id, { can_move_messages_out_of_channel_group: { new: usersGroup(otherMember) } }));
    expectSuccess(await edit(ctx, otherMember, byGroup, { stream_id: to.id }), 'messages.move.channel-permission');
    expectEqual(
      await topicIds(ctx, member, to.id, topic),
      [byAdministrator, byGroup],
      'the messages moved by an administrator and by the channel’s group',
      'messages.move.channel-permission',
    );
  });
}

async function contentAccess(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const hidden = await channelWith(ctx, ctx.cast.owner, 'edit-move-private', [ctx.cast.owner, member], {
    invite_only: true,
    history_public_to_subscribers: true,
  });
  const to = await ownerChannel(ctx, 'edit-move-public', [member, otherMember]);
  expectSuccess(await updateChannel(ctx, ctx.cast.owner, hidden.id, { can_move_messages_out_of_channel_group: { new: usersGroup(otherMember) } }));
  await withRealmSettings(ctx, { can_move_messages_between_channels_group: groups['role:nobody'] }, async () => {
    const id = await sendToChannel(ctx, member, hidden.id, 'inside', 'the other member may move this once subscribed');
    const before = await placeOf(ctx, member, id);
    expectError(await edit(ctx, otherMember, id, { stream_id: to.id }), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'streams.channel.move-content-access');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'streams.channel.move-content-access');
    expectSuccess(await subscribe(ctx, ctx.cast.owner, [hidden.name], { principals: [otherMember.userId] }));
    expectSuccess(await edit(ctx, otherMember, id, { stream_id: to.id }), 'streams.channel.move-content-access');
    expectEqual(
      (await placeOf(ctx, member, id)).stream_id,
      to.id,
      'the channel after the subscribed group member moved it',
      'streams.channel.move-content-access',
    );
  });
}

async function channelTimeLimit(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member, moderator } = ctx.cast;
  const from = await ownerChannel(ctx, 'edit-late-from', [member, moderator]);
  const to = await ownerChannel(ctx, 'edit-late-to', [member, moderator]);
  await withRealmSettings(ctx, { move_messages_between_streams_limit_seconds: SHORT_LIMIT }, async () => {
    const id = await sendToChannel(ctx, member, from.id, ctx.unique('late-move'), 'moved while it may be');
    await ageTo(ctx, clock, member, id, SHORT_LIMIT + GRACE_SECONDS - 1);
    expectSuccess(await edit(ctx, member, id, { stream_id: to.id }), 'messages.move.channel-time-limit');
    await ageTo(ctx, clock, member, id, SHORT_LIMIT + GRACE_SECONDS + 1);
    const before = await placeOf(ctx, member, id);
    const refused = await edit(ctx, member, id, { stream_id: from.id });
    expectClientError(refused, 'messages.move.channel-time-limit');
    expectError(refused, 400, 'BAD_REQUEST', CHANNEL_TIME_LIMIT, 'messages.move.time-limit-messages');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.move.channel-time-limit');
    expectSuccess(await edit(ctx, moderator, id, { stream_id: from.id }), 'messages.move.time-limit-code');
  });
}

async function postPermission(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const groups = await systemGroupIds(ctx);
  const from = await ownerChannel(ctx, 'edit-post-from', [member]);
  // Below can_send_message_group (feature level 333) the same rule was stream_post_policy 2, administrators only,
  // whose refusal had other words ("Only organization administrators can send to this stream."): only the refusal is checked there.
  const groupSetting = hasChannelSetting(ctx, 'can_send_message_group');
  const adminsOnly = groupSetting ? { can_send_message_group: groups['role:administrators'] } : { stream_post_policy: 2 };
  const to = await ownerChannel(ctx, 'edit-post-to', [member], adminsOnly);
  const id = await sendToChannel(ctx, member, from.id, ctx.unique('no-entry'), 'cannot go where the member may not post');
  const before = await placeOf(ctx, member, id);
  expectError(
    await edit(ctx, member, id, { stream_id: to.id }),
    400,
    'BAD_REQUEST',
    groupSetting ? 'You do not have permission to post in this channel.' : undefined,
    'messages.move.post-permission',
  );
  expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.move.post-permission');
}

async function notices(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await editsChannel(ctx);
  const by = silentMention(member);
  const link = (topic: string) => topicLink(channel, topic);
  const moveTopic = async (count: number, index: number, params: Readonly<Record<string, unknown>>) => {
    const topic = ctx.unique('notices');
    const target = `${topic} moved`;
    const ids = await sendMany(ctx, otherMember, channel.id, topic, count);
    expectSuccess(await edit(ctx, member, ids[index]!, { topic: target, ...params }));
    return { old: await noticesIn(ctx, member, channel.id, topic), fresh: await noticesIn(ctx, member, channel.id, target), topic, target };
  };

  const whole = await moveTopic(2, 0, { propagate_mode: 'change_all' });
  expectEqual(whole.old, [], 'notices left in the old topic by default', 'messages.move.notify-old-thread');
  expectEqual(
    whole.fresh,
    [`This topic was moved here from ${link(whole.topic)} by ${by}.`],
    'the notice in the new topic by default',
    'messages.move.notify-new-thread',
  );

  const both = { send_notification_to_old_thread: true, send_notification_to_new_thread: true };
  const wholeBoth = await moveTopic(2, 1, { propagate_mode: 'change_all', ...both });
  expectEqual(
    wholeBoth.old,
    [`This topic was moved to ${link(wholeBoth.target)} by ${by}.`],
    'the notice in the old topic of a whole move',
    'messages.move.notices',
  );
  expectEqual(
    wholeBoth.fresh,
    [`This topic was moved here from ${link(wholeBoth.topic)} by ${by}.`],
    'the notice in the new topic of a whole move',
    'messages.move.notices',
  );

  const one = await moveTopic(2, 0, { propagate_mode: 'change_one', ...both });
  expectEqual(
    one.old,
    [`A message was moved from this topic to ${link(one.target)} by ${by}.`],
    'the notice in the old topic of one message moved',
    'messages.move.notify-old-thread',
  );
  const moved = new RegExp(`^\\[A message\\]\\(\\S+\\) was moved here from ${escapeRegExp(link(one.topic))} by ${escapeRegExp(by)}\\.$`);
  expectTrue(
    one.fresh.length === 1 && moved.test(one.fresh[0]!),
    `one notice "[A message](<link>) was moved here from ${link(one.topic)} by ${by}." in the new topic, got ${JSON.stringify(one.fresh)}`,
    'messages.move.notices',
  );

  const later = await moveTopic(3, 1, { propagate_mode: 'change_later', ...both });
  expectEqual(
    later.old,
    [`2 messages were moved from this topic to ${link(later.target)} by ${by}.`],
    'the notice in the old topic of two messages moved',
    'messages.move.notices',
  );
  expectEqual(
    later.fresh,
    [`2 messages were moved here from ${link(later.topic)} by ${by}.`],
    'the notice in the new topic of two messages moved',
    'messages.move.notices',
  );

  const quiet = await moveTopic(2, 0, { propagate_mode: 'change_all', send_notification_to_new_thread: false });
  expectEqual([quiet.old, quiet.fresh], [[], []], 'notices with send_notification_to_new_thread=false', 'messages.move.notify-new-thread');

  const [notice] = await noticeMessagesIn(ctx, member, channel.id, whole.target);
  const flags = notice?.['flags'] as string[] | undefined;
  expectTrue(flags?.includes('read') === true, `the mover's copy of the notice read, got flags ${JSON.stringify(flags)}`, 'messages.move.notices');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const EDIT_MOVE_CHECKS = defineChecks([
  {
    id: 'messages.move.to-channel',
    title:
      'When a member moves a topic to another channel with change_all, then every message reads back there with last_moved_timestamp and none is left behind',
    clauses: ['messages.move.to-channel', 'messages.move.change-all', 'messages.move.last-moved-timestamp'],
    level: 'spec',
    endpoint: EDIT,
    run: toChannel,
  },
  {
    id: 'messages.move.channels-group',
    title:
      'Given can_move_messages_between_channels_group moderators, a member’s move is BAD_REQUEST and a moderator’s works; with nobody, an administrator and the channel’s can_move_messages_out_of_channel_group still may',
    clauses: ['messages.move.channels-group', 'messages.edit.no-permission', 'messages.move.channel-permission', 'streams.channel.realm-move-group'],
    level: 'spec',
    endpoint: EDIT,
    run: channelsGroup,
  },
  {
    id: 'messages.move.content-access',
    title:
      'Given a private channel whose can_move_messages_out_of_channel_group is the other member, they cannot move its message until subscribed, and then can',
    clauses: ['streams.channel.move-content-access'],
    level: 'spec',
    endpoint: EDIT,
    // can_move_messages_out_of_channel_group is new at feature level 396.
    since: paramSince('update-stream', 'can_move_messages_out_of_channel_group'),
    run: contentAccess,
  },
  {
    id: 'messages.move.channel-time-limit',
    title: 'Given a 60 s channel-move limit, a member moves a message 79 s after sending, is refused at 81 s, and a moderator still may',
    clauses: ['messages.move.channel-time-limit', 'messages.move.time-limit-messages', 'messages.move.time-limit-code'],
    level: 'spec',
    endpoint: EDIT,
    run: channelTimeLimit,
  },
  {
    id: 'messages.move.post-permission',
    title: 'When a member moves a message into a channel only administrators may post in, then it is refused and the message stays',
    clauses: ['messages.move.post-permission'],
    level: 'compat',
    endpoint: EDIT,
    run: postPermission,
  },
  {
    id: 'messages.move.notices',
    title:
      'When topics are moved (whole, one message, two of three; notices on or off), then Notification Bot’s notices in the old and new topic are exactly the real server’s texts',
    clauses: ['messages.move.notify-old-thread', 'messages.move.notify-new-thread', 'messages.move.notices'],
    level: 'spec',
    endpoint: EDIT,
    run: notices,
  },
]);
