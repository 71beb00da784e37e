/** GET /server_settings: what a client learns before logging in, and the API's version. */
import { defineChecks } from '../../check.js';
import { expectSuccess, expectTrue } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';

export const SERVER_SETTINGS_CHECKS = defineChecks([
  {
    id: 'general.versioning.feature-level',
    title: 'Given no credentials, when GET /api/v1/server_settings is called, then it succeeds and reports an integer feature level',
    clauses: ['general.versioning.feature-level', 'general.versioning.prefix', 'general.server-settings.unauthenticated'],
    level: 'spec',
    endpoint: 'GET /server_settings',
    async run(ctx) {
      const body = expectSuccess(await ctx.call(null, 'GET', '/server_settings'), 'general.versioning.prefix');
      const level = body['zulip_feature_level'];
      expectTrue(
        Number.isInteger(level) && (level as number) >= 1,
        `an integer zulip_feature_level, got ${JSON.stringify(level)}`,
        'general.versioning.feature-level',
      );
    },
  },
  {
    id: 'general.server-settings.fields',
    title: 'Given no credentials, when GET /server_settings is called, then it reports version, realm URL and name, and the enabled authentication methods',
    clauses: ['general.server-settings.fields', 'general.server-settings.unauthenticated'],
    level: 'compat',
    endpoint: 'GET /server_settings',
    async run(ctx) {
      const body = expectSuccess(await ctx.call(null, 'GET', '/server_settings'));
      expectTrue(
        typeof body['zulip_version'] === 'string' && body['zulip_version'] !== '',
        `a zulip_version string, got ${JSON.stringify(body['zulip_version'])}`,
      );
      expectTrue(typeof body['realm_name'] === 'string', `a realm_name string, got ${JSON.stringify(body['realm_name'])}`);
      // realm_uri was renamed realm_url at 257.
      const urlKey = sendsKeyAt(ctx.featureLevel, 'get-server-settings', 'realm_url') ? 'realm_url' : 'realm_uri';
      const url = body[urlKey];
      expectTrue(typeof url === 'string' && URL.canParse(url), `${urlKey} to be a URL, got ${JSON.stringify(url)}`);
      expectTrue(typeof body['email_auth_enabled'] === 'boolean', `an email_auth_enabled boolean, got ${JSON.stringify(body['email_auth_enabled'])}`);
      const methods = body['authentication_methods'];
      expectTrue(
        methods !== null && typeof methods === 'object' && typeof (methods as Record<string, unknown>)['password'] === 'boolean',
        `authentication_methods with a password flag, got ${JSON.stringify(methods)}`,
      );
      // The run's cast logs in with passwords, so the password method must be on.
      expectTrue(
        (methods as Record<string, unknown>)['password'] === true && body['email_auth_enabled'] === true,
        'password authentication to be reported as enabled',
      );
    },
  },
]);
