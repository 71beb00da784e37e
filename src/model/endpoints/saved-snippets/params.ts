/** The wire form of a snippet's title and content, as the real server's typed parameters read them. */
import { z } from 'zod';
import { maxChars } from '../../params/wire.js';

/**
 * The real server's `StringConstraints(strip_whitespace=True)` trims with
 * Rust's `str::trim` (Unicode White_Space), which differs from both
 * JavaScript's `trim()` (U+0085, U+FEFF) and Python's `str.strip()` (U+001C–U+001F).
 */
const UNICODE_WHITE_SPACE = '\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGE_WHITE_SPACE = new RegExp(`^[${UNICODE_WHITE_SPACE}]+|[${UNICODE_WHITE_SPACE}]+$`, 'g');

export function trimWhiteSpace(text: string): string {
  return text.replace(EDGE_WHITE_SPACE, '');
}

/** Trimmed, then 1 to `max` code points: "<name> cannot be blank" or "<name> is too long (limit: <max> characters)". */
export function snippetText(max: number) {
  return z.string().transform(trimWhiteSpace).pipe(maxChars(max)).pipe(z.string().min(1));
}
