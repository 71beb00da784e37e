/** Code spans take precedence over every Zulip construct (server-markdown.md §1.1): a match may not contain one. */
import type { StateInline } from 'markdown-it';

import { scanCodeSpans } from '../dialect/backticks.js';

const startsByState = new WeakMap<StateInline, readonly number[]>();

/** Whether a code span (or a halved backslash run) starts inside `src[start, end)`. */
export function overlapsCodeSpan(state: StateInline, start: number, end: number): boolean {
  let starts = startsByState.get(state);
  if (!starts) {
    starts = scanCodeSpans(state.src).map((span) => span.start);
    startsByState.set(state, starts);
  }
  // The first span starting at or after `start`, by binary search.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < starts.length && starts[lo]! < end;
}
