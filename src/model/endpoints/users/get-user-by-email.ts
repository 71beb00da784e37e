import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { userViewOptions, userViewParams } from '../../params/common.js';
import { presentUser } from '../../present/user.js';
import { accessUserForRead, selectUserByVisibleEmail } from '../../rules/users.js';

/** GET /users/{email}: by real address (where visible) or by placeholder address. */
export const getUserByEmail = defineEndpoint({
  operation: 'get-user-by-email',
  method: 'GET',
  path: '/users/{email}',
  pathParams: { email: 'string' },
  auth: 'basic',
  allowBots: true,
  params: z.object(userViewParams),
  reduce(state, { actor, params, path }) {
    const target = accessUserForRead(state, actor, selectUserByVisibleEmail(state, actor, path.email));
    if (!target.ok) return fail(target.error);
    const options = userViewOptions(params);
    return succeed(state, { user: presentUser(state, actor, target.value, options) });
  },
});
