import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentMessageWithFlags } from '../../present/message.js';
import { hidesArchivedChannelMessage } from '../../rules/feature-levels.js';
import { accessMessage } from '../../rules/messages.js';

/** GET /messages/{message_id} (reference server-messages-channels §3.4): the message with the reader's flags, and its source. */
export const getMessage = defineEndpoint({
  operation: 'get-message',
  method: 'GET',
  path: '/messages/{message_id}',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({
    apply_markdown: wire.bool().default(true),
    allow_empty_topic_name: wire.bool().default(false),
  }),
  reduce(state, { actor, params, path, now }) {
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const { message, flags } = access.value;
    if (hidesArchivedChannelMessage(state, message)) return fail(Errors.invalidMessage());
    // The real server's single-message view always lets the client compute Gravatar URLs.
    const view = { applyMarkdown: params.apply_markdown, clientGravatar: true, allowEmptyTopicName: params.allow_empty_topic_name };
    return succeed(state, { raw_content: message.content, message: presentMessageWithFlags(state, message, flags, view) });
  },
});
