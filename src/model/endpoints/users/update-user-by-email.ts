import { defineEndpoint } from '../../endpoint.js';
import { selectUserByVisibleEmail } from '../../rules/users.js';
import { updateUserParams, updateUserReducer } from './update-user.js';

/** PATCH /users/{email}: as by id, addressed by a real address the caller may see or by the placeholder. */
export const updateUserByEmail = defineEndpoint({
  operation: 'update-user-by-email',
  method: 'PATCH',
  path: '/users/{email}',
  pathParams: { email: 'string' },
  auth: 'basic',
  allowBots: true,
  params: updateUserParams,
  reduce(state, ctx) {
    return updateUserReducer(state, ctx, selectUserByVisibleEmail(state, ctx.actor, ctx.path.email));
  },
});
