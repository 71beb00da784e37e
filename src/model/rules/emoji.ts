/**
 * Emoji validation for statuses and reactions (the real server's
 * check_emoji_request and get_emoji_data). Custom realm emoji arrive with the
 * organization features; until then no realm_emoji validates.
 */

import { isUnicodeEmojiCode, unicodeEmojiCodeForName } from '../emoji/unicode-emoji.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { ReactionType, State } from '../state.js';

export interface Emoji {
  readonly name: string;
  readonly code: string;
  readonly type: ReactionType;
}

/** The server's own extra emoji (the real server calls the type zulip_extra_emoji). */
const SERVICE_EXTRA_EMOJI: Readonly<Record<string, string>> = { zulip: 'zulip' };

function realmEmojiCodeForName(_state: State, _name: string): string | undefined {
  return undefined;
}

/** Resolves a name alone to its code and type: custom emoji first, then Unicode, then the extra set. */
export function emojiForName(state: State, name: string): Checked<Emoji> {
  const realmCode = realmEmojiCodeForName(state, name);
  if (realmCode !== undefined) return accept({ name, code: realmCode, type: 'realm_emoji' });
  const unicodeCode = unicodeEmojiCodeForName(name);
  if (unicodeCode !== undefined) return accept({ name, code: unicodeCode, type: 'unicode_emoji' });
  const extraCode = SERVICE_EXTRA_EMOJI[name];
  if (extraCode !== undefined) return accept({ name, code: extraCode, type: 'service_extra_emoji' });
  return reject(Errors.emojiDoesNotExist(name));
}

/** Checks that name, code and type agree. */
export function checkEmoji(state: State, name: string, code: string, type: string): Checked<Emoji> {
  switch (type) {
    case 'realm_emoji':
      if (realmEmojiCodeForName(state, name) !== code) return reject(Errors.invalidCustomEmoji());
      return accept({ name, code, type });
    case 'service_extra_emoji':
      if (!Object.values(SERVICE_EXTRA_EMOJI).includes(code)) return reject(Errors.invalidEmojiCode());
      if (SERVICE_EXTRA_EMOJI[name] !== code) return reject(Errors.invalidEmojiName());
      return accept({ name, code, type });
    case 'unicode_emoji':
      if (!isUnicodeEmojiCode(code)) return reject(Errors.invalidEmojiCode());
      if (unicodeEmojiCodeForName(name) !== code) return reject(Errors.invalidEmojiName());
      return accept({ name, code, type });
    default:
      return reject(Errors.invalidEmojiType());
  }
}

/** Fills in what the client left out, then checks the whole. */
export function resolveEmoji(state: State, name: string, code: string | undefined, type: string | undefined): Checked<Emoji> {
  if (code === undefined || type === undefined) {
    const byName = emojiForName(state, name);
    if (!byName.ok) return byName;
    return checkEmoji(state, name, code ?? byName.value.code, type ?? byName.value.type);
  }
  return checkEmoji(state, name, code, type);
}
