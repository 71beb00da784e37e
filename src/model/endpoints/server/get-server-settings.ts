import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { serverVersionAt } from '../../feature-levels/releases.js';
import { succeed } from '../../outcome.js';
import { renderMarkdown } from '../../present/markdown.js';
import { areWebPublicChannelsEnabled } from '../../rules/channels.js';
import type { State } from '../../state.js';
import { rows } from '../../tables/table.js';

/**
 * Whether spectators can read anything: the server allows web-public
 * channels, the organization allows spectators, and an unarchived
 * web-public channel exists (the real server's allow_web_public_streams_access).
 */
export function isWebPublicAccessEnabled(state: State): boolean {
  if (!areWebPublicChannelsEnabled(state)) return false;
  for (const channel of rows(state.channels)) if (channel.isWebPublic && !channel.isArchived) return true;
  return false;
}

/** GET /server_settings: unauthenticated facts clients read before logging in (the Python client needs zulip_version). */
export const getServerSettings = defineEndpoint({
  operation: 'get-server-settings',
  method: 'GET',
  path: '/server_settings',
  auth: 'none',
  params: z.object({}),
  reduce(state, { origin }) {
    const { realm } = state;
    return succeed(state, {
      authentication_methods: {
        password: realm.passwordAuthEnabled,
        dev: false,
        email: realm.passwordAuthEnabled,
        ldap: false,
        remoteuser: false,
        github: false,
        azuread: false,
        gitlab: false,
        apple: false,
        google: false,
        saml: false,
        'openid connect': false,
        discord: false,
      },
      external_authentication_methods: [],
      zulip_feature_level: state.featureLevel,
      zulip_version: serverVersionAt(state.featureLevel).zulipVersion,
      zulip_merge_base: serverVersionAt(state.featureLevel).zulipMergeBase,
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: realm.passwordAuthEnabled,
      require_email_format_usernames: true,
      realm_uri: origin,
      realm_url: origin,
      realm_name: realm.name,
      realm_icon: '/static/images/logo/zulip-icon-128x128.png',
      // The real server sends the description rendered.
      realm_description: realm.settings.description === '' ? '' : renderMarkdown(realm.settings.description),
      realm_web_public_access_enabled: isWebPublicAccessEnabled(state),
    });
  },
});
