import { z } from 'zod';
import { deleteScheduledMessage as remove } from '../../actions/scheduled-messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessReminder } from '../../rules/scheduled-messages.js';

/** DELETE /reminders/{reminder_id}: one of the caller's reminders; anyone else's is a 404 like a missing one. */
export const deleteReminder = defineEndpoint({
  operation: 'delete-reminder',
  method: 'DELETE',
  path: '/reminders/{reminder_id}',
  pathParams: { reminder_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessReminder(state, actor, path.reminder_id);
    if (!access.ok) return fail(access.error);
    const reminder = access.value;
    return succeed(commit(state, now, (tx) => remove(tx, reminder)));
  },
});
