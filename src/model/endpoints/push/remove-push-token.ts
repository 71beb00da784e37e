import { z } from 'zod';
import { removePushToken } from '../../actions/push-devices.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, type Outcome, succeed } from '../../outcome.js';
import { checkPushToken, type PushTokenKind, selectPushToken } from '../../rules/push-devices.js';
import type { State, User } from '../../state.js';

const params = z.object({ token: z.string() });

/** The shared body of the two removals: the token must be valid, and one of the user's of that kind. */
function removeToken(state: State, actor: User, kind: PushTokenKind, raw: string, now: number): Outcome {
  const token = checkPushToken(raw, kind);
  if (!token.ok) return fail(token.error);
  if (selectPushToken(state, actor, kind, token.value) === undefined) return fail(Errors.pushTokenDoesNotExist());
  return succeed(commit(state, now, (tx) => removePushToken(tx, actor, kind, token.value)));
}

/** DELETE /users/me/apns_device_token. */
export const removeApnsToken = defineEndpoint({
  operation: 'remove-apns-token',
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  auth: 'basic',
  allowBots: false,
  params,
  reduce: (state, { actor, params, now }) => removeToken(state, actor, 'apns', params.token, now),
});

/** DELETE /users/me/android_gcm_reg_id. */
export const removeFcmToken = defineEndpoint({
  operation: 'remove-fcm-token',
  method: 'DELETE',
  path: '/users/me/android_gcm_reg_id',
  auth: 'basic',
  allowBots: false,
  params,
  reduce: (state, { actor, params, now }) => removeToken(state, actor, 'fcm', params.token, now),
});
