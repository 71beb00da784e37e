/**
 * A narrowed fetch: the ids around an anchor (or a given list) that the user
 * may read in the narrow, with their flags. It walks one index from the
 * anchor outwards and stops once it has what the window needs.
 */

import { FLAG_BITS } from '../rules/message-flags.js';
import { selectMessage } from '../rules/messages.js';
import type { Message, State, User } from '../state.js';
import { narrowAccessFlags, rowAccessFlags } from './access.js';
import type { Anchor } from './anchor.js';
import { messageMatchesNarrow } from './predicate.js';
import { LARGER_THAN_MAX_MESSAGE_ID, type RangeReader, readRange } from './range.js';
import { type MessageSource, rangeSource, unreadSource } from './sources.js';
import type { ResolvedNarrow } from './terms.js';

export interface FetchedMessage {
  readonly message: Message;
  readonly flags: number;
}

export interface FetchRequest {
  readonly anchor: Anchor;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly includeAnchor: boolean;
}

export interface FetchResult {
  /** Ascending by id. */
  readonly messages: readonly FetchedMessage[];
  /** The anchor the window was taken around (first_unread resolved). */
  readonly anchor: number;
  readonly foundAnchor: boolean;
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
}

/** A test hook: counts the ids a query looked at, and names the index it walked. */
export interface QueryProbe {
  visited: number;
  source?: string;
}

/** The flags the narrow returns the message with, or undefined when it does not return it. */
type Admit = (message: Message) => number | undefined;

function sourceReader(state: State, source: MessageSource, admit: Admit, found: Map<number, FetchedMessage>, probe?: QueryProbe): RangeReader {
  const take = (id: number): boolean => {
    if (probe !== undefined) probe.visited++;
    const message = selectMessage(state, id);
    const flags = message === undefined ? undefined : admit(message);
    if (message === undefined || flags === undefined) return false;
    found.set(id, { message, flags });
    return true;
  };
  const collect = (walk: MessageSource['walkUp'], from: number, limit: number): number[] => {
    const ids: number[] = [];
    if (limit > 0) walk(from, (id) => !take(id) || ids.push(id) < limit);
    return ids;
  };
  return {
    down: (from, limit) => collect(source.walkDown, from, limit),
    up: (from, limit) => collect(source.walkUp, from, limit),
    // Every message the narrow returns is in the source, so the id can be checked directly.
    has: (id) => take(id),
  };
}

/**
 * The first unread message of the narrow among the user's rows, skipping
 * channels the user muted unless the narrow names a channel or is about
 * direct messages (the real server's find_first_unread_anchor).
 */
export function firstUnreadMessageId(state: State, user: User, narrow: ResolvedNarrow, now: number, probe?: QueryProbe): number | undefined {
  const skipMuted = !narrow.isDmNarrow && !narrow.namesChannel && narrow.mutedChannelIds.size > 0;
  let first: number | undefined;
  unreadSource(state, narrow).walkUp(Number.NEGATIVE_INFINITY, (id) => {
    if (probe !== undefined) probe.visited++;
    const message = selectMessage(state, id);
    const flags = message === undefined ? undefined : rowAccessFlags(state, user, message, now);
    if (message === undefined || flags === undefined || (flags & FLAG_BITS.read) !== 0) return true;
    if (skipMuted && message.channelId !== null && narrow.mutedChannelIds.has(message.channelId)) return true;
    if (!messageMatchesNarrow(state, narrow, message, flags)) return true;
    first = id;
    return false;
  });
  return first;
}

/** The window of the narrow around the anchor, with the real server's found_* flags. */
export function fetchNarrowedMessages(state: State, user: User, narrow: ResolvedNarrow, request: FetchRequest, now: number, probe?: QueryProbe): FetchResult {
  const anchor = request.anchor === 'first_unread' ? (firstUnreadMessageId(state, user, narrow, now, probe) ?? LARGER_THAN_MAX_MESSAGE_ID) : request.anchor;
  const source = rangeSource(state, narrow);
  if (probe !== undefined) probe.source = source.name;
  const found = new Map<number, FetchedMessage>();
  const admit: Admit = (message) => {
    const flags = narrowAccessFlags(state, user, narrow, message, now);
    return flags !== undefined && messageMatchesNarrow(state, narrow, message, flags) ? flags : undefined;
  };
  const range = readRange(
    { anchor, numBefore: request.numBefore, numAfter: request.numAfter, includeAnchor: request.includeAnchor },
    sourceReader(state, source, admit, found, probe),
  );
  return {
    messages: range.ids.map((id) => found.get(id)!),
    anchor,
    foundAnchor: range.foundAnchor,
    foundOldest: range.foundOldest,
    foundNewest: range.foundNewest,
  };
}

/** The listed messages the narrow returns, ascending (GET /messages with `message_ids`). */
export function fetchMessagesByIds(state: State, user: User, narrow: ResolvedNarrow, messageIds: readonly number[], now: number): FetchedMessage[] {
  const fetched: FetchedMessage[] = [];
  for (const id of [...new Set(messageIds)].sort((a, b) => a - b)) {
    const message = selectMessage(state, id);
    const flags = message === undefined ? undefined : narrowAccessFlags(state, user, narrow, message, now);
    if (message !== undefined && flags !== undefined && messageMatchesNarrow(state, narrow, message, flags)) fetched.push({ message, flags });
  }
  return fetched;
}
