import { z } from 'zod';
import { changeUserStatus } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkStatusChange } from '../../rules/user-status.js';

/** POST /users/me/status: only the passed parameters change. */
export const updateStatus = defineEndpoint({
  operation: 'update-status',
  method: 'POST',
  path: '/users/me/status',
  auth: 'basic',
  allowBots: false,
  params: z.object({
    status_text: z.string().optional(),
    away: wire.bool().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().optional(),
  }),
  reduce(state, { actor, params, now }) {
    const change = checkStatusChange(state, actor.status, params);
    if (!change.ok) return fail(change.error);
    return succeed(commit(state, now, (tx) => changeUserStatus(tx, actor, change.value)));
  },
});
