import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { accessMessage } from '../../rules/messages.js';
import type { Message } from '../../state.js';

/**
 * The message's versions, oldest first: the real server rebuilds each one
 * from the current message by walking the edit history backwards.
 */
function messageHistory(message: Message): Record<string, unknown>[] {
  let content = message.content;
  let rendered = message.renderedContent;
  let topic = message.topic;
  let channelId = message.channelId;
  const versions: Record<string, unknown>[] = [];
  for (const edit of message.editHistory) {
    const version: Record<string, unknown> = { timestamp: edit.timestamp, user_id: edit.userId, topic, content, rendered_content: rendered };
    if (channelId !== null) version['stream'] = channelId;
    if (edit.prevTopic !== undefined) {
      topic = edit.prevTopic;
      version['prev_topic'] = topic;
    }
    if (edit.prevContent !== undefined) {
      content = edit.prevContent;
      rendered = edit.prevRenderedContent ?? rendered;
      version['prev_content'] = content;
      version['prev_rendered_content'] = rendered;
    }
    if (edit.prevChannelId !== undefined) {
      channelId = edit.prevChannelId;
      version['prev_stream'] = channelId;
    }
    versions.push(version);
  }
  const original: Record<string, unknown> = { timestamp: message.dateSent, user_id: message.senderId, topic, content, rendered_content: rendered };
  if (channelId !== null) original['stream'] = channelId;
  versions.push(original);
  return versions.reverse();
}

/** GET /messages/{message_id}/history. */
export const getMessageHistory = defineEndpoint({
  operation: 'get-message-history',
  method: 'GET',
  path: '/messages/{message_id}/history',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    return succeed(state, { message_history: messageHistory(access.value.message) });
  },
});
