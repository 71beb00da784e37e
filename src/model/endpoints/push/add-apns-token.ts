import { z } from 'zod';
import { addPushToken } from '../../actions/push-devices.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkPushToken } from '../../rules/push-devices.js';

/**
 * POST /users/me/apns_device_token: the token is checked and kept, though a
 * server without the push notification service never uses it.
 */
export const addApnsToken = defineEndpoint({
  operation: 'add-apns-token',
  method: 'POST',
  path: '/users/me/apns_device_token',
  auth: 'basic',
  allowBots: false,
  // The real server's order: appid is read first.
  params: z.object({
    appid: z.string().regex(/^[.a-zA-Z0-9-]+$/),
    token: z.string(),
  }),
  reduce(state, { actor, params, now }) {
    const token = checkPushToken(params.token, 'apns');
    if (!token.ok) return fail(token.error);
    return succeed(commit(state, now, (tx) => addPushToken(tx, actor, 'apns', token.value, params.appid)));
  },
});
