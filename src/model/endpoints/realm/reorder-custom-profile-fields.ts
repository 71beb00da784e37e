import { z } from 'zod';
import { reorderProfileFields } from '../../actions/profile-fields.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkProfileFieldOrder } from '../../rules/profile-field-definitions.js';

/** PATCH /realm/profile_fields: administrators put every field of the realm in a new order. */
export const reorderCustomProfileFields = defineEndpoint({
  operation: 'reorder-custom-profile-fields',
  method: 'PATCH',
  path: '/realm/profile_fields',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({ order: wire.intArray() }),
  reduce(state, { params, now }) {
    const positions = checkProfileFieldOrder(state, params.order);
    if (!positions.ok) return fail(positions.error);
    return succeed(commit(state, now, (tx) => reorderProfileFields(tx, positions.value)));
  },
});
