import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { presentSingleUserPresence } from '../../present/presence.js';
import { accessPresenceTarget, selectUserByIdOrApiEmail } from '../../rules/presence.js';

/** GET /users/{user_id_or_email}/presence: one user's presence in the legacy per-client form, with `aggregated`. */
export const getUserPresence = defineEndpoint({
  operation: 'get-user-presence',
  method: 'GET',
  path: '/users/{user_id_or_email}/presence',
  pathParams: { user_id_or_email: 'string' },
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const asked = path.user_id_or_email;
    const target = accessPresenceTarget(state, actor, selectUserByIdOrApiEmail(state, asked), asked);
    if (!target.ok) return fail(target.error);
    return succeed(state, { presence: presentSingleUserPresence(target.value.user, target.value.presence, now) });
  },
});
