import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { hidesArchivedChannelMessage } from '../../rules/feature-levels.js';
import { accessMessage } from '../../rules/messages.js';
import { selectReadReceiptUserIds } from '../../rules/read-receipts.js';

/** GET /messages/{message_id}/read_receipts: who read a message the caller may read, as far as they let it be known. */
export const getReadReceipts = defineEndpoint({
  operation: 'get-read-receipts',
  method: 'GET',
  path: '/messages/{message_id}/read_receipts',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    if (hidesArchivedChannelMessage(state, access.value.message)) return fail(Errors.invalidMessage());
    if (!state.realm.settings.enableReadReceipts) return fail(Errors.readReceiptsDisabled());
    return succeed(state, { user_ids: selectReadReceiptUserIds(state, actor, access.value.message) });
  },
});
