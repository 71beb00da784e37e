/**
 * Register's keys for the user's own reading and muting state (the real
 * server's fetch_initial_state_data): alert_words, muted_users, user_topics
 * and the legacy muted_topics, which a client that asked for user_topic by
 * name does not get.
 */
import { presentMutedTopics } from '../../actions/user-topics.js';
import { selectAlertWords } from '../../rules/alert-words.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../rules/message-rendering.js';
import { presentMutedUsers } from '../../rules/muted-users.js';
import { selectUserTopics } from '../../rules/user-topics.js';
import type { RegisterContext } from './register-context.js';

export function presentAlertWords({ state, actor }: RegisterContext): Record<string, unknown> {
  return { alert_words: [...selectAlertWords(state, actor.id)] };
}

export function presentMutedUserState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { muted_users: presentMutedUsers(state, actor.id) };
}

/** The legacy form of user_topics (the fetch-type table leaves it out for a client that named user_topic). */
export function presentMutedTopicState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { muted_topics: presentMutedTopics(state, actor.id) };
}

export function presentUserTopicState({ state, actor, capabilities }: RegisterContext): Record<string, unknown> {
  const emptyTopicName = capabilities['empty_topic_name'] === true;
  return {
    user_topics: selectUserTopics(state, actor.id).map((row) => ({
      stream_id: row.channelId,
      topic_name: row.topicName === '' && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.topicName,
      last_updated: row.lastUpdated,
      visibility_policy: row.visibilityPolicy,
    })),
  };
}
