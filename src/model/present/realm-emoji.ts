/** Custom emoji in the API's shape (the real server's EmojiInfo, OpenAPI get-custom-emoji). */
import { realmEmojiImagePath } from '../rules/realm-emoji.js';
import type { RealmEmoji, State } from '../state.js';
import { rows } from '../tables/table.js';

export function presentRealmEmoji(state: State, emoji: RealmEmoji): Record<string, unknown> {
  return {
    id: String(emoji.id),
    name: emoji.name,
    source_url: realmEmojiImagePath(state, emoji),
    deactivated: emoji.deactivated,
    author_id: emoji.authorId,
    // Only animated images get a still; chatref does not look inside images, so it never marks one animated.
    still_url: null,
  };
}

/** Every custom emoji of the realm, deactivated ones included, keyed by id: GET /realm/emoji, register and the realm_emoji event. */
export function presentRealmEmojiDict(state: State): Record<string, Record<string, unknown>> {
  const dict: Record<string, Record<string, unknown>> = {};
  for (const emoji of rows(state.realmEmoji.byId)) dict[String(emoji.id)] = presentRealmEmoji(state, emoji);
  return dict;
}
