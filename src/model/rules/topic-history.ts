/**
 * A channel's topics as one user may list them (the real server's
 * get_topic_history_for_stream): every topic when the history is shared,
 * else only those with a message the user holds a row of. Topics are one
 * whatever their case; the name is the newest visible message's spelling.
 */
import type { Channel, Message, State, User } from '../state.js';
import type { IdTree } from '../tables/id-tree.js';
import { idTreeHas, idTreeLast, walkDown } from '../tables/id-tree.js';
import { entries, getRow } from '../tables/table.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';

export interface TopicEntry {
  readonly name: string;
  readonly max_id: number;
}

/** The newest message of the topic the user may see, if any: the newest of all, or of those they hold a row of. */
export function selectNewestVisibleInTopic(state: State, user: User, channel: Channel, ids: IdTree): Message | undefined {
  if (channel.historyPublicToSubscribers) {
    const last = idTreeLast(ids);
    return last === undefined ? undefined : getRow(state.messages, last);
  }
  const rows = getRow(state.userMessages, user.id);
  if (rows === undefined) return undefined;
  let found: number | undefined;
  walkDown(ids, Number.MAX_SAFE_INTEGER, (id) => {
    if (idTreeHas(rows, id)) found = id;
    return found === undefined;
  });
  return found === undefined ? undefined : getRow(state.messages, found);
}

/** Topics newest first; the empty topic shows as "general chat" unless the client takes empty names. Cost: the channel's topics. */
export function selectTopicHistory(state: State, user: User, channel: Channel, allowEmptyTopicName: boolean): TopicEntry[] {
  const topics = getRow(state.messageIdsByTopic, channel.id);
  if (topics === undefined) return [];
  const history: TopicEntry[] = [];
  for (const [, ids] of entries(topics)) {
    const newest = selectNewestVisibleInTopic(state, user, channel, ids);
    if (newest === undefined) continue;
    const name = newest.topic === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : newest.topic;
    history.push({ name, max_id: newest.id });
  }
  return history.sort((a, b) => b.max_id - a.max_id);
}
