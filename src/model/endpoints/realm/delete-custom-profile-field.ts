import { z } from 'zod';
import { deleteProfileField } from '../../actions/profile-fields.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessProfileField } from '../../rules/profile-fields.js';

/** DELETE /realm/profile_fields/{field_id}: administrators remove a field, and with it every user's value of it. */
export const deleteCustomProfileField = defineEndpoint({
  operation: 'delete-custom-profile-field',
  method: 'DELETE',
  path: '/realm/profile_fields/{field_id}',
  pathParams: { field_id: 'int' },
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({}),
  reduce(state, { path, now }) {
    const field = accessProfileField(state, path.field_id);
    if (!field.ok) return fail(field.error);
    return succeed(commit(state, now, (tx) => deleteProfileField(tx, field.value)));
  },
});
