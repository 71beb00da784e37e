/**
 * The window around an anchor and the found_* flags, exactly as the real
 * server computes them (zerver/lib/narrow.py limit_query_to_range and
 * post_process_limited_query), over any reader of matching ids.
 */

/** The real server's LARGER_THAN_MAX_MESSAGE_ID: `newest`, and any larger anchor, is this. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** Matching ids, in the narrow, as the range needs them. */
export interface RangeReader {
  /** Up to `limit` matching ids ≤ `from`, descending. */
  down(from: number, limit: number): number[];
  /** Up to `limit` matching ids ≥ `from`, ascending. */
  up(from: number, limit: number): number[];
  /** Whether `id` itself matches. */
  has(id: number): boolean;
}

export interface RangeRequest {
  /** Already clamped to [0, LARGER_THAN_MAX_MESSAGE_ID]. */
  readonly anchor: number;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly includeAnchor: boolean;
}

export interface RangeResult {
  /** Ascending. */
  readonly ids: readonly number[];
  readonly foundAnchor: boolean;
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
}

/** The rows the real server's one or two limited queries return, ascending. */
function fetchRows(request: RangeRequest, numAfter: number, anchoredLeft: boolean, anchoredRight: boolean, reader: RangeReader): number[] {
  const { anchor, numBefore, includeAnchor } = request;
  const needBefore = !anchoredLeft && numBefore > 0;
  const needAfter = !anchoredRight && numAfter > 0;
  const include = includeAnchor ? 1 : 0;
  if (needBefore && needAfter) return [...reader.down(anchor - 1, numBefore).reverse(), ...reader.up(anchor, numAfter + 1)];
  if (needBefore) {
    if (anchoredRight) return reader.down(Number.POSITIVE_INFINITY, numBefore).reverse();
    return reader.down(anchor - (1 - include), numBefore + include).reverse();
  }
  if (needAfter) return reader.up(anchoredLeft ? Number.NEGATIVE_INFINITY : anchor + (1 - include), numAfter + include);
  // Neither side: at most the anchor itself, whatever include_anchor says.
  return reader.has(anchor) ? [anchor] : [];
}

export function readRange(request: RangeRequest, reader: RangeReader): RangeResult {
  const { anchor, numBefore } = request;
  const anchoredLeft = anchor === 0;
  const anchoredRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredRight ? 0 : request.numAfter;
  const rows = fetchRows(request, numAfter, anchoredLeft, anchoredRight, reader);

  let before = anchoredRight ? rows : rows.filter((id) => id < anchor);
  const atAnchor = anchoredRight ? [] : rows.filter((id) => id === anchor);
  let after = anchoredRight ? [] : rows.filter((id) => id > anchor);
  if (numBefore > 0) before = before.slice(-numBefore);
  if (numAfter > 0) after = after.slice(0, numAfter);
  return {
    ids: [...before, ...atAnchor, ...after],
    foundAnchor: atAnchor.length === 1,
    foundOldest: anchoredLeft || before.length < numBefore,
    foundNewest: anchoredRight || after.length < numAfter,
  };
}
