import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { userViewOptions, userViewParams } from '../../params/common.js';
import { presentUser } from '../../present/user.js';
import { accessUserForRead, selectUser } from '../../rules/users.js';

/** GET /users/{user_id}: one user, deactivated users and bots included. */
export const getUser = defineEndpoint({
  operation: 'get-user',
  method: 'GET',
  path: '/users/{user_id}',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object(userViewParams),
  reduce(state, { actor, params, path }) {
    const target = accessUserForRead(state, actor, selectUser(state, path.user_id));
    if (!target.ok) return fail(target.error);
    const options = userViewOptions(params);
    return succeed(state, { user: presentUser(state, actor, target.value, options) });
  },
});
