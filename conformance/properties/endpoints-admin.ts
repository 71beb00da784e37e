/**
 * What an administrator manages, as the property checks see it: channel
 * creation, channel folders, invitations, default channels, code
 * playgrounds, the channel e-mail address, data exports, the welcome
 * message preview and the defaults for new users. A chance success is
 * undone where the API allows it (archived, revoked, removed); writes whose
 * success would leave lasting traces on a live server (exports, the preview
 * message, realm-wide defaults) are made as `self`, a member, whom the
 * administrator check refuses before any parameter is read.
 */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, ParamSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { ANY_JSON, BOOL, CHANNEL_GROUP_SETTINGS, enumOf, GROUP_SETTING, INT, INT_LIST, intEnumOf, nothing, optional, STRING } from './param-kinds.js';

const folders: ReadBack = { path: '/channel_folders', params: { include_archived: 'true' } };
const invites: ReadBack = { path: '/invites' };

const INVITATION_TERMS: readonly ParamSpec[] = [
  { name: 'invite_expires_in_minutes', kind: INT, nullable: true },
  { name: 'invite_as', kind: intEnumOf(100, 200, 300, 400, 600) },
  { name: 'group_ids', kind: INT_LIST },
  ...optional(BOOL, 'include_realm_default_subscriptions'),
  { name: 'welcome_message_custom_text', kind: STRING, invalid: ['x'.repeat(8001)] },
];

function idFrom(response: TargetResponse, key: string): number | undefined {
  const value = (response.body as Record<string, unknown> | null)?.[key];
  return response.status === 200 && typeof value === 'number' ? value : undefined;
}

/** Revokes the invitations of `actor` a chance success made (matched by address or link). */
async function revokeInvitations(
  env: PropertyEnv,
  call: CleanupCall,
  actor: PropertyEnv['self'],
  matches: (invite: Record<string, unknown>) => boolean,
): Promise<void> {
  const listed = (await call(actor, 'GET', '/invites')).body as { invites?: Record<string, unknown>[] } | null;
  for (const invite of listed?.invites ?? []) {
    if (!matches(invite)) continue;
    const path = invite['is_multiuse'] === true ? `/invites/multiuse/${String(invite['id'])}` : `/invites/${String(invite['id'])}`;
    await call(env.owner, 'DELETE', path);
  }
}

export const ADMIN_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'create-channel',
    method: 'POST',
    path: '/channels/create',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'name', kind: STRING, required: true, valid: (env) => env.unique('created').slice(-60), invalid: ['', '   ', 'x'.repeat(61)] },
      { name: 'subscribers', kind: INT_LIST, required: true, valid: () => '[]', invalid: ['[999999999]'] },
      { name: 'description', kind: STRING, invalid: ['x'.repeat(1025)] },
      ...optional(BOOL, 'announce', 'invite_only', 'is_web_public', 'is_default_stream', 'history_public_to_subscribers'),
      { name: 'message_retention_days', kind: ANY_JSON, invalid: ['"forever"', '1.5', '[]'] },
      { name: 'topics_policy', kind: ANY_JSON, invalid: ['"never"', '1', '[]'] },
      { name: 'folder_id', kind: INT, nullable: true, invalid: ['999999999'] },
      ...optional(GROUP_SETTING, ...CHANNEL_GROUP_SETTINGS),
    ],
    observe: nothing,
    async cleanUp(env, response, call) {
      const id = idFrom(response, 'id');
      if (id !== undefined) await call(env.owner, 'DELETE', `/streams/${id}`);
    },
  },
  {
    operation: 'get-stream-email-address',
    method: 'GET',
    path: '/streams/{stream_id}/email_address',
    pathParams: { stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'sender_id', kind: INT }],
    observe: nothing,
  },
  {
    operation: 'get-channel-folders',
    method: 'GET',
    path: '/channel_folders',
    auth: 'basic',
    actor: 'self',
    params: optional(BOOL, 'include_archived'),
    observe: () => [folders],
  },
  {
    operation: 'create-channel-folder',
    method: 'POST',
    path: '/channel_folders/create',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, required: true, valid: (env) => env.unique('folder').slice(-60), invalid: ['', '   ', 'x'.repeat(61), 'a\u0000b'] },
      { name: 'description', kind: STRING, required: true, valid: () => '', invalid: ['x'.repeat(1025)] },
    ],
    observe: () => [folders],
    async cleanUp(env, response, call) {
      const id = idFrom(response, 'channel_folder_id');
      if (id !== undefined) await call(env.owner, 'PATCH', `/channel_folders/${id}`, { is_archived: 'true' });
    },
  },
  {
    operation: 'update-channel-folder',
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    pathParams: { channel_folder_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, invalid: ['x'.repeat(61)] },
      { name: 'description', kind: STRING, invalid: ['x'.repeat(1025)] },
      ...optional(BOOL, 'is_archived'),
    ],
    observe: () => [folders],
  },
  {
    operation: 'patch-channel-folders',
    method: 'PATCH',
    path: '/channel_folders',
    // Only an order naming every folder is accepted; the base names none, so it succeeds only in a realm without folders.
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'order', kind: INT_LIST, required: true, valid: () => '[]' }],
    observe: () => [folders],
  },
  {
    operation: 'add-default-stream',
    method: 'POST',
    path: '/default_streams',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'stream_id', kind: INT, required: true, valid: (env) => String(env.channel.id), invalid: ['999999999'] }],
    observe: nothing,
    async cleanUp(env, response, call) {
      if (response.status === 200) await call(env.owner, 'DELETE', '/default_streams', { stream_id: String(env.channel.id) });
    },
  },
  {
    operation: 'remove-default-stream',
    method: 'DELETE',
    path: '/default_streams',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'stream_id', kind: INT, required: true, valid: (env) => String(env.channel.id), invalid: ['999999999'] }],
    observe: nothing,
  },
  { operation: 'get-invites', method: 'GET', path: '/invites', auth: 'basic', actor: 'self', params: [], observe: () => [invites] },
  {
    operation: 'send-invites',
    method: 'POST',
    path: '/invites',
    auth: 'basic',
    actor: 'self',
    params: [
      {
        name: 'invitee_emails',
        kind: STRING,
        required: true,
        valid: (env) => `${env.unique('invitee').toLowerCase()}@${env.domain}`,
        invalid: ['', 'not-an-address'],
      },
      { name: 'stream_ids', kind: INT_LIST, required: true, valid: () => '[]', invalid: ['[999999999]'] },
      ...optional(BOOL, 'notify_referrer_on_join'),
      ...INVITATION_TERMS,
    ],
    observe: () => [invites],
    // `self` is a throw-away member: whatever e-mail invitations they hold, a chance success made.
    async cleanUp(env, response, call) {
      if (response.status === 200 || (response.body as { code?: unknown } | null)?.code === 'INVITATION_FAILED') {
        await revokeInvitations(env, call, env.self, (invite) => invite['is_multiuse'] !== true);
      }
    },
  },
  {
    operation: 'revoke-email-invite',
    method: 'DELETE',
    path: '/invites/{invite_id}',
    pathParams: { invite_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: () => [invites],
  },
  {
    operation: 'resend-email-invite',
    method: 'POST',
    path: '/invites/{invite_id}/resend',
    pathParams: { invite_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: () => [invites],
  },
  {
    operation: 'create-invite-link',
    method: 'POST',
    path: '/invites/multiuse',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'stream_ids', kind: INT_LIST, invalid: ['[999999999]'] }, ...INVITATION_TERMS],
    observe: () => [invites],
    async cleanUp(env, response, call) {
      const link = (response.body as { invite_link?: unknown } | null)?.invite_link;
      if (response.status === 200 && typeof link === 'string') await revokeInvitations(env, call, env.owner, (invite) => invite['link_url'] === link);
    },
  },
  {
    operation: 'revoke-invite-link',
    method: 'DELETE',
    path: '/invites/multiuse/{invite_id}',
    pathParams: { invite_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [invites],
  },
  {
    operation: 'add-code-playground',
    method: 'POST',
    path: '/realm/playgrounds',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, required: true, valid: (env) => env.unique('playground'), invalid: ['', '  '] },
      { name: 'pygments_language', kind: STRING, required: true, valid: () => 'Python', invalid: ['', 'a$b', 'x'.repeat(41)] },
      {
        name: 'url_template',
        kind: STRING,
        required: true,
        valid: () => 'https://play.example.com/?code={code}',
        invalid: ['', 'https://play.example.com/', 'https://play.example.com/{code', 'https://play.example.com/{code}{x}'],
      },
    ],
    observe: nothing,
    async cleanUp(env, response, call) {
      const id = idFrom(response, 'id');
      if (id !== undefined) await call(env.owner, 'DELETE', `/realm/playgrounds/${id}`);
    },
  },
  {
    operation: 'remove-code-playground',
    method: 'DELETE',
    path: '/realm/playgrounds/{playground_id}',
    pathParams: { playground_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: nothing,
  },
  { operation: 'get-realm-exports', method: 'GET', path: '/export/realm', auth: 'basic', actor: 'owner', params: [], observe: nothing },
  { operation: 'get-realm-export-consents', method: 'GET', path: '/export/realm/consents', auth: 'basic', actor: 'owner', params: [], observe: nothing },
  {
    operation: 'export-realm',
    method: 'POST',
    path: '/export/realm',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'export_type', kind: intEnumOf(1, 2) }],
    observe: nothing,
  },
  {
    operation: 'test-welcome-bot-custom-message',
    method: 'POST',
    path: '/realm/test_welcome_bot_custom_message',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'welcome_message_custom_text', kind: STRING, required: true, valid: () => 'Welcome!', invalid: [''] }],
    observe: nothing,
  },
  {
    operation: 'update-realm-user-settings-defaults',
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    auth: 'basic',
    actor: 'self',
    params: [
      ...optional(BOOL, 'enter_sends', 'high_contrast_mode'),
      { name: 'emojiset', kind: enumOf('google', 'twitter', 'text', 'google-blob') },
      { name: 'web_font_size_px', kind: INT },
      { name: 'notification_sound', kind: STRING },
    ],
    observe: nothing,
  },
];
