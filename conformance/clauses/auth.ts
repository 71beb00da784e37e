/** Authentication: HTTP Basic on every endpoint, and the two key-fetch endpoints. */
import type { Clause } from '../clauses.js';

const FETCH = 'POST /fetch_api_key';
const JWT = 'POST /jwt/fetch_api_key';
const FETCH_SECTION = 'POST /fetch_api_key — password-based key fetch';
const JWT_SECTION = 'POST /jwt/fetch_api_key — token-based key fetch';

export const AUTH_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  {
    id: 'auth.basic.required',
    section: 'Authentication',
    summary: 'Every endpoint except the two key fetches needs credentials; without them the request fails and changes nothing.',
    level: 'spec',
  },
  {
    id: 'auth.basic.credentials',
    section: 'Authentication',
    summary: 'Basic credentials are the account email as username and its API key as password; they act as that account.',
    level: 'spec',
  },
  {
    id: 'auth.basic.wrong-key',
    section: 'Authentication',
    summary: 'A key that is not the named account’s key does not authenticate.',
    level: 'spec',
  },
  {
    id: 'auth.fetch-api-key.unauthenticated',
    section: FETCH_SECTION,
    summary: 'The password key fetch needs no credentials.',
    level: 'spec',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.params',
    section: FETCH_SECTION,
    summary: 'username and password are both required.',
    level: 'spec',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.response',
    section: FETCH_SECTION,
    summary: 'A successful fetch answers api_key (string), email (string) and user_id (integer).',
    level: 'spec',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.refused',
    section: 'Authentication',
    summary:
      'Only the account’s own password yields its key: a wrong password, another account’s password, or a deactivated account (even with its right password) gets none.',
    level: 'spec',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.exchange',
    section: 'Authentication',
    summary: 'The key a correct username and password fetch is the account’s API key: it authenticates as that account.',
    level: 'spec',
    endpoint: FETCH,
  },
  {
    id: 'auth.jwt.unauthenticated',
    section: JWT_SECTION,
    summary: 'The token key fetch needs no credentials.',
    level: 'spec',
    endpoint: JWT,
  },
  {
    id: 'auth.jwt.token-required',
    section: JWT_SECTION,
    summary: 'token is required: without it no key is handed out.',
    level: 'spec',
    endpoint: JWT,
  },
  {
    id: 'auth.jwt.signed',
    section: JWT_SECTION,
    summary: 'Only a token signed for the organization yields a key: forged or unsigned tokens get none.',
    level: 'spec',
    endpoint: JWT,
  },
  {
    id: 'auth.jwt.exchange',
    section: JWT_SECTION,
    summary: 'A token signed with the organization’s key whose email claim names an active user yields that user’s API key and email.',
    level: 'spec',
    endpoint: JWT,
  },
  {
    id: 'auth.jwt.expiry',
    section: JWT_SECTION,
    summary: 'A signed token is a JSON Web Token: one past its exp or before its nbf yields no key, even with the right signature.',
    level: 'spec',
    endpoint: JWT,
  },
  {
    id: 'auth.jwt.include-profile',
    section: JWT_SECTION,
    summary: 'include_profile is a boolean; a value that is not one is refused.',
    level: 'spec',
    endpoint: JWT,
  },
  // ---------------------------------------------------------------- compat
  {
    id: 'auth.basic.missing-401',
    section: 'server-core.md: Basic authentication',
    summary: 'No Authorization header: 401 UNAUTHORIZED with a Basic WWW-Authenticate challenge.',
    level: 'compat',
  },
  {
    id: 'auth.basic.not-basic',
    section: 'server-core.md: Basic authentication',
    summary: 'A scheme other than Basic: 400 BAD_REQUEST "This endpoint requires HTTP basic authentication."',
    level: 'compat',
  },
  {
    id: 'auth.basic.malformed',
    section: 'server-core.md: Basic authentication',
    summary: 'Undecodable Basic credentials: 401 UNAUTHORIZED "Invalid authorization header for basic auth".',
    level: 'compat',
  },
  {
    id: 'auth.basic.malformed-key',
    section: 'server-core.md: Basic authentication',
    summary: 'A key that is not 32 letters and digits: 401 UNAUTHORIZED "Malformed API key".',
    level: 'compat',
  },
  {
    id: 'auth.basic.invalid-key',
    section: 'server-core.md: Basic authentication',
    summary: 'A wrong key or an unknown username: the same 401 UNAUTHORIZED "Invalid API key".',
    level: 'compat',
  },
  {
    id: 'auth.basic.deactivated',
    section: 'server-core.md: Basic authentication',
    summary: 'A deactivated account’s valid credentials: 401 UNAUTHORIZED "Account is deactivated".',
    level: 'compat',
  },
  {
    id: 'auth.basic.username-case',
    section: 'server-core.md: Basic authentication',
    summary: 'The username is compared without regard to letter case.',
    level: 'compat',
  },
  {
    id: 'auth.fetch-api-key.missing-argument',
    section: 'server-core.md: /fetch_api_key',
    summary: 'A missing username or password: 400 REQUEST_VARIABLE_MISSING "Missing \'x\' argument".',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.wrong-password',
    section: 'server-core.md: /fetch_api_key',
    summary: 'A wrong or empty password, or an unknown address: the same 401 AUTHENTICATION_FAILED "Your username or password is incorrect".',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.deactivated',
    section: 'server-core.md: /fetch_api_key',
    summary: 'A deactivated account: 401 USER_DEACTIVATED "Account is deactivated", whatever the password.',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.invalid-username',
    section: 'server-core.md: /fetch_api_key',
    summary: 'A username that is not an email address (no LDAP): 400 BAD_REQUEST "Enter a valid email address."',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.delivery-email',
    section: 'server-core.md: /fetch_api_key',
    summary: 'email is the account’s real address and the key stays the same across fetches.',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.fetch-api-key.post-only',
    section: 'server-core.md: POST /fetch_api_key and POST /jwt/fetch_api_key',
    summary: 'The key-fetch paths serve POST only: other methods are 405 with allowed_methods ["POST"].',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.jwt.errors',
    section: 'server-core.md: /jwt/fetch_api_key',
    summary:
      'A missing or bad token is 400 BAD_REQUEST with the real server’s message, or "JWT authentication is not enabled for this organization" when the realm has no JWT key.',
    level: 'compat',
    endpoint: JWT,
  },
  // Rate limits: the spec's Limits section says "not shown"; the real server's authenticate_by_username rule.
  {
    id: 'auth.rate-limit.wrong-passwords',
    section: 'Limits; server-core.md: /fetch_api_key',
    summary:
      'Repeated wrong passwords for one account meet 429 RATE_LIMIT_HIT "API usage exceeded rate limit" with retry-after seconds in the body and a Retry-After header (the real server: from the 6th attempt in 30 minutes).',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.rate-limit.locked',
    section: 'Limits; server-core.md: /fetch_api_key',
    summary: 'While an account is limited, even its right password gets 429 and no key.',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.rate-limit.per-account',
    section: 'Limits; server-core.md: /fetch_api_key',
    summary: 'The limit is the account’s own: another account still fetches its key meanwhile.',
    level: 'compat',
    endpoint: FETCH,
  },
  {
    id: 'auth.rate-limit.window',
    section: 'Limits; server-core.md: /fetch_api_key',
    summary: 'Once retry-after seconds have passed, the account’s right password fetches its key again.',
    level: 'compat',
    endpoint: FETCH,
  },
];
