import { z } from 'zod';
import { unmuteUser as unmute } from '../../actions/muted-users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkCanUnmute } from '../../rules/muted-users.js';

/** DELETE /users/me/muted_users/{muted_user_id}: unmutes a user the caller muted. */
export const unmuteUser = defineEndpoint({
  operation: 'unmute-user',
  method: 'DELETE',
  path: '/users/me/muted_users/{muted_user_id}',
  pathParams: { muted_user_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const target = checkCanUnmute(state, actor, path.muted_user_id);
    if (!target.ok) return fail(target.error);
    return succeed(commit(state, now, (tx) => unmute(tx, actor, target.value)));
  },
});
