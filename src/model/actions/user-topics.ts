/**
 * Setting users' visibility policy for a topic (the real server's
 * bulk_do_set_user_topic_visibility_policy): a row is created, changed or
 * (policy 0) deleted; a user whose row does not change hears nothing. A
 * user whose row changed gets the legacy `muted_topics` event (the full list
 * of muted topics) and then a `user_topic` event naming the topic as asked.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { MUTED, selectUserTopic, selectUserTopics, type VisibilityPolicyValue } from '../rules/user-topics.js';
import type { Channel, State, UserTopic, WritableState } from '../state.js';
import { topicKey } from '../tables/messages.js';
import { emptyTable, getRow, type Table, withoutRow, withRow } from '../tables/table.js';

/** Register's and the event's muted_topics: [channel name, topic, last_updated] of each muted topic. */
export function presentMutedTopics(state: State, userId: number): [string, string, number][] {
  return selectUserTopics(state, userId, MUTED).map((row) => [getRow(state.channels, row.channelId)?.name ?? '', row.topicName, row.lastUpdated]);
}

function putUserTopicMutably(state: WritableState, userId: number, channelId: number, key: string, row: UserTopic | undefined): void {
  const channels: Table<number, Table<string, UserTopic>> = getRow(state.userTopicsByUser, userId) ?? emptyTable();
  const topics: Table<string, UserTopic> = getRow(channels, channelId) ?? emptyTable();
  const nextTopics = row === undefined ? withoutRow(topics, key) : withRow(topics, key, Object.freeze(row));
  const nextChannels = nextTopics.size === 0 ? withoutRow(channels, channelId) : withRow(channels, channelId, nextTopics);
  state.userTopicsByUser = nextChannels.size === 0 ? withoutRow(state.userTopicsByUser, userId) : withRow(state.userTopicsByUser, userId, nextChannels);
  const holders: Table<number, number> = getRow(state.userTopicUserIdsByChannel, channelId) ?? emptyTable();
  const nextHolders = nextTopics.size === 0 ? withoutRow(holders, userId) : withRow(holders, userId, userId);
  if (nextHolders !== holders) {
    state.userTopicUserIdsByChannel =
      nextHolders.size === 0 ? withoutRow(state.userTopicUserIdsByChannel, channelId) : withRow(state.userTopicUserIdsByChannel, channelId, nextHolders);
  }
}

export function setUserTopicVisibility(tx: Tx, userIds: readonly number[], channel: Channel, topic: string, policy: VisibilityPolicyValue): void {
  const state = tx.draft as WritableState;
  const key = topicKey(topic);
  for (const userId of userIds) {
    const existing = selectUserTopic(state as State, userId, channel.id, topic);
    if (policy === 0) {
      if (existing === undefined) continue;
      putUserTopicMutably(state, userId, channel.id, key, undefined);
    } else {
      if (existing?.visibilityPolicy === policy) continue;
      const row: UserTopic = { channelId: channel.id, topicName: existing?.topicName ?? topic, visibilityPolicy: policy, lastUpdated: tx.now };
      putUserTopicMutably(state, userId, channel.id, key, row);
    }
    const to = Audiences.users([userId]);
    tx.emit({ type: 'muted_topics', muted_topics: presentMutedTopics(state as State, userId) }, to);
    tx.emit({ type: 'user_topic', stream_id: channel.id, topic_name: topic, last_updated: tx.now, visibility_policy: policy }, to);
  }
}
