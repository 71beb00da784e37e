import { z } from 'zod';
import { markMessagesRead, selectUnreadInConversation } from '../../actions/message-flags.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { canAccessChannelContent, selectChannel } from '../../rules/channels.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../rules/message-rendering.js';
import type { State } from '../../state.js';
import { idTreeHas, walkUp } from '../../tables/id-tree.js';
import { topicKey } from '../../tables/messages.js';
import { getRow } from '../../tables/table.js';

/** Whether the user holds a row for some message of the topic (any case); cost: the topic's messages at most. */
function holdsRowInTopic(state: State, userId: number, channelId: number, topic: string): boolean {
  const ids = getRow(state.messageIdsByTopic, channelId);
  const topicIds = ids === undefined ? undefined : getRow(ids, topicKey(topic));
  const rows = getRow(state.userMessages, userId);
  if (topicIds === undefined || rows === undefined) return false;
  let found = false;
  walkUp(topicIds, 0, (id) => {
    found = idTreeHas(rows, id);
    return !found;
  });
  return found;
}

/**
 * POST /mark_topic_as_read (deprecated; reference server-messages-channels §5.4):
 * marks the user's unread messages of one topic read. The channel must be
 * active and readable (else `Invalid channel ID`); "general chat" names the
 * empty topic; a topic the user holds no row in is `No such topic`. An empty
 * topic_name skips both and marks the whole channel, as the real server does.
 */
export const markTopicAsRead = defineEndpoint({
  operation: 'mark-topic-as-read',
  method: 'POST',
  path: '/mark_topic_as_read',
  auth: 'basic',
  // The real server's signature order, which decides which missing parameter is reported first.
  params: z.object({
    topic_name: z.string(),
    stream_id: wire.int(),
  }),
  reduce(state, { actor, params, now }) {
    const channel = selectChannel(state, params.stream_id);
    if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, actor, channel, now)) return fail(Errors.invalidChannelId());
    let topic: string | null = null;
    if (params.topic_name !== '') {
      topic = params.topic_name === EMPTY_TOPIC_DISPLAY_NAME ? '' : params.topic_name;
      if (!holdsRowInTopic(state, actor.id, channel.id, topic)) return fail(Errors.noSuchTopic(topic));
    }
    const unread = selectUnreadInConversation(state, actor.id, channel.id, topic);
    if (unread.length === 0) return succeed(state);
    return succeed(commit(state, now, (tx) => markMessagesRead(tx, actor.id, unread)));
  },
});
