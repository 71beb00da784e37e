import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentLinkifiers } from '../../present/linkifiers.js';

/** GET /realm/linkifiers: every user reads the realm's linkifiers, in processing order. */
export const getLinkifiers = defineEndpoint({
  operation: 'get-linkifiers',
  method: 'GET',
  path: '/realm/linkifiers',
  auth: 'basic',
  params: z.object({}),
  reduce(state) {
    return succeed(state, { linkifiers: presentLinkifiers(state) });
  },
});
