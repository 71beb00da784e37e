/**
 * Which messages a narrowed fetch may return, and with which flags: the
 * user's rows, plus public history only when the narrow allows it
 * (ResolvedNarrow.includeHistory), as the real server's fetch_messages does.
 */
import { messageFlagsFor, selectUserMessageFlags } from '../rules/messages.js';
import type { Message, State, User } from '../state.js';
import type { ResolvedNarrow } from './terms.js';

/** The flags the user reads the message with in this narrow, or undefined when the narrow may not return it. */
export function narrowAccessFlags(state: State, user: User, narrow: ResolvedNarrow, message: Message, now: number): number | undefined {
  if (!narrow.includeHistory && selectUserMessageFlags(state, user.id, message.id) === undefined) return undefined;
  return messageFlagsFor(state, user, message, now);
}

/** The user's own row flags, or undefined without a row: the first-unread search reads rows only. */
export function rowAccessFlags(state: State, user: User, message: Message, now: number): number | undefined {
  return selectUserMessageFlags(state, user.id, message.id) === undefined ? undefined : messageFlagsFor(state, user, message, now);
}
