import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentUser } from '../../present/user.js';

/** GET /users/me: the caller's own dict, flat, with real avatar URL and profile data. */
export const getOwnUser = defineEndpoint({
  operation: 'get-own-user',
  method: 'GET',
  path: '/users/me',
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor }) {
    const dict = presentUser(state, actor, actor, { clientGravatar: false, includeCustomProfileFields: true });
    // max_message_id is deprecated; with no messages delivered yet the real server reports -1.
    return succeed(state, { ...dict, max_message_id: -1 });
  },
});
