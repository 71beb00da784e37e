/**
 * Video calls (reference server-messages-channels §13): whether the server
 * has a provider integration, whether a user holds a token with it, and
 * whether the provider still accepts that token.
 *
 * chatref's provider is a deterministic fake standing in for the real
 * server's Zoom integration (the spec's POST /calls/provider/create is the
 * real POST /calls/zoom/create). With it, every human user counts as having
 * connected their account. The fake never rejects a token it holds, so the
 * real server's clearing of a token its provider rejected (an error answer
 * that also writes) has no counterpart here: an error changes nothing.
 */
import { drawApiKey, type EntropyReader } from '../entropy.js';
import type { ProviderToken, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { isBot } from './roles.js';

/** The provider the real server's messages name for this endpoint. */
export const VIDEO_CALL_PROVIDER_NAME = 'Zoom';

/** Where the fake provider's meetings live: a host that never resolves. */
export const FAKE_PROVIDER_ORIGIN = 'https://video.chatref.test';

const DEFAULT_HUMAN_TOKEN: ProviderToken = Object.freeze({ held: true });
const NO_TOKEN: ProviderToken = Object.freeze({ held: false });

export function isVideoCallProviderConfigured(state: State): boolean {
  return state.server.videoCallProvider !== 'none';
}

/** The user's token as stored: the default (held by humans, by no bot) unless a write changed it. */
export function selectProviderToken(state: State, user: User): ProviderToken {
  return getRow(state.providerTokens, user.id) ?? (isBot(user) ? NO_TOKEN : DEFAULT_HUMAN_TOKEN);
}

/** has_provider_token (the real server's has_zoom_token). */
export function hasProviderToken(state: State, user: User): boolean {
  return isVideoCallProviderConfigured(state) && selectProviderToken(state, user).held;
}

function drawDigits(entropy: EntropyReader, count: number): string {
  let digits = '';
  while (digits.length < count) {
    const byte = entropy.take(1)[0]!;
    // 250 is the largest multiple of 10 below 256: no modulo bias.
    if (byte < 250) digits += String(byte % 10);
  }
  return digits;
}

function drawNonZeroDigit(entropy: EntropyReader): string {
  for (;;) {
    const byte = entropy.take(1)[0]!;
    // 252 = 28 × 9.
    if (byte < 252) return String(1 + (byte % 9));
  }
}

/** A Zoom-shaped join URL on the fake host: an 11-digit meeting number and a password, both drawn from the request's entropy. */
export function fakeMeetingUrl(entropy: EntropyReader): string {
  const number = `${drawNonZeroDigit(entropy)}${drawDigits(entropy, 10)}`;
  return `${FAKE_PROVIDER_ORIGIN}/j/${number}?pwd=${drawApiKey(entropy)}`;
}

/** A BigBlueButton meeting id as the real server draws it: `zulip-` and twelve digits, the first not zero. */
export function bigBlueButtonMeetingId(entropy: EntropyReader): string {
  return `zulip-${drawNonZeroDigit(entropy)}${drawDigits(entropy, 11)}`;
}
