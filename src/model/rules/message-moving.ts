/**
 * Who may move messages, rename and resolve topics (reference
 * server-messages-channels §4.2 steps 6, 8, 9 and §4.4): the organization's
 * groups, the channels' own groups and their administrators, and the time
 * limits that bind everyone below moderator.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, Message, State, User } from '../state.js';
import { idTreeGet, walkUp } from '../tables/id-tree.js';
import { selectTopicMessageIds } from '../tables/messages.js';
import { getRow } from '../tables/table.js';
import { isChannelAdministrator } from './channel-administration.js';
import { CONTENT_ACCESS_GROUP_SETTINGS, isInChannelGroup, isSubscribed } from './channels.js';
import { EDIT_LIMIT_GRACE_SECONDS } from './message-editing.js';
import { canReadChannelHistory } from './messages.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isBot, isGuest, isModeratorOrAbove } from './roles.js';

/**
 * The rules below also answer without a time (the conformance suite asks
 * them so): then every member counts as a full member, as they do once the
 * organization's waiting period has passed.
 */
const LONG_AFTER_ANY_ACCOUNT = Number.MAX_SAFE_INTEGER;

/** Renaming topics in the channel: the organization's can_move_messages_between_topics_group, or the channel's administrators (organization administrators among them) and can_move_messages_within_channel_group. */
export function canMoveMessagesWithinChannel(state: State, user: User, channel: Channel, now: number = LONG_AFTER_ANY_ACCOUNT): boolean {
  if (hasRealmPermission(state, user, 'can_move_messages_between_topics_group', now)) return true;
  return isChannelAdministrator(state, user, channel, now) || isInChannelGroup(state, user, channel, 'can_move_messages_within_channel_group', now);
}

/** Moving messages out of the channel: the organization's can_move_messages_between_channels_group, or the channel's administrators and can_move_messages_out_of_channel_group. */
export function canMoveMessagesOutOfChannel(state: State, user: User, channel: Channel, now: number = LONG_AFTER_ANY_ACCOUNT): boolean {
  if (hasRealmPermission(state, user, 'can_move_messages_between_channels_group', now)) return true;
  return isChannelAdministrator(state, user, channel, now) || isInChannelGroup(state, user, channel, 'can_move_messages_out_of_channel_group', now);
}

/** Resolving and unresolving topics in the channel: the organization's or the channel's can_resolve_topics_group (administrators get no bypass). */
export function canResolveTopicsIn(state: State, user: User, channel: Channel, now: number = LONG_AFTER_ANY_ACCOUNT): boolean {
  return hasRealmPermission(state, user, 'can_resolve_topics_group', now) || isInChannelGroup(state, user, channel, 'can_resolve_topics_group', now);
}

/** A topic rename (not a resolve) needs the permission in the source or the target channel. */
export function canEditTopic(state: State, user: User, from: Channel, to: Channel, now: number): boolean {
  return canMoveMessagesWithinChannel(state, user, from, now) || (from.id !== to.id && canMoveMessagesWithinChannel(state, user, to, now));
}

/** A resolve or unresolve needs the permission in the source or the target channel. */
export function canResolveTopics(state: State, user: User, from: Channel, to: Channel, now: number): boolean {
  return canResolveTopicsIn(state, user, from, now) || (from.id !== to.id && canResolveTopicsIn(state, user, to, now));
}

/** Moderators and above move messages of any age. */
export function isExemptFromMoveTimeLimits(user: User): boolean {
  return isModeratorOrAbove(user);
}

function isPastLimit(message: Message, limit: number | null, now: number): boolean {
  return limit !== null && now - message.dateSent > limit + EDIT_LIMIT_GRACE_SECONDS;
}

/** move_messages_within_stream_limit_seconds, for a topic rename by someone below moderator. */
export function checkTopicMoveTimeLimit(state: State, user: User, message: Message, now: number): Checked<true> {
  if (isExemptFromMoveTimeLimits(user) || !isPastLimit(message, state.realm.settings.moveMessagesWithinStreamLimitSeconds, now)) return accept(true);
  return reject(Errors.topicEditTimeLimitPassed());
}

/** move_messages_between_streams_limit_seconds, for a channel move by someone below moderator. */
export function checkChannelMoveTimeLimit(state: State, user: User, message: Message, now: number): Checked<true> {
  if (isExemptFromMoveTimeLimits(user) || !isPastLimit(message, state.realm.settings.moveMessagesBetweenStreamsLimitSeconds, now)) return accept(true);
  return reject(Errors.channelEditTimeLimitPassed());
}

/**
 * The deadline a change_all move is held to: the topic limit when the topic
 * changes, the channel limit when the channel does, the stricter of both
 * when both do (grace included), or none.
 */
function changeAllDeadlineSeconds(state: State, topicChanged: boolean, channelChanged: boolean): number | null {
  const { moveMessagesWithinStreamLimitSeconds: topicLimit, moveMessagesBetweenStreamsLimitSeconds: channelLimit } = state.realm.settings;
  const deadlines: number[] = [];
  if (topicChanged && topicLimit !== null) deadlines.push(topicLimit + EDIT_LIMIT_GRACE_SECONDS);
  if (channelChanged && channelLimit !== null) deadlines.push(channelLimit + EDIT_LIMIT_GRACE_SECONDS);
  return deadlines.length === 0 ? null : Math.min(...deadlines);
}

/**
 * A change_all move by someone below moderator: every message of the topic
 * (only those the user holds a row for when they cannot read the channel's
 * whole history) must be younger than the deadline. Cost: the topic's size.
 */
export function checkChangeAllTimeLimit(
  state: State,
  user: User,
  message: Message,
  channel: Channel,
  change: { readonly topicChanged: boolean; readonly channelChanged: boolean },
  now: number,
): Checked<true> {
  if (isExemptFromMoveTimeLimits(user)) return accept(true);
  const deadline = changeAllDeadlineSeconds(state, change.topicChanged, change.channelChanged);
  if (deadline === null) return accept(true);
  const ids = selectTopicMessageIds(state, channel.id, message.topic);
  if (ids === undefined) return accept(true);
  const wholeHistory = canReadChannelHistory(state, user, channel, now);
  const rows = getRow(state.userMessages, user.id);
  const allowed: number[] = [];
  let total = 0;
  walkUp(ids, 0, (id) => {
    if (!wholeHistory && (rows === undefined || idTreeGet(rows, id) === undefined)) return true;
    total++;
    const candidate = getRow(state.messages, id);
    if (candidate !== undefined && now - candidate.dateSent < deadline) allowed.push(id);
    return true;
  });
  if (allowed.length === total) return accept(true);
  return reject(Errors.moveMessagesTimeLimitExceeded(allowed[0] ?? null, total, allowed.length));
}

/**
 * Which of a channel's messages the user may read (the real server's
 * bulk_access_stream_messages_query): all of a public channel for a
 * non-guest; with content access, all of a shared-history channel or the
 * user's own rows of a protected-history one; otherwise none.
 */
export function selectChannelMessageAccess(state: State, user: User, channel: Channel, now: number): 'all' | 'rows' | 'none' {
  if (!channel.inviteOnly && !isGuest(user)) return 'all';
  const contentAccess =
    isSubscribed(state, user.id, channel.id) ||
    (!isGuest(user) && CONTENT_ACCESS_GROUP_SETTINGS.some((setting) => isInChannelGroup(state, user, channel, setting, now)));
  if (!contentAccess) return 'none';
  return channel.historyPublicToSubscribers ? 'all' : 'rows';
}

/** can_send_message_group of the target channel, a bot falling back on its owner: moving messages in is posting. */
export function canPostInChannel(state: State, user: User, channel: Channel, now: number): boolean {
  if (isInChannelGroup(state, user, channel, 'can_send_message_group', now)) return true;
  const owner = isBot(user) && user.botOwnerId !== null ? getRow(state.users, user.botOwnerId) : undefined;
  return owner !== undefined && isInChannelGroup(state, owner, channel, 'can_send_message_group', now);
}
