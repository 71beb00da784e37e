/**
 * Browser sessions on /json/ paths, as the real server's Django stack checks
 * them: the sessionid cookie logs a user in, and every unsafe request must
 * echo the csrftoken cookie in X-CSRFToken (Django's CsrfViewMiddleware,
 * whose reasons Zulip's csrf_failure returns as JSON).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { ModelRequest } from '../request.js';
import { secretsEqual } from '../secrets.js';
import type { State, User } from '../state.js';
import { getRow } from '../tables/table.js';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
/** Zulip's SESSION_COOKIE_AGE: two weeks. */
export const SESSION_AGE_SECONDS = 14 * 24 * 60 * 60;
/** Django's CSRF_COOKIE_AGE: a year of 52 weeks. */
export const CSRF_COOKIE_AGE_SECONDS = 52 * 7 * 24 * 60 * 60;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const CSRF_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CSRF_SECRET_LENGTH = 32;

/** The name=value pairs of a Cookie header; the first of a repeated name wins, as Django's parser keeps it. */
export function parseCookies(header: string | null | undefined): ReadonlyMap<string, string> {
  const cookies = new Map<string, string>();
  if (header === null || header === undefined) return cookies;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** The user a live session cookie logs in, or null (no cookie, unknown or lapsed session, deactivated user or realm). */
export function selectSessionUser(state: State, cookieHeader: string | null | undefined, now: number): User | null {
  const key = parseCookies(cookieHeader).get(SESSION_COOKIE);
  if (key === undefined) return null;
  const session = getRow(state.sessions, key);
  if (session === undefined || session.expiresAt <= now) return null;
  const user = getRow(state.users, session.userId);
  if (user === undefined || !user.isActive || state.realm.deactivated) return null;
  return user;
}

/** Django's _unmask_cipher_token: a 64-character token is a mask followed by the secret shifted by it. */
function unmaskToken(token: string): string {
  const mask = token.slice(0, CSRF_SECRET_LENGTH);
  const cipher = token.slice(CSRF_SECRET_LENGTH);
  let secret = '';
  for (let i = 0; i < CSRF_SECRET_LENGTH; i++) {
    const shifted = CSRF_ALPHABET.indexOf(cipher[i]!) - CSRF_ALPHABET.indexOf(mask[i]!);
    secret += CSRF_ALPHABET[(shifted + CSRF_ALPHABET.length) % CSRF_ALPHABET.length];
  }
  return secret;
}

/** Django's _check_token_format: 32 (a secret) or 64 (a masked secret) characters of its alphabet. */
function tokenFormatProblem(token: string): string | null {
  if (token.length !== CSRF_SECRET_LENGTH && token.length !== 2 * CSRF_SECRET_LENGTH) return 'has incorrect length';
  return /^[a-zA-Z0-9]+$/.test(token) ? null : 'has invalid characters';
}

function asSecret(token: string): string {
  return token.length === CSRF_SECRET_LENGTH ? token : unmaskToken(token);
}

/**
 * CsrfViewMiddleware for a logged-in request: safe methods pass; others need
 * the csrftoken cookie and the same secret from the POST form field
 * csrfmiddlewaretoken or the X-CSRFToken header, with Django's reasons.
 */
export function checkCsrf(request: ModelRequest): Checked<true> {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return accept(true);
  const cookie = parseCookies(request.cookie).get(CSRF_COOKIE);
  if (cookie === undefined || tokenFormatProblem(cookie) !== null) return reject(Errors.csrfFailed('CSRF cookie not set.'));
  const formToken = request.method.toUpperCase() === 'POST' ? (request.params['csrfmiddlewaretoken'] ?? '') : '';
  const fromForm = formToken !== '';
  const token = fromForm ? formToken : request.csrfToken;
  if (token === undefined || token === null) return reject(Errors.csrfFailed('CSRF token missing.'));
  const source = fromForm ? 'POST' : "the 'X-Csrftoken' HTTP header";
  const problem = tokenFormatProblem(token);
  if (problem !== null) return reject(Errors.csrfFailed(`CSRF token from ${source} ${problem}.`));
  if (!secretsEqual(asSecret(token), asSecret(cookie))) return reject(Errors.csrfFailed(`CSRF token from ${source} incorrect.`));
  return accept(true);
}

/**
 * Authentication on /json/ paths: a session cookie (then the CSRF check),
 * else HTTP Basic credentials as on /api/ paths, else "Not logged in".
 */
export function authenticateJsonRequest(
  state: State,
  request: ModelRequest,
  now: number,
  basic: (header: string | null | undefined) => Checked<User>,
): Checked<User> {
  const user = selectSessionUser(state, request.cookie, now);
  if (user !== null) {
    const csrf = checkCsrf(request);
    return csrf.ok ? accept(user) : reject(csrf.error);
  }
  if (request.authorization !== undefined && request.authorization !== null) return basic(request.authorization);
  return reject(Errors.notLoggedInSession());
}

/** An HTTP-date (RFC 9110 IMF-fixdate) for a cookie's Expires attribute. */
function httpDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toUTCString();
}

/** The Set-Cookie values Django sends when a login opens a session (session cookie, then the rotated CSRF cookie). */
export function sessionCookies(sessionKey: string, csrfToken: string, now: number): readonly string[] {
  return [
    `${SESSION_COOKIE}=${sessionKey}; expires=${httpDate(now + SESSION_AGE_SECONDS)}; HttpOnly; Max-Age=${SESSION_AGE_SECONDS}; Path=/; SameSite=Lax`,
    `${CSRF_COOKIE}=${csrfToken}; expires=${httpDate(now + CSRF_COOKIE_AGE_SECONDS)}; Max-Age=${CSRF_COOKIE_AGE_SECONDS}; Path=/; SameSite=Lax`,
  ];
}
