import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';

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
      authentication_methods: { password: realm.passwordAuthEnabled, dev: false, email: realm.passwordAuthEnabled, ldap: false, remoteuser: false, github: false, azuread: false, gitlab: false, apple: false, google: false, saml: false, 'openid connect': false },
      external_authentication_methods: [],
      zulip_feature_level: state.featureLevel,
      zulip_version: state.zulipVersion,
      zulip_merge_base: state.zulipVersion,
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: realm.passwordAuthEnabled,
      require_email_format_usernames: true,
      realm_uri: origin,
      realm_url: origin,
      realm_name: realm.name,
      realm_icon: '/static/images/logo/zulip-icon-128x128.png',
      realm_description: '',
      realm_web_public_access_enabled: false,
    });
  },
});
