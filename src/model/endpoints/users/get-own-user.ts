import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentUser } from '../../present/user.js';
import { selectNewestMessageId } from '../../rules/messages.js';

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
    // max_message_id is deprecated: the newest message the user holds a row for, -1 when none.
    return succeed(state, { ...dict, max_message_id: selectNewestMessageId(state, actor) });
  },
});
