/**
 * A user's per-topic visibility policies (the real server's UserTopic,
 * zerver/lib/user_topics.py): muted, unmuted or followed; "inherit" is the
 * absence of a row. Topics compare case-insensitively.
 */
import { type ApiError, Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, User, UserTopic, VisibilityPolicy } from '../state.js';
import { topicKey } from '../tables/messages.js';
import { entries, getRow, rows } from '../tables/table.js';
import { accessChannelContentById } from './channel-content.js';
import { selectChannel, selectChannelByName } from './channels.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';

/** 0 inherit (no row), 1 muted, 2 unmuted, 3 followed. */
export const VISIBILITY_POLICY_VALUES = [0, 1, 2, 3] as const;
export type VisibilityPolicyValue = (typeof VISIBILITY_POLICY_VALUES)[number];

export const MUTED: VisibilityPolicy = 1;

export function selectUserTopic(state: State, userId: number, channelId: number, topic: string): UserTopic | undefined {
  const channels = getRow(state.userTopicsByUser, userId);
  const topics = channels === undefined ? undefined : getRow(channels, channelId);
  return topics === undefined ? undefined : getRow(topics, topicKey(topic));
}

/** The policy the user set for a topic, 0 when none. */
export function selectVisibilityPolicy(state: State, userId: number, channelId: number, topic: string): VisibilityPolicyValue {
  return selectUserTopic(state, userId, channelId, topic)?.visibilityPolicy ?? 0;
}

/**
 * The user's rows outside archived channels (register's user_topics), by
 * channel id, then topic in code-point order of its lower-cased name.
 * Cost: the user's own rows.
 */
export function selectUserTopics(state: State, userId: number, visibilityPolicy?: VisibilityPolicy): UserTopic[] {
  const channels = getRow(state.userTopicsByUser, userId);
  if (channels === undefined) return [];
  const result: UserTopic[] = [];
  for (const [channelId, topics] of entries(channels)) {
    if (selectChannel(state, channelId)?.isArchived !== false) continue;
    const own = [...entries(topics)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, row]) => row);
    for (const row of own) if (visibilityPolicy === undefined || row.visibilityPolicy === visibilityPolicy) result.push(row);
  }
  return result;
}

/** "general chat" names the empty topic in requests. */
export function topicFromRequest(topic: string): string {
  return topic === EMPTY_TOPIC_DISPLAY_NAME ? '' : topic;
}

/**
 * The channel a policy is set in. Setting one needs the access
 * access_stream_by_id (or, legacy, access_stream_by_name) checks; removing
 * one needs only a channel of the realm, archived or not, since the user may
 * have lost access after setting it (`missing` is that case's error).
 */
export function accessChannelForUserTopic(
  state: State,
  user: User,
  channel: { readonly id: number } | { readonly name: string },
  removing: { readonly missing: ApiError } | null,
  now: number,
): Checked<Channel> {
  if ('id' in channel) {
    if (removing === null) return accessChannelContentById(state, user, channel.id, now);
    const found = selectChannel(state, channel.id);
    return found === undefined ? reject(removing.missing) : accept(found);
  }
  const found = selectChannelByName(state, channel.name);
  if (removing !== null) return found === undefined ? reject(removing.missing) : accept(found);
  if (found === undefined) return reject(Errors.invalidChannelName(channel.name));
  const access = accessChannelContentById(state, user, found.id, now);
  return access.ok ? access : reject(Errors.invalidChannelName(channel.name));
}

/** Users whose rows name the topic (any case), for delete_topic; cost: the users with a row in the channel. */
export function selectUsersWithUserTopic(state: State, channelId: number, topic: string): number[] {
  const holders = getRow(state.userTopicUserIdsByChannel, channelId);
  if (holders === undefined) return [];
  return [...rows(holders)].filter((userId) => selectUserTopic(state, userId, channelId, topic) !== undefined);
}
