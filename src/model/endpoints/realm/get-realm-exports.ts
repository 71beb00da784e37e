import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentRealmExports } from '../../rules/realm-exports.js';

/** GET /export/realm: the organization's data exports, by id. */
export const getRealmExports = defineEndpoint({
  operation: 'get-realm-exports',
  method: 'GET',
  path: '/export/realm',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({}),
  reduce(state) {
    return succeed(state, { exports: presentRealmExports(state) });
  },
});
