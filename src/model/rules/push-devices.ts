/**
 * Mobile push device tokens (the real server's zerver/lib/push_notifications.py)
 * on a server with no push notification service configured: tokens are
 * checked and stored, nothing is ever sent, and end-to-end encrypted
 * devices cannot be registered.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { PushDeviceToken, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';

export type PushTokenKind = PushDeviceToken['kind'];

const MAX_TOKEN_LENGTH = 4096;

/** Python's str.isspace() over ASCII, which bytes.fromhex skips between byte pairs. */
const HEX_SEPARATOR = /[ \t\n\v\f\r]/;
const HEX_DIGIT = /[0-9a-fA-F]/;

/** Whether Python's bytes.fromhex accepts the text: pairs of hex digits, whitespace allowed only between pairs. */
export function isHexBytes(text: string): boolean {
  let at = 0;
  while (at < text.length) {
    if (HEX_SEPARATOR.test(text[at]!)) {
      at += 1;
      continue;
    }
    if (at + 1 >= text.length || !HEX_DIGIT.test(text[at]!) || !HEX_DIGIT.test(text[at + 1]!)) return false;
    at += 2;
  }
  return true;
}

/** validate_token: non-empty, at most 4096 characters, and for APNs the hex the token is sent as. */
export function checkPushToken(token: string, kind: PushTokenKind): Checked<string> {
  const length = [...token].length;
  if (length === 0 || length > MAX_TOKEN_LENGTH) return reject(Errors.emptyOrInvalidLengthToken());
  if (kind === 'apns' && !isHexBytes(token)) return reject(Errors.invalidApnsToken());
  return accept(token);
}

/** The key a user's token is stored under: one row per (kind, token), as the real server's unique constraint. */
export function pushTokenKey(kind: PushTokenKind, token: string): string {
  return `${kind}:${token}`;
}

export function selectPushToken(state: State, user: User, kind: PushTokenKind, token: string): PushDeviceToken | undefined {
  const own = getRow(state.pushDeviceTokensByUser, user.id);
  return own === undefined ? undefined : getRow(own, pushTokenKey(kind, token));
}

/** The user's devices a test notification would go to: the one with this token (any kind), or all of them. */
export function selectTestNotificationDevices(state: State, user: User, token: string | undefined): Checked<readonly PushDeviceToken[]> {
  const own = getRow(state.pushDeviceTokensByUser, user.id);
  const all = own === undefined ? [] : [...rows(own)];
  if (token === undefined) return accept(all);
  const device = all.find((candidate) => candidate.token === token);
  return device === undefined ? reject(Errors.pushDeviceNotRecognized()) : accept([device]);
}
