import { z } from 'zod';
import { changeUserStatus } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { canBotsSetStatusForUser } from '../../rules/feature-levels.js';
import { checkStatusChange, checkStatusTextLength } from '../../rules/user-status.js';
import { accessUserForAdmin, selectUser } from '../../rules/users.js';

/**
 * POST /users/{user_id}/status (FL 407): an administrator sets another
 * user's status, with the checks of POST /users/me/status. `away` is not
 * documented here, but the real server's view hands the request to the
 * own-status view, which reads it from the request all the same.
 */
export const updateUserStatus = defineEndpoint({
  operation: 'update-status-for-user',
  method: 'POST',
  path: '/users/{user_id}/status',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  // Bots (with administrator rights) may from FL 473 only.
  allowBots: canBotsSetStatusForUser,
  params: z.object({
    status_text: z.string().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().optional(),
    away: wire.bool().optional(),
  }),
  reduce(state, { actor, path, params, now }) {
    const length = checkStatusTextLength(params.status_text);
    if (!length.ok) return fail(length.error);
    const access = accessUserForAdmin(state, actor, selectUser(state, path.user_id), { allowBots: false, allowDeactivated: false });
    if (!access.ok) return fail(access.error);
    const target = access.value;
    const change = checkStatusChange(state, target.status, params);
    if (!change.ok) return fail(change.error);
    return succeed(commit(state, now, (tx) => changeUserStatus(tx, target, change.value)));
  },
});
