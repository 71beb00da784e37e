/**
 * Python's notion of whitespace and word characters, which the real renderer's regexes and `str.strip()` use
 * (server-markdown §4.3): JavaScript's `\s` and `trim()` differ at the edges (U+001C–U+001F, U+0085, U+FEFF).
 */

/** The body of a character class matching what Python's `\s` and `str.isspace()` match. */
export const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** The body of a character class matching Python's `\w` on text (letters, digits, numbers, underscore). */
export const PY_WORD = '\\p{L}\\p{N}_';

const WORD = new RegExp(`[${PY_WORD}]`, 'u');

export function isSpaceCode(code: number): boolean {
  if (code <= 0x20) return (code >= 0x09 && code <= 0x0d) || code >= 0x1c;
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

export function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && ch.length > 0 && isSpaceCode(ch.charCodeAt(0));
}

export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined || ch.length === 0) return false;
  const code = ch.charCodeAt(0);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
  return WORD.test(ch);
}

export function lstrip(text: string): string {
  let start = 0;
  while (start < text.length && isSpaceCode(text.charCodeAt(start))) start++;
  return start === 0 ? text : text.slice(start);
}

export function rstrip(text: string): string {
  let end = text.length;
  while (end > 0 && isSpaceCode(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

export function strip(text: string): string {
  return rstrip(lstrip(text));
}

export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) return false;
  return true;
}

/** `text.strip('\n')`. */
export function stripNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x0a) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x0a) end--;
  return text.slice(start, end);
}
