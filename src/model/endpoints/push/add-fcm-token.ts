import { z } from 'zod';
import { addPushToken } from '../../actions/push-devices.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkPushToken } from '../../rules/push-devices.js';

/** POST /users/me/android_gcm_reg_id: an FCM registration token, checked and kept. */
export const addFcmToken = defineEndpoint({
  operation: 'add-fcm-token',
  method: 'POST',
  path: '/users/me/android_gcm_reg_id',
  auth: 'basic',
  allowBots: false,
  params: z.object({ token: z.string() }),
  reduce(state, { actor, params, now }) {
    const token = checkPushToken(params.token, 'fcm');
    if (!token.ok) return fail(token.error);
    return succeed(commit(state, now, (tx) => addPushToken(tx, actor, 'fcm', token.value, null)));
  },
});
