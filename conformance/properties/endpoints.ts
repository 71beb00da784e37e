/**
 * Every endpoint the suite knows, as the property checks see it. Adding an
 * endpoint to the server means adding one entry here (the unit test next to
 * this file fails until every route has one).
 */

import type { EndpointSpec, ParamSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { ADMIN_ENDPOINT_SPECS } from './endpoints-admin.js';
import { BOT_ENDPOINT_SPECS } from './endpoints-bots.js';
import { CHANNEL_ENDPOINT_SPECS } from './endpoints-channels.js';
import { DRAFT_ENDPOINT_SPECS } from './endpoints-drafts.js';
import { EVENT_ENDPOINT_SPECS } from './endpoints-events.js';
import { GROUP_ENDPOINT_SPECS } from './endpoints-groups.js';
import { LINKIFIER_ENDPOINT_SPECS } from './endpoints-linkifiers.js';
import { MESSAGE_EDIT_ENDPOINT_SPECS } from './endpoints-message-edits.js';
import { MESSAGE_FLAG_ENDPOINT_SPECS } from './endpoints-message-flags.js';
import { MESSAGE_ENDPOINT_SPECS } from './endpoints-messages.js';
import { PERSONAL_ENDPOINT_SPECS } from './endpoints-personal.js';
import { PRESENCE_ENDPOINT_SPECS } from './endpoints-presence.js';
import { PROFILE_FIELD_ENDPOINT_SPECS } from './endpoints-profile-fields.js';
import { REACTION_ENDPOINT_SPECS } from './endpoints-reactions.js';
import { REALM_ENDPOINT_SPECS } from './endpoints-realm.js';
import { REALM_EMOJI_ENDPOINT_SPECS } from './endpoints-realm-emoji.js';
import { SAVED_SNIPPET_ENDPOINT_SPECS } from './endpoints-saved-snippets.js';
import { SCHEDULED_MESSAGE_ENDPOINT_SPECS } from './endpoints-scheduled-messages.js';
import { SETTINGS_ENDPOINT_SPECS } from './endpoints-settings.js';
import { TYPING_ENDPOINT_SPECS } from './endpoints-typing.js';
import { UPLOAD_ENDPOINT_SPECS } from './endpoints-uploads.js';
import { VIDEO_CALL_ENDPOINT_SPECS } from './endpoints-video-calls.js';
import { BOOL, enumOf, envUsers, INT_LIST, intEnumOf, nothing, OBJECT, OBJECT_LIST, optional, STRING, userByRequestedEmail, userRead } from './param-kinds.js';
import { statusRefusal } from './status-refusal.js';

const ROLE = intEnumOf(100, 200, 300, 400, 600);
const REACTION_TYPE = enumOf('unicode_emoji', 'realm_emoji', 'service_extra_emoji');

const USER_VIEW: readonly ParamSpec[] = optional(BOOL, 'client_gravatar', 'include_custom_profile_fields');

const PROFILE_DATA_INVALID = ['[{"value":"x"}]', '[{"id":"1","value":"x"}]', '[{"id":1}]', '[{"id":1,"value":{}}]', '[{"id":1,"value":"x","z":1}]', '{"id":1}'];

const profileFields: ReadBack = { path: '/realm/profile_fields' };
const ownStatus = (env: PropertyEnv): ReadBack => ({ path: `/users/${env.self.userId}/status` });

const updateUserParams: readonly ParamSpec[] = [
  { name: 'full_name', kind: STRING, valid: (env) => env.unique('renamed') },
  { name: 'role', kind: ROLE },
  { name: 'profile_data', kind: OBJECT_LIST, invalid: PROFILE_DATA_INVALID },
  { name: 'new_email', kind: STRING, invalid: ['not-an-address', '@', 'a@'] },
];

const USER_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'fetch-api-key',
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'none',
    slow: true,
    actor: 'none',
    params: [
      // The base asks with a wrong password: a key fetch must not succeed by chance.
      { name: 'username', kind: STRING, required: true, valid: (env) => env.self.email },
      { name: 'password', kind: STRING, required: true, valid: () => 'not-the-password' },
    ],
    observe: (env) => [userRead(env.self.userId)],
  },
  {
    operation: 'dev-fetch-api-key',
    method: 'POST',
    path: '/dev_fetch_api_key',
    auth: 'none',
    actor: 'none',
    // The base names no account: where the development logins are on, a key must not come out by chance.
    params: [{ name: 'username', kind: STRING, required: true, valid: (env) => `${env.unique('nobody')}@${env.domain}` }],
    observe: (env) => [userRead(env.self.userId)],
  },
  {
    operation: 'dev-list-users',
    method: 'GET',
    path: '/dev_list_users',
    auth: 'none',
    actor: 'none',
    params: [],
    observe: nothing,
  },
  {
    operation: 'jwt-fetch-api-key',
    method: 'POST',
    path: '/jwt/fetch_api_key',
    auth: 'none',
    actor: 'none',
    params: [
      { name: 'token', kind: STRING, required: true, valid: () => 'e30.e30.not-signed' },
      { name: 'include_profile', kind: BOOL },
    ],
    observe: (env) => [userRead(env.self.userId)],
  },
  {
    operation: 'get-server-settings',
    method: 'GET',
    path: '/server_settings',
    auth: 'none',
    actor: 'none',
    params: [],
    observe: nothing,
  },
  {
    operation: 'get-users',
    method: 'GET',
    path: '/users',
    auth: 'basic',
    actor: 'owner',
    params: [...USER_VIEW, { name: 'user_ids', kind: INT_LIST, valid: (env) => `[${env.target.id}]` }],
    observe: (env) => [userRead(env.target.id)],
  },
  {
    operation: 'create-user',
    method: 'POST',
    path: '/users',
    auth: 'basic',
    actor: 'owner',
    slow: true,
    params: [
      { name: 'email', kind: STRING, required: true, valid: (env) => `${env.unique('bad-input')}@${env.domain}`.toLowerCase(), invalid: ['not-an-address'] },
      { name: 'password', kind: STRING, required: true, valid: () => 'Conformance-Property-Pw-7319!' },
      { name: 'full_name', kind: STRING, required: true, valid: (env) => env.unique('bad-input') },
    ],
    observe: (_env, request) => [userByRequestedEmail(request)],
    async cleanUp(env, response, call) {
      const id = (response.body as Record<string, unknown> | null)?.['user_id'];
      if (typeof id === 'number') await call(env.owner, 'DELETE', `/users/${id}`);
    },
  },
  {
    operation: 'get-own-user',
    method: 'GET',
    path: '/users/me',
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: (env) => [userRead(env.self.userId)],
  },
  {
    operation: 'get-user',
    method: 'GET',
    path: '/users/{user_id}',
    pathParams: { user_id: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: USER_VIEW,
    observe: (env) => [userRead(env.target.id)],
  },
  {
    operation: 'get-user-by-email',
    method: 'GET',
    path: '/users/{email}',
    pathParams: { email: 'user-email' },
    auth: 'basic',
    actor: 'owner',
    params: USER_VIEW,
    observe: (env) => [userRead(env.target.id)],
  },
  {
    operation: 'update-user',
    method: 'PATCH',
    path: '/users/{user_id}',
    pathParams: { user_id: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: updateUserParams,
    observe: (env) => [userRead(env.target.id), envUsers(env)],
  },
  {
    operation: 'update-user-by-email',
    method: 'PATCH',
    path: '/users/{email}',
    pathParams: { email: 'user-email' },
    auth: 'basic',
    actor: 'owner',
    params: updateUserParams,
    observe: (env) => [userRead(env.target.id), envUsers(env)],
  },
  {
    operation: 'deactivate-user',
    method: 'DELETE',
    path: '/users/{user_id}',
    pathParams: { user_id: 'deactivated-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'actions', kind: OBJECT, invalid: ['{"delete_profile":1}', '{"unknown_action":true}', '[]'] },
      { name: 'deactivation_notification_comment', kind: STRING },
    ],
    observe: (env) => [userRead(env.deactivated.userId), envUsers(env)],
  },
  {
    operation: 'get-user-status',
    method: 'GET',
    path: '/users/{user_id}/status',
    pathParams: { user_id: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => [{ path: `/users/${env.target.id}/status` }],
  },
  {
    operation: 'update-status',
    method: 'POST',
    path: '/users/me/status',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'status_text', kind: STRING, valid: (env) => env.unique('status').slice(-20) },
      { name: 'away', kind: BOOL },
      { name: 'emoji_name', kind: STRING },
      { name: 'emoji_code', kind: STRING },
      // An empty emoji_name clears the emoji: the server then reads neither code nor type.
      { name: 'reaction_type', kind: REACTION_TYPE, readWhen: (params) => Boolean(params['emoji_name']) },
    ],
    refuses: statusRefusal,
    observe: (env) => [ownStatus(env)],
  },
  {
    operation: 'update-profile-data',
    method: 'PATCH',
    path: '/users/me/profile_data',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'data', kind: OBJECT_LIST, required: true, valid: () => '[]', invalid: PROFILE_DATA_INVALID }],
    observe: (env) => [userRead(env.self.userId)],
  },
  {
    operation: 'get-custom-profile-fields',
    method: 'GET',
    path: '/realm/profile_fields',
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [profileFields],
  },
  {
    operation: 'create-custom-profile-field',
    method: 'POST',
    path: '/realm/profile_fields',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, valid: (env) => env.unique('field').slice(-30) },
      { name: 'hint', kind: STRING },
      { name: 'field_data', kind: OBJECT },
      { name: 'field_type', kind: { type: 'int-enum', values: [1, 2, 3, 4, 5, 6, 7, 8] }, required: true, valid: () => '1' },
      { name: 'display_in_profile_summary', kind: BOOL },
      { name: 'required', kind: BOOL },
      { name: 'editable_by_user', kind: BOOL },
    ],
    observe: () => [profileFields],
    async cleanUp(env, response, call) {
      const id = (response.body as Record<string, unknown> | null)?.['id'];
      if (typeof id === 'number') await call(env.owner, 'DELETE', `/realm/profile_fields/${id}`);
    },
  },
];

export const ENDPOINT_SPECS: readonly EndpointSpec[] = [
  ...USER_ENDPOINT_SPECS,
  ...BOT_ENDPOINT_SPECS,
  ...PROFILE_FIELD_ENDPOINT_SPECS,
  ...CHANNEL_ENDPOINT_SPECS,
  ...GROUP_ENDPOINT_SPECS,
  ...REALM_ENDPOINT_SPECS,
  ...LINKIFIER_ENDPOINT_SPECS,
  ...REALM_EMOJI_ENDPOINT_SPECS,
  ...MESSAGE_ENDPOINT_SPECS,
  ...MESSAGE_FLAG_ENDPOINT_SPECS,
  ...MESSAGE_EDIT_ENDPOINT_SPECS,
  ...REACTION_ENDPOINT_SPECS,
  ...TYPING_ENDPOINT_SPECS,
  ...SETTINGS_ENDPOINT_SPECS,
  ...EVENT_ENDPOINT_SPECS,
  ...SAVED_SNIPPET_ENDPOINT_SPECS,
  ...DRAFT_ENDPOINT_SPECS,
  ...SCHEDULED_MESSAGE_ENDPOINT_SPECS,
  ...PERSONAL_ENDPOINT_SPECS,
  ...PRESENCE_ENDPOINT_SPECS,
  ...VIDEO_CALL_ENDPOINT_SPECS,
  ...UPLOAD_ENDPOINT_SPECS,
  ...ADMIN_ENDPOINT_SPECS,
];
