import { z } from 'zod';
import { markMessagesRead, selectUnreadInConversation } from '../../actions/message-flags.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessChannelContentById } from '../../rules/channel-content.js';

/**
 * POST /mark_stream_as_read: marks the caller's unread messages in one
 * channel read. The channel must be active and readable, else "Invalid
 * channel ID"; with nothing unread nothing happens and no event is sent.
 */
export const markStreamAsRead = defineEndpoint({
  operation: 'mark-stream-as-read',
  method: 'POST',
  path: '/mark_stream_as_read',
  auth: 'basic',
  params: z.object({
    stream_id: wire.int(),
  }),
  reduce(state, { actor, params, now }) {
    const channel = accessChannelContentById(state, actor, params.stream_id, now);
    if (!channel.ok) return fail(channel.error);
    const unread = selectUnreadInConversation(state, actor.id, channel.value.id, null);
    if (unread.length === 0) return succeed(state);
    return succeed(commit(state, now, (tx) => markMessagesRead(tx, actor.id, unread)));
  },
});
