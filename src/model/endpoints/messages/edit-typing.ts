import { z } from 'zod';
import { sendEditTyping } from '../../actions/typing.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { selectChannel } from '../../rules/channels.js';
import { accessEditableMessage, checkCanEditContent } from '../../rules/message-editing.js';
import { checkCanSendTypingNotifications } from '../../rules/typing.js';

const OP = z.enum(['start', 'stop']);

/**
 * POST /messages/{message_id}/typing (reference server-messages-channels
 * §9.2): whoever may edit the message's content right now, with no grace on
 * the time limit, tells who would see the edit; nothing is written.
 */
export const editTyping = defineEndpoint({
  operation: 'set-typing-status-for-message-edit',
  method: 'POST',
  path: '/messages/{message_id}/typing',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({ op: OP }),
  reduce(state, { actor, params, path, now }) {
    const access = accessEditableMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const { message } = access.value;
    const editable = checkCanEditContent(state, actor, message, now, 0);
    if (!editable.ok) return fail(editable.error);
    const channel = message.channelId === null ? null : (selectChannel(state, message.channelId) ?? null);
    const enabled = checkCanSendTypingNotifications(actor, message.channelId === null ? 'direct' : 'channel');
    if (!enabled.ok) return fail(enabled.error);
    return succeed(commit(state, now, (tx) => sendEditTyping(tx, actor, message, channel, params.op)));
  },
});
