import { z } from 'zod';
import { deleteMessages } from '../../actions/messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkCanDeleteMessage } from '../../rules/message-deletion.js';
import { accessMessage } from '../../rules/messages.js';

/** DELETE /messages/{message_id}: the delete groups and message_content_delete_limit_seconds decide. */
export const deleteMessage = defineEndpoint({
  operation: 'delete-message',
  method: 'DELETE',
  path: '/messages/{message_id}',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const { message } = access.value;
    const allowed = checkCanDeleteMessage(state, actor, message, now);
    if (!allowed.ok) return fail(allowed.error);
    return succeed(commit(state, now, (tx) => deleteMessages(tx, [message], actor.id)));
  },
});
