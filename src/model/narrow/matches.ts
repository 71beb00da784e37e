/**
 * The core of GET /messages/matches_narrow (reference server-messages-channels §6.3):
 * which of the listed messages match, among those the user holds a row for,
 * with their search fields.
 */
import { selectMessage } from '../rules/messages.js';
import type { State, User } from '../state.js';
import { rowAccessFlags } from './access.js';
import { type SearchFields, searchFields } from './highlight.js';
import { messageMatchesNarrow } from './predicate.js';
import type { ResolvedNarrow } from './terms.js';

/** Message id (as a string key) → its match fields, for the listed messages that match. */
export function matchNarrowFields(state: State, user: User, narrow: ResolvedNarrow, messageIds: readonly number[], now: number): Record<string, SearchFields> {
  const matches: Record<string, SearchFields> = {};
  for (const id of [...new Set(messageIds)].sort((a, b) => a - b)) {
    const message = selectMessage(state, id);
    const flags = message === undefined ? undefined : rowAccessFlags(state, user, message, now);
    if (message !== undefined && flags !== undefined && messageMatchesNarrow(state, narrow, message, flags))
      matches[String(id)] = searchFields(message, narrow.search);
  }
  return matches;
}
