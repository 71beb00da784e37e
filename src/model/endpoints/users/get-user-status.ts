import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { presentUserStatus } from '../../present/user.js';
import { isBot } from '../../rules/roles.js';
import { accessUserForRead, selectUser } from '../../rules/users.js';

/** GET /users/{user_id}/status. */
export const getUserStatus = defineEndpoint({
  operation: 'get-user-status',
  method: 'GET',
  path: '/users/{user_id}/status',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path }) {
    const target = accessUserForRead(state, actor, selectUser(state, path.user_id));
    if (!target.ok || isBot(target.value)) return fail(Errors.noSuchUser());
    if (!target.value.isActive) return fail(Errors.userIsDeactivated());
    return succeed(state, { status: presentUserStatus(target.value) });
  },
});
