import { z } from 'zod';
import { deleteScheduledMessage as remove } from '../../actions/scheduled-messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessScheduledMessage } from '../../rules/scheduled-messages.js';

/** DELETE /scheduled_messages/{scheduled_message_id}: one of the caller's; anyone else's is a 404 like a missing one. */
export const deleteScheduledMessage = defineEndpoint({
  operation: 'delete-scheduled-message',
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  pathParams: { scheduled_message_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessScheduledMessage(state, actor, path.scheduled_message_id);
    if (!access.ok) return fail(access.error);
    const message = access.value;
    return succeed(commit(state, now, (tx) => remove(tx, message)));
  },
});
