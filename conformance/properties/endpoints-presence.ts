/**
 * Presence, an administrator's status change for another user, and the
 * mobile push device endpoints, as the property checks see them. No read
 * shows a push token, so those endpoints observe nothing; presence is read
 * back through the caller's own GET /users/{id}/presence.
 */

import type { EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { BOOL, enumOf, INT, nothing, STRING } from './param-kinds.js';
import { statusRefusal } from './status-refusal.js';

const ownPresence = (env: PropertyEnv): ReadBack => ({ path: `/users/${env.self.userId}/presence` });

/** Tokens every kind refuses: empty, or longer than 4096 characters. */
const BAD_TOKENS = ['', 'x'.repeat(4097)];
/** APNs tokens are hex: these are not. */
const BAD_APNS_TOKENS = [...BAD_TOKENS, 'zz', 'abc', 'a bc'];

export const PRESENCE_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-presence',
    method: 'POST',
    path: '/users/me/presence',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'status', kind: enumOf('active', 'idle'), required: true, valid: () => 'idle', invalid: ['away', 'offline', ''] },
      { name: 'ping_only', kind: BOOL },
      { name: 'new_user_input', kind: BOOL },
      { name: 'slim_presence', kind: BOOL },
      { name: 'last_update_id', kind: INT },
      { name: 'history_limit_days', kind: INT },
    ],
    observe: (env) => [ownPresence(env)],
  },
  { operation: 'get-presence', method: 'GET', path: '/realm/presence', auth: 'basic', actor: 'owner', params: [], observe: nothing },
  {
    operation: 'get-user-presence',
    method: 'GET',
    path: '/users/{user_id_or_email}/presence',
    pathParams: { user_id_or_email: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: nothing,
  },
  {
    operation: 'update-status-for-user',
    method: 'POST',
    path: '/users/{user_id}/status',
    pathParams: { user_id: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'status_text', kind: STRING, valid: (env) => env.unique('status').slice(-20) },
      { name: 'emoji_name', kind: STRING },
      { name: 'emoji_code', kind: STRING },
      { name: 'reaction_type', kind: enumOf('unicode_emoji', 'realm_emoji', 'service_extra_emoji'), readWhen: (params) => Boolean(params['emoji_name']) },
      { name: 'away', kind: BOOL },
    ],
    refuses: statusRefusal,
    observe: (env) => [{ path: `/users/${env.target.id}/status` }],
  },
  {
    operation: 'add-apns-token',
    method: 'POST',
    path: '/users/me/apns_device_token',
    auth: 'basic',
    actor: 'self',
    params: [
      // Changelog 223: appid is required; before, it defaulted to org.zulip.Zulip.
      { name: 'appid', kind: STRING, required: true, requiredSince: 223, valid: () => 'org.zulip.Zulip', invalid: ['', 'bad app!', 'a/b'] },
      { name: 'token', kind: STRING, required: true, valid: () => 'c0ffee', invalid: BAD_APNS_TOKENS },
    ],
    observe: nothing,
  },
  {
    operation: 'remove-apns-token',
    method: 'DELETE',
    path: '/users/me/apns_device_token',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'token', kind: STRING, required: true, valid: () => 'c0ffee', invalid: BAD_APNS_TOKENS }],
    observe: nothing,
  },
  {
    operation: 'add-fcm-token',
    method: 'POST',
    path: '/users/me/android_gcm_reg_id',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'token', kind: STRING, required: true, valid: () => 'bad-input-fcm-token', invalid: BAD_TOKENS }],
    observe: nothing,
  },
  {
    operation: 'remove-fcm-token',
    method: 'DELETE',
    path: '/users/me/android_gcm_reg_id',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'token', kind: STRING, required: true, valid: () => 'bad-input-fcm-token', invalid: BAD_TOKENS }],
    observe: nothing,
  },
  {
    operation: 'test-notify',
    method: 'POST',
    path: '/mobile_push/test_notification',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'token', kind: STRING }],
    observe: nothing,
  },
  {
    operation: 'e2ee-test-notify',
    method: 'POST',
    path: '/mobile_push/e2ee/test_notification',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'device_id', kind: INT }],
    observe: nothing,
  },
  {
    operation: 'register-push-device',
    method: 'POST',
    path: '/mobile_push/register',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'device_id', kind: INT, required: true, valid: () => '1' },
      { name: 'token_kind', kind: enumOf('fcm', 'apns') },
      { name: 'push_key', kind: STRING },
      { name: 'push_key_id', kind: INT },
      { name: 'bouncer_public_key', kind: STRING },
      { name: 'encrypted_push_registration', kind: STRING },
      { name: 'token_id', kind: STRING },
    ],
    observe: nothing,
  },
];
