import { z } from 'zod';
import { updateProfileField } from '../../actions/profile-fields.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkProfileFieldUpdate, selectRemovedChoices } from '../../rules/profile-field-definitions.js';
import { accessProfileField } from '../../rules/profile-fields.js';

/**
 * PATCH /realm/profile_fields/{field_id}: administrators change a field's
 * label, hint, choices or flags (never its type). Every parameter is
 * optional since feature level 252; a request with none still answers
 * success and sends the list again, as the real server does.
 */
export const updateCustomProfileField = defineEndpoint({
  operation: 'update-custom-profile-field',
  method: 'PATCH',
  path: '/realm/profile_fields/{field_id}',
  pathParams: { field_id: 'int' },
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({
    name: z.string().optional(),
    hint: z.string().optional(),
    field_data: wire.json(z.record(z.string(), z.union([z.string(), z.record(z.string(), z.unknown())]))).optional(),
    display_in_profile_summary: wire.bool().optional(),
    required: wire.bool().optional(),
    editable_by_user: wire.bool().optional(),
  }),
  reduce(state, { path, params, now }) {
    const field = accessProfileField(state, path.field_id);
    if (!field.ok) return fail(field.error);
    const updated = checkProfileFieldUpdate(state, field.value, {
      ...(params.name === undefined ? {} : { name: params.name }),
      ...(params.hint === undefined ? {} : { hint: params.hint }),
      ...(params.field_data === undefined ? {} : { fieldData: params.field_data }),
      ...(params.display_in_profile_summary === undefined ? {} : { displayInProfileSummary: params.display_in_profile_summary }),
      ...(params.required === undefined ? {} : { required: params.required }),
      ...(params.editable_by_user === undefined ? {} : { editableByUser: params.editable_by_user }),
    });
    if (!updated.ok) return fail(updated.error);
    const removedChoices = selectRemovedChoices(field.value, updated.value);
    return succeed(commit(state, now, (tx) => updateProfileField(tx, updated.value, removedChoices)));
  },
});
