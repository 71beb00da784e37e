/** The bot endpoints and the account endpoints around them (reactivation, own key, own deactivation), as the property checks see them. */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv } from './endpoint-spec.js';
import { ANY_JSON, BOOL, INT, intEnumOf, nothing, OBJECT, STRING, userRead } from './param-kinds.js';

const ROLE = intEnumOf(100, 200, 300, 400, 600);

/** A bot a chance success created is deactivated again. */
async function deactivateCreatedBot(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as Record<string, unknown> | null)?.['user_id'];
  if (response.status === 200 && typeof id === 'number') await call(env.owner, 'DELETE', `/bots/${id}`);
}

/** `self` deactivated by a chance success is brought back (their key is unchanged). */
async function reactivateSelf(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  if (response.status === 200) await call(env.owner, 'POST', `/users/${env.self.userId}/reactivate`);
}

const ownBots = () => [{ path: '/bots' }];

export const BOT_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'get-bots',
    method: 'GET',
    path: '/bots',
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: nothing,
  },
  {
    operation: 'create-bot',
    method: 'POST',
    path: '/bots',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'full_name', kind: STRING, required: true, valid: (env) => env.unique('bot'), invalid: ['', 'a', 'x*y'] },
      { name: 'short_name', kind: STRING, required: true, valid: (env) => env.unique('b'), invalid: ['', ' ', 'two words'] },
      { name: 'bot_type', kind: INT, invalid: ['0', '5', '99'] },
      { name: 'payload_url', kind: ANY_JSON, invalid: ['"not a url"', '1'] },
      { name: 'service_name', kind: STRING },
      { name: 'config_data', kind: OBJECT, invalid: ['{"a":1}', '[]'] },
      { name: 'interface_type', kind: INT, invalid: ['0', '3'] },
      { name: 'default_sending_stream', kind: STRING, invalid: ['no such channel anywhere'] },
      { name: 'default_events_register_stream', kind: STRING, invalid: ['no such channel anywhere'] },
      { name: 'default_all_public_streams', kind: BOOL },
    ],
    observe: ownBots,
    cleanUp: deactivateCreatedBot,
  },
  {
    operation: 'update-bot',
    method: 'PATCH',
    path: '/bots/{bot_id}',
    pathParams: { bot_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'full_name', kind: STRING },
      { name: 'short_name', kind: STRING },
      { name: 'role', kind: ROLE },
      { name: 'bot_owner_id', kind: INT },
      { name: 'config_data', kind: OBJECT },
      { name: 'service_payload_url', kind: ANY_JSON },
      { name: 'service_interface', kind: INT },
      { name: 'default_sending_stream', kind: STRING },
      { name: 'default_events_register_stream', kind: STRING },
      { name: 'default_all_public_streams', kind: BOOL },
    ],
    observe: ownBots,
  },
  {
    operation: 'deactivate-bot',
    method: 'DELETE',
    path: '/bots/{bot_id}',
    pathParams: { bot_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: ownBots,
  },
  {
    operation: 'regenerate-bot-api-key',
    method: 'POST',
    path: '/bots/{bot_id}/api_key/regenerate',
    pathParams: { bot_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: ownBots,
  },
  {
    operation: 'reactivate-user',
    method: 'POST',
    path: '/users/{user_id}/reactivate',
    pathParams: { user_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: nothing,
  },
  {
    operation: 'regenerate-api-key',
    method: 'POST',
    path: '/users/me/api_key/regenerate',
    auth: 'basic',
    // A success would leave the shared caller with a key the run no longer knows.
    actor: 'deactivated',
    params: [],
    observe: nothing,
  },
  {
    operation: 'deactivate-own-user',
    method: 'DELETE',
    path: '/users/me',
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: (env) => [userRead(env.self.userId)],
    cleanUp: reactivateSelf,
  },
];
