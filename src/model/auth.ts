/**
 * HTTP Basic authentication as the real server does it on /api/ paths: a
 * pure lookup of the acting user from the raw Authorization header.
 */
import { Errors } from './errors.js';
import { memoizeString } from './memo.js';
import { accept, type Checked, reject } from './outcome.js';
import { isBot } from './rules/roles.js';
import { selectUserByDeliveryEmail } from './rules/users.js';
import { secretsEqual } from './secrets.js';
import type { State, User } from './state.js';

export type BasicCredentials =
  | { readonly kind: 'absent' }
  | { readonly kind: 'not-basic' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'basic'; readonly username: string; readonly apiKey: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const API_KEY_FORMAT = /^[A-Za-z0-9]{32}$/;
const DUMMY_KEY = '0'.repeat(32);
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export function parseBasicAuthorization(header: string | null | undefined): BasicCredentials {
  if (header === undefined || header === null) return { kind: 'absent' };
  return parseHeaderMemo(header);
}

const parseHeaderMemo = memoizeString((header: string) => Object.freeze(parseHeader(header)));

function parseHeader(header: string): BasicCredentials {
  const parts = header
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '');
  if (parts.length !== 2) return { kind: 'malformed' };
  const [scheme, encoded] = parts as [string, string];
  if (scheme.toLowerCase() !== 'basic') return { kind: 'not-basic' };
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return { kind: 'malformed' };
  let decoded: string;
  try {
    decoded = STRICT_UTF8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return { kind: 'malformed' };
  }
  const fields = decoded.split(':');
  if (fields.length !== 2) return { kind: 'malformed' };
  return { kind: 'basic', username: fields[0]!.trim(), apiKey: fields[1]!.trim() };
}

/** Builds the header value a client would send. */
export function basicAuthorization(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`, 'utf8').toString('base64')}`;
}

export function authenticate(state: State, header: string | null | undefined): Checked<User> {
  const credentials = parseBasicAuthorization(header);
  switch (credentials.kind) {
    case 'absent':
      return reject(Errors.notLoggedIn());
    case 'not-basic':
      return reject(Errors.basicAuthRequired());
    case 'malformed':
      return reject(Errors.invalidBasicHeader());
  }
  if (!API_KEY_FORMAT.test(credentials.apiKey)) return reject(Errors.malformedApiKey());
  const user = selectUserByDeliveryEmail(state, credentials.username);
  // Compare against a dummy key for unknown addresses so timing does not tell them apart.
  const keyMatches = secretsEqual(credentials.apiKey, user?.apiKey ?? DUMMY_KEY);
  if (!user || !keyMatches) return reject(Errors.invalidApiKey());
  // Only holders of valid credentials learn that the realm or the account is deactivated.
  if (state.realm.deactivated) return reject(Errors.realmDeactivatedBasic());
  if (!user.isActive) return reject(Errors.accountDeactivatedBasic());
  if (isBot(user) && user.botType === 2) {
    return reject(Errors.webhookBotNotAllowed());
  }
  return accept(user);
}
