/**
 * What GET /messages should answer, worked out naively on the client: a
 * narrow as a filter over message objects whose sources are known, and an
 * anchor window as slicing of the full ordered list (the real server's
 * limit_query_to_range and post_process_limited_query, restated).
 */
import type { Body } from '../expect.js';

/** anchor=newest, and any anchor at or above it (LARGER_THAN_MAX_MESSAGE_ID). */
export const NEWEST_ANCHOR = 10_000_000_000_000_000;

export interface NarrowTerm {
  readonly operator: string;
  readonly operand: string | number | readonly number[];
  readonly negated?: boolean;
}

/** A message as the reader fetched it, with what the client knows about how it was sent. */
export interface KnownMessage {
  readonly message: Body;
  /** Lower-cased words of its Markdown source. */
  readonly words: readonly string[];
  readonly hasLink: boolean;
}

/** Who is who, to resolve operands given as names or e-mails. */
export interface Directory {
  readonly readerId: number;
  readonly channelIdByName: ReadonlyMap<string, number>;
  readonly userIdByEmail: ReadonlyMap<string, number>;
}

const MENTION_FLAGS = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned'];

function participants(message: Body): number[] {
  const recipients = message['display_recipient'];
  return Array.isArray(recipients) ? recipients.map((entry: Body) => entry['id'] as number).sort((a, b) => a - b) : [];
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

function idOf(operand: NarrowTerm['operand'], byName: ReadonlyMap<string, number>): number | undefined {
  return typeof operand === 'number' ? operand : typeof operand === 'string' ? byName.get(operand.toLowerCase()) : undefined;
}

function topicWords(message: Body): string[] {
  return message['type'] === 'stream' ? String(message['subject']).toLowerCase().split(/\s+/) : [];
}

/** Whether the message matches the term, before negation. */
function matchesTerm(known: KnownMessage, term: NarrowTerm, directory: Directory): boolean {
  const { message } = known;
  const flags = (message['flags'] as string[] | undefined) ?? [];
  const isChannel = message['type'] === 'stream';
  switch (term.operator) {
    case 'channel':
    case 'stream':
      return isChannel && message['stream_id'] === idOf(term.operand, directory.channelIdByName);
    case 'topic':
      return isChannel && String(message['subject']).toLowerCase() === String(term.operand).toLowerCase();
    case 'sender':
      return message['sender_id'] === idOf(term.operand, directory.userIdByEmail);
    case 'dm': {
      const others = Array.isArray(term.operand) ? term.operand : [];
      return (
        !isChannel &&
        sameIds(
          participants(message),
          [...new Set([...others, directory.readerId])].sort((a, b) => a - b),
        )
      );
    }
    case 'dm-including':
      return !isChannel && participants(message).includes(idOf(term.operand, directory.userIdByEmail) ?? Number.NaN);
    case 'is':
      switch (term.operand) {
        case 'dm':
        case 'private':
          return !isChannel;
        case 'unread':
          return !flags.includes('read');
        case 'starred':
          return flags.includes('starred');
        case 'mentioned':
          return flags.some((flag) => MENTION_FLAGS.includes(flag));
        default:
          throw new Error(`the oracle knows no is:${String(term.operand)}`);
      }
    case 'has':
      if (term.operand !== 'link') throw new Error(`the oracle knows no has:${String(term.operand)}`);
      return known.hasLink;
    case 'search':
      return String(term.operand)
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== '')
        .every((word) => known.words.includes(word) || topicWords(message).includes(word));
    case 'id':
      return message['id'] === Number(term.operand);
    default:
      throw new Error(`the oracle knows no operator ${term.operator}`);
  }
}

/** The ids of the messages every term keeps (a negated term keeps what it would drop), oldest first. */
export function naiveNarrow(messages: readonly KnownMessage[], narrow: readonly NarrowTerm[], directory: Directory): number[] {
  return (
    messages
      // near never filters, negated or not (the real server's by_near returns the query unchanged).
      // Search operands are joined into one search whose negation is dropped, as the real server does.
      .filter((known) =>
        narrow.every((term) => term.operator === 'near' || matchesTerm(known, term, directory) !== (term.negated === true && term.operator !== 'search')),
      )
      .map((known) => known.message['id'] as number)
      .sort((a, b) => a - b)
  );
}

export type AnchorSpec = number | 'oldest' | 'newest' | 'first_unread';

export interface WindowRequest {
  readonly anchor: AnchorSpec;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly includeAnchor: boolean;
}

export interface WindowAnswer {
  readonly ids: number[];
  readonly anchor: number;
  readonly foundAnchor: boolean;
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
}

/** The anchor as the server resolves it: oldest is 0, newest (and anything above) the ceiling, negatives 0. */
export function resolveAnchor(anchor: AnchorSpec, ids: readonly number[], unread: ReadonlySet<number>): number {
  if (anchor === 'oldest') return 0;
  if (anchor === 'newest') return NEWEST_ANCHOR;
  if (anchor === 'first_unread') return ids.find((id) => unread.has(id)) ?? NEWEST_ANCHOR;
  return Math.min(Math.max(anchor, 0), NEWEST_ANCHOR);
}

/**
 * The window of `ids` (the narrow's full list, oldest first) the request
 * selects. Not for include_anchor=false with messages asked on both sides,
 * which is an error.
 */
export function sliceWindow(ids: readonly number[], request: WindowRequest, unread: ReadonlySet<number>): WindowAnswer {
  const anchor = resolveAnchor(request.anchor, ids, unread);
  const { numBefore } = request;
  const anchoredLeft = anchor === 0;
  const anchoredRight = anchor >= NEWEST_ANCHOR;
  const numAfter = anchoredRight ? 0 : request.numAfter;
  const before = numBefore > 0 && !anchoredLeft ? ids.filter((id) => id < anchor).slice(-numBefore) : [];
  const after = numAfter > 0 ? ids.filter((id) => id > anchor).slice(0, numAfter) : [];
  // With nothing asked on either side the server looks up the anchor alone, include_anchor or not.
  const anchorAsked = request.includeAnchor || (numBefore === 0 && numAfter === 0);
  const atAnchor = !anchoredLeft && !anchoredRight && anchorAsked && ids.includes(anchor) ? [anchor] : [];
  return {
    ids: [...before, ...atAnchor, ...after],
    anchor,
    foundAnchor: atAnchor.length === 1,
    foundOldest: anchoredLeft || before.length < numBefore,
    foundNewest: anchoredRight || after.length < numAfter,
  };
}
