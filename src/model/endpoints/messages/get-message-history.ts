import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { displayTopic } from '../../present/message.js';
import { accessMessage } from '../../rules/messages.js';
import type { Message, MessageEditHistoryVisibilityPolicy } from '../../state.js';

/**
 * The message's versions, oldest first (the real server's
 * fill_edit_history_entries): each one rebuilt from the current message by
 * walking the edit history backwards; the original has only topic,
 * content, rendered_content, timestamp and user_id.
 */
function messageHistory(message: Message, allowEmptyTopicName: boolean): Record<string, unknown>[] {
  const isChannel = message.channelId !== null;
  const shown = (topic: string) => (isChannel ? displayTopic(topic, allowEmptyTopicName) : '');
  let content = message.content;
  let rendered = message.renderedContent;
  let topic = shown(message.topic);
  const versions: Record<string, unknown>[] = [];
  for (const edit of message.editHistory) {
    const version: Record<string, unknown> = { content, rendered_content: rendered, timestamp: edit.timestamp, topic, user_id: edit.userId };
    if (edit.prevTopic !== undefined) {
      topic = shown(edit.prevTopic);
      version['prev_topic'] = topic;
    }
    if (edit.prevContent !== undefined) {
      content = edit.prevContent;
      rendered = edit.prevRenderedContent ?? rendered;
      version['prev_content'] = content;
      version['prev_rendered_content'] = rendered;
    }
    if (edit.prevChannelId !== undefined) {
      version['prev_stream'] = edit.prevChannelId;
      version['stream'] = edit.channelId;
    }
    versions.push(version);
  }
  versions.push({ content, rendered_content: rendered, timestamp: message.dateSent, topic, user_id: message.senderId });
  return versions;
}

/**
 * Under the `moves` policy content edits are hidden: an entry that also
 * renamed the topic loses its content fields, any other content edit goes.
 */
function visibleVersions(policy: MessageEditHistoryVisibilityPolicy, versions: Record<string, unknown>[]): Record<string, unknown>[] {
  if (policy === 'all') return versions;
  const visible: Record<string, unknown>[] = [];
  for (const version of versions) {
    if ('prev_content' in version) {
      if (!('prev_topic' in version)) continue;
      const { prev_content: _content, prev_rendered_content: _rendered, ...rest } = version;
      visible.push(rest);
    } else {
      visible.push(version);
    }
  }
  return visible;
}

/** GET /messages/{message_id}/history. */
export const getMessageHistory = defineEndpoint({
  operation: 'get-message-history',
  method: 'GET',
  path: '/messages/{message_id}/history',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({ allow_empty_topic_name: wire.bool().default(false) }),
  reduce(state, { actor, params, path, now }) {
    const policy = state.realm.settings.messageEditHistoryVisibilityPolicy;
    if (policy === 'none') return fail(Errors.editHistoryDisabled());
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const versions = visibleVersions(policy, messageHistory(access.value.message, params.allow_empty_topic_name));
    return succeed(state, { message_history: versions.reverse() });
  },
});
