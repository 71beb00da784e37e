/**
 * POST /message_edit_typing: the edit-typing endpoint as the real server
 * served it from feature level 351 until 361, with the message id in the
 * body; at 361 it moved to POST /messages/{message_id}/typing. It answers
 * exactly as the newer endpoint does (the table makes it exist only in
 * that range).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { wire } from '../../params/wire.js';
import { editTyping } from '../messages/edit-typing.js';

export const legacyMessageEditTyping = defineEndpoint({
  operation: 'legacy-message-edit-typing',
  method: 'POST',
  path: '/message_edit_typing',
  auth: 'basic',
  params: z.object({ op: z.enum(['start', 'stop']), message_id: wire.int() }),
  reduce(state, context) {
    const { message_id: messageId, ...params } = context.params;
    return editTyping.reduce(state, { ...context, params, path: { message_id: messageId } });
  },
});
