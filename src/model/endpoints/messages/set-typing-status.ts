import { z } from 'zod';
import { sendChannelTyping, sendDirectTyping } from '../../actions/typing.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { readsNoTopicAsEmptyInTyping } from '../../rules/feature-levels.js';
import { accessChannelForTyping, checkCanSendTypingNotifications, normalizeTypingTopic, resolveTypingRecipients } from '../../rules/typing.js';

const OP = z.enum(['start', 'stop']);

/**
 * POST /typing (reference server-messages-channels §9.1): the real server's
 * checks in its order, then only a `typing` event; the state stays the same
 * object. Parameters are declared in the real server's order, which decides
 * which malformed one is reported.
 */
export const setTypingStatus = defineEndpoint({
  operation: 'set-typing-status',
  method: 'POST',
  path: '/typing',
  auth: 'basic',
  params: z.object({
    to: wire.json(z.array(z.int()).nullable()).optional(),
    op: OP,
    type: z.enum(['direct', 'stream', 'channel']).optional(),
    stream_id: wire.json(z.int().nullable()).optional(),
    topic: z.string().optional(),
  }),
  aliases: { subject: 'topic' },
  reduce(state, { actor, params, now }) {
    if (params.type === 'stream' || params.type === 'channel') {
      if (params.stream_id === undefined || params.stream_id === null) return fail(Errors.missingTypingArgument('stream_id'));
      if (params.topic === undefined) return fail(Errors.missingTopic());
      const enabled = checkCanSendTypingNotifications(actor, 'channel');
      if (!enabled.ok) return fail(enabled.error);
      const channel = accessChannelForTyping(state, actor, params.stream_id, now);
      if (!channel.ok) return fail(channel.error);
      const topic = readsNoTopicAsEmptyInTyping(state) || params.topic.trim() !== '(no topic)' ? normalizeTypingTopic(params.topic) : '(no topic)';
      return succeed(commit(state, now, (tx) => sendChannelTyping(tx, actor, channel.value, topic, params.op)));
    }
    if (params.to === undefined || params.to === null) return fail(Errors.missingTypingArgument('to'));
    if (params.to.length === 0) return fail(Errors.emptyTypingRecipients());
    const enabled = checkCanSendTypingNotifications(actor, 'direct');
    if (!enabled.ok) return fail(enabled.error);
    const recipients = resolveTypingRecipients(state, actor, params.to);
    if (!recipients.ok) return fail(recipients.error);
    return succeed(commit(state, now, (tx) => sendDirectTyping(tx, actor, recipients.value, params.op)));
  },
});
