import { z } from 'zod';
import { deleteMessages } from '../../actions/messages.js';
import { setUserTopicVisibility } from '../../actions/user-topics.js';
import { defineEndpoint } from '../../endpoint.js';
import type { Tx } from '../../events/commit.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessChannelContentById } from '../../rules/channel-content.js';
import { selectUsersWithUserTopic, topicFromRequest } from '../../rules/user-topics.js';
import type { Channel, Message, State, User } from '../../state.js';
import { idTreeHas, walkDown } from '../../tables/id-tree.js';
import { selectTopicMessageIds } from '../../tables/messages.js';
import { getRow } from '../../tables/table.js';

/** The real server deletes a topic in batches of this many messages, newest first, one delete_message event each. */
export const DELETE_TOPIC_BATCH_SIZE = 100;

/** The topic's messages the user may read, newest first: all of them with shared history, else those they hold a row of. */
function selectDeletableMessages(state: State, user: User, channel: Channel, topic: string): Message[] {
  const ids = selectTopicMessageIds(state, channel.id, topic);
  if (ids === undefined) return [];
  const rows = getRow(state.userMessages, user.id);
  const messages: Message[] = [];
  walkDown(ids, Number.MAX_SAFE_INTEGER, (id) => {
    const message = getRow(state.messages, id);
    if (message !== undefined && (channel.historyPublicToSubscribers || (rows !== undefined && idTreeHas(rows, id)))) messages.push(message);
    return true;
  });
  return messages;
}

/** Whether the user still holds a row of a message of the topic. */
function holdsRowInTopic(state: State, userId: number, channel: Channel, topic: string): boolean {
  const ids = selectTopicMessageIds(state, channel.id, topic);
  const rows = getRow(state.userMessages, userId);
  if (ids === undefined || rows === undefined) return false;
  let found = false;
  walkDown(ids, Number.MAX_SAFE_INTEGER, (id) => {
    found = idTreeHas(rows, id);
    return !found;
  });
  return found;
}

function deleteTopic(tx: Tx, messages: readonly Message[], channel: Channel, topic: string, deleterId: number): void {
  for (let start = 0; start < messages.length; start += DELETE_TOPIC_BATCH_SIZE) {
    const batch = messages.slice(start, start + DELETE_TOPIC_BATCH_SIZE);
    deleteMessages(
      tx,
      [...batch].sort((a, b) => a.id - b.id),
      deleterId,
    );
  }
  // The topic is gone: its visibility policies go too, except, with protected history, for users who still hold a row in it.
  const after = tx.draft as unknown as State;
  let userIds = selectUsersWithUserTopic(after, channel.id, topic);
  if (!channel.historyPublicToSubscribers) userIds = userIds.filter((userId) => !holdsRowInTopic(after, userId, channel, topic));
  setUserTopicVisibility(tx, userIds, channel, topic, 0);
}

/**
 * POST /streams/{stream_id}/delete_topic (administrators): deletes the
 * topic's messages the caller may read, in batches, and answers
 * `complete: true` (the real server may stop early with false; chatref always finishes).
 */
export const deleteTopicEndpoint = defineEndpoint({
  operation: 'delete-topic',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({
    topic_name: z.string(),
  }),
  reduce(state, { actor, path, params, now }) {
    const channel = accessChannelContentById(state, actor, path.stream_id, now);
    if (!channel.ok) return fail(channel.error);
    const topic = topicFromRequest(params.topic_name);
    const messages = selectDeletableMessages(state, actor, channel.value, topic);
    return succeed(
      commit(state, now, (tx) => deleteTopic(tx, messages, channel.value, topic, actor.id)),
      { complete: true },
    );
  },
});
