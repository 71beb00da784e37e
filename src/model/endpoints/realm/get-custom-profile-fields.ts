import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentProfileField } from '../../present/profile-data.js';

/** GET /realm/profile_fields: the realm's field definitions in display order. */
export const getCustomProfileFields = defineEndpoint({
  operation: 'get-custom-profile-fields',
  method: 'GET',
  path: '/realm/profile_fields',
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state) {
    return succeed(state, { custom_fields: state.profileFields.map(presentProfileField) });
  },
});
