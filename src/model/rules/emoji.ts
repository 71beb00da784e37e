/**
 * Emoji validation for statuses and reactions (the real server's
 * check_emoji_request and get_emoji_data, reference server-messages-channels
 * §7.2–7.3). A custom emoji's code is its id; names resolve only to active ones.
 */

import { isUnicodeEmojiCode, unicodeEmojiCodeForName } from '../emoji/unicode-emoji.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { ReactionType, State } from '../state.js';
import { selectActiveRealmEmoji, selectRealmEmojiByCode } from './realm-emoji.js';

export interface Emoji {
  readonly name: string;
  readonly code: string;
  readonly type: ReactionType;
}

/** A custom emoji of the organization: its code is its id as a string. */
interface RealmEmoji {
  readonly code: string;
  readonly name: string;
  readonly deactivated: boolean;
}

/** The server's own extra emoji (the real server calls the type zulip_extra_emoji); its code is its name. */
const SERVICE_EXTRA_EMOJI_NAME = 'zulip';

/** The code of the active custom emoji with this name. */
function realmEmojiCodeForName(state: State, name: string): string | undefined {
  const emoji = selectActiveRealmEmoji(state, name);
  return emoji === undefined ? undefined : String(emoji.id);
}

function realmEmojiForCode(state: State, code: string): RealmEmoji | undefined {
  const emoji = selectRealmEmojiByCode(state, code);
  return emoji === undefined ? undefined : { code, name: emoji.name, deactivated: emoji.deactivated };
}

/** Resolves a name alone to its code and type: an active custom emoji first, then the extra emoji, then Unicode. */
export function emojiForName(state: State, name: string): Checked<Emoji> {
  const realmCode = realmEmojiCodeForName(state, name);
  if (realmCode !== undefined) return accept({ name, code: realmCode, type: 'realm_emoji' });
  if (name === SERVICE_EXTRA_EMOJI_NAME) return accept({ name, code: name, type: 'service_extra_emoji' });
  const unicodeCode = unicodeEmojiCodeForName(name);
  if (unicodeCode !== undefined) return accept({ name, code: unicodeCode, type: 'unicode_emoji' });
  return reject(Errors.emojiDoesNotExist(name));
}

/** Checks that name, code and type agree, for a new status or reaction. */
export function checkEmoji(state: State, name: string, code: string, type: string): Checked<Emoji> {
  switch (type) {
    case 'realm_emoji': {
      const emoji = realmEmojiForCode(state, code);
      if (emoji === undefined) return reject(Errors.invalidCustomEmoji());
      if (emoji.name !== name) return reject(Errors.invalidCustomEmojiName());
      if (emoji.deactivated) return reject(Errors.customEmojiDeactivated());
      return accept({ name, code, type });
    }
    case 'service_extra_emoji':
      if (code !== SERVICE_EXTRA_EMOJI_NAME) return reject(Errors.invalidEmojiCode());
      if (name !== code) return reject(Errors.invalidEmojiName());
      return accept({ name, code, type });
    case 'unicode_emoji':
      if (!isUnicodeEmojiCode(code)) return reject(Errors.invalidEmojiCode());
      if (unicodeEmojiCodeForName(name) !== code) return reject(Errors.invalidEmojiName());
      return accept({ name, code, type });
    default:
      return reject(Errors.invalidEmojiType());
  }
}

/** Fills in what the client left out from the name, then checks the whole. */
export function resolveEmoji(state: State, name: string, code: string | undefined, type: string | undefined): Checked<Emoji> {
  if (code === undefined || type === undefined) {
    const byName = emojiForName(state, name);
    if (!byName.ok) return byName;
    return checkEmoji(state, name, code ?? byName.value.code, type ?? byName.value.type);
  }
  return checkEmoji(state, name, code, type);
}
