/** The default fixture's passwords and API keys are in the README: a server reachable from elsewhere with them is open to anyone. */
import { isIPv4 } from 'node:net';
import { PUBLISHED_API_KEYS } from '../fixtures/published-logins.js';

/** Whether only this machine can reach a server bound to `host`. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIPv4(v4) && v4.startsWith('127.');
}

function apiKeysOf(fixtureData: unknown): string[] {
  const users = (fixtureData as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) return [];
  return users.map((user) => (user as { api_key?: unknown } | null)?.api_key).filter((key): key is string => typeof key === 'string');
}

/** The warning to print when a server on `host` hands out credentials anyone can read, or null. */
export function publicCredentialsWarning(host: string, fixtureData: unknown): string | null {
  if (isLoopbackHost(host)) return null;
  if (!apiKeysOf(fixtureData).some((key) => PUBLISHED_API_KEYS.has(key))) return null;
  return (
    `chatref: WARNING: listening on ${host} with the default fixture, whose passwords and API keys are published in the README: ` +
    'anyone who can reach this address can log in as any of its users, administrators included. ' +
    'Bind to 127.0.0.1, or start from a fixture with your own credentials (--fixture PATH, or --state FILE from one).'
  );
}

/** The warning to print when a server reachable from elsewhere hands out API keys without a password (--dev-login, the zulip-dev fixture), or null. */
export function devLoginWarning(host: string, devAuthBackend: boolean): string | null {
  if (!devAuthBackend || isLoopbackHost(host)) return null;
  return (
    `chatref: WARNING: listening on ${host} with the development logins on: anyone who can reach this address ` +
    "can fetch any user's API key without a password (POST /api/v1/dev_fetch_api_key). Bind to 127.0.0.1."
  );
}
