import { z } from 'zod';
import { muteUser as mute } from '../../actions/muted-users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkCanMute } from '../../rules/muted-users.js';

/**
 * POST /users/me/muted_users/{muted_user_id}: mutes a user (bots, deactivated
 * users and system bots too). Their unread messages become read.
 */
export const muteUser = defineEndpoint({
  operation: 'mute-user',
  method: 'POST',
  path: '/users/me/muted_users/{muted_user_id}',
  pathParams: { muted_user_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const target = checkCanMute(state, actor, path.muted_user_id);
    if (!target.ok) return fail(target.error);
    return succeed(commit(state, now, (tx) => mute(tx, actor, target.value)));
  },
});
