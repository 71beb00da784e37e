import { z } from 'zod';
import { insertProfileField } from '../../actions/profile-fields.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkProfileFieldDefinition } from '../../rules/profile-field-definitions.js';
import type { ProfileField } from '../../state.js';

/** POST /realm/profile_fields: administrators add a field of any type. */
export const createCustomProfileField = defineEndpoint({
  operation: 'create-custom-profile-field',
  method: 'POST',
  path: '/realm/profile_fields',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({
    name: z.string().default(''),
    hint: z.string().default(''),
    field_data: wire.json(z.record(z.string(), z.union([z.string(), z.record(z.string(), z.unknown())]))).optional(),
    field_type: wire.int(),
    display_in_profile_summary: wire.bool().default(false),
    required: wire.bool().default(false),
    editable_by_user: wire.bool().default(true),
  }),
  reduce(state, { params, now }) {
    const definition = checkProfileFieldDefinition(state, {
      name: params.name,
      hint: params.hint,
      fieldType: params.field_type,
      fieldData: params.field_data,
      displayInProfileSummary: params.display_in_profile_summary,
    });
    if (!definition.ok) return fail(definition.error);
    const id = state.counters.nextProfileFieldId;
    const field: ProfileField = {
      id,
      type: definition.value.type,
      order: id,
      name: definition.value.name,
      hint: definition.value.hint,
      fieldData: definition.value.fieldData,
      displayInProfileSummary: params.display_in_profile_summary,
      required: params.required,
      editableByUser: params.editable_by_user,
    };
    return succeed(
      commit(state, now, (tx) => insertProfileField(tx, field)),
      { id },
    );
  },
});
