/**
 * Custom emoji (the real server's zerver/lib/emoji.py, zerver/views/realm_emoji.py
 * and the emoji part of zerver/lib/upload): valid names, who may add and
 * remove them, which images are taken, where they are served, and the lookups
 * the endpoints, reactions, statuses and the renderer share.
 */
import { unicodeEmojiCodeForName } from '../emoji/unicode-emoji.js';
import type { EntropyReader } from '../entropy.js';
import { Errors } from '../errors.js';
import type { CustomEmoji } from '../markdown/types.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { RealmEmoji, State, User } from '../state.js';
import { getRow, hasRow } from '../tables/table.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isAdministrator } from './roles.js';

/** The real server's default MAX_EMOJI_FILE_SIZE_MIB. */
export const MAX_EMOJI_FILE_SIZE_MIB = 5;

/**
 * The types an emoji image may have: those the real server both thumbnails
 * and serves inline (THUMBNAIL_ACCEPT_IMAGE_TYPES ∩ INLINE_MIME_TYPES), with
 * the extension Python's mimetypes.guess_extension gives each.
 */
const EMOJI_IMAGE_EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ['image/avif', '.avif'],
  ['image/gif', '.gif'],
  ['image/jpeg', '.jpg'],
  ['image/png', '.png'],
  ['image/webp', '.webp'],
]);

/** What Python's str.strip() removes (str.isspace), which is wider than JavaScript's trim. */
const PY_EDGE_SPACE =
  /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const NAME_CHARACTERS = /^[0-9a-z_-]+$/;

/** The name as the upload endpoint reads it from the path: stripped, each space an underscore. */
export function normalizeEmojiName(raw: string): string {
  return raw.replace(PY_EDGE_SPACE, '').replaceAll(' ', '_');
}

/** check_valid_emoji_name: ASCII lower-case letters, digits, `-` and `_`, ending in a letter or digit. */
export function checkEmojiName(name: string): Checked<string> {
  if (name === '') return reject(Errors.emojiNameMissing());
  if (!NAME_CHARACTERS.test(name)) return reject(Errors.emojiNameCharacters());
  if (name.endsWith('-') || name.endsWith('_')) return reject(Errors.emojiNameEnding());
  return accept(name);
}

/** Whether the name is one of the standard emoji's names or aliases, which only administrators may cover with a custom one. */
export function isDefaultEmojiName(name: string): boolean {
  return unicodeEmojiCodeForName(name) !== undefined;
}

/** can_add_custom_emoji_group (never guests, as the setting may not be role:everyone). */
export function canAddCustomEmoji(state: State, user: User, now: number): boolean {
  return hasRealmPermission(state, user, 'can_add_custom_emoji_group', now);
}

export function canOverrideDefaultEmoji(user: User): boolean {
  return isAdministrator(user);
}

/** check_remove_custom_emoji: administrators remove any custom emoji, everyone else only those they uploaded. */
export function canRemoveCustomEmoji(user: User, emoji: RealmEmoji): boolean {
  return isAdministrator(user) || (emoji.authorId !== null && emoji.authorId === user.id);
}

/** The stored file's extension for an accepted image type; undefined for any other type ("Invalid image format"). */
export function emojiImageExtension(contentType: string): string | undefined {
  return EMOJI_IMAGE_EXTENSIONS.get(contentType);
}

export function checkEmojiFileSize(size: number): Checked<true> {
  return size > MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024 ? reject(Errors.emojiFileTooLarge(MAX_EMOJI_FILE_SIZE_MIB)) : accept(true);
}

export function selectRealmEmoji(state: State, id: number): RealmEmoji | undefined {
  return getRow(state.realmEmoji.byId, id);
}

/** The active custom emoji with this name (at most one). */
export function selectActiveRealmEmoji(state: State, name: string): RealmEmoji | undefined {
  const id = getRow(state.realmEmoji.activeIdByName, name);
  return id === undefined ? undefined : getRow(state.realmEmoji.byId, id);
}

export function selectRealmEmojiByFileName(state: State, fileName: string): RealmEmoji | undefined {
  const id = getRow(state.realmEmoji.idByFileName, fileName);
  return id === undefined ? undefined : getRow(state.realmEmoji.byId, id);
}

/** A reaction's or status's emoji_code for a custom emoji: its id in decimal, exactly as the real server's dict keys it. */
export function selectRealmEmojiByCode(state: State, code: string): RealmEmoji | undefined {
  return /^[1-9][0-9]{0,8}$/.test(code) ? selectRealmEmoji(state, Number(code)) : undefined;
}

/** The image's path from the server's root, as local storage serves it (source_url). */
export function realmEmojiImagePath(state: State, emoji: RealmEmoji): string {
  return `/user_avatars/${state.realm.id}/emoji/images/${emoji.fileName}`;
}

/**
 * `<8 hex digits><ext>`. The real server hashes a server secret with the id
 * so names cannot be enumerated; chatref draws them from the request's
 * entropy, drawing again on the rare clash.
 */
export function drawEmojiFileName(state: State, extension: string, entropy: EntropyReader): string {
  for (;;) {
    const name = `${Buffer.from(entropy.take(4)).toString('hex')}${extension}`;
    if (!hasRow(state.realmEmoji.idByFileName, name)) return name;
  }
}

/** An active custom emoji as the Markdown renderer needs it. */
export function customEmojiForRendering(state: State, name: string): CustomEmoji | undefined {
  const emoji = selectActiveRealmEmoji(state, name);
  return emoji === undefined ? undefined : { id: emoji.id, name: emoji.name, sourceUrl: realmEmojiImagePath(state, emoji) };
}
