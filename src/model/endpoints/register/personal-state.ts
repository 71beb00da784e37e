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
import type { State, User } from '../../state.js';

export interface PersonalStateOptions {
  /** Whether the type is among those asked for (every type when none were named). */
  readonly want: (type: string) => boolean;
  /** Whether the client named the types it wants (fetch_event_types or event_types). */
  readonly typesNamed: boolean;
  readonly emptyTopicName: boolean;
}

export function presentPersonalState(state: State, actor: User, options: PersonalStateOptions): Record<string, unknown> {
  const { want } = options;
  const data: Record<string, unknown> = {};
  if (want('alert_words')) data['alert_words'] = [...selectAlertWords(state, actor.id)];
  if (want('muted_users')) data['muted_users'] = presentMutedUsers(state, actor.id);
  if (want('muted_topics') && !(options.typesNamed && want('user_topic'))) data['muted_topics'] = presentMutedTopics(state, actor.id);
  if (want('user_topic')) {
    data['user_topics'] = selectUserTopics(state, actor.id).map((row) => ({
      stream_id: row.channelId,
      topic_name: row.topicName === '' && !options.emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.topicName,
      last_updated: row.lastUpdated,
      visibility_policy: row.visibilityPolicy,
    }));
  }
  return data;
}
