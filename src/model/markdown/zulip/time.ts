/** `<time:…>` global times (server-markdown.md §2.6). Pure: inputs the real server would complete from today's date are invalid here. */
import type { StateInline } from 'markdown-it';
import { overlapsCodeSpan } from './code-spans.js';
import { element, escapeText } from './html.js';
import { formatInstant, type Instant, instantFromUnixSeconds } from './time-civil.js';
import { parseWithDateutilRules } from './time-parse.js';
import { contextOf, pushZulipToken } from './tokens.js';

const PREFIX = '<time:';
// Python's float(): surrounding whitespace, `_` between digits, an exponent; inf and nan can never be a valid time.
const PYTHON_FLOAT = /^[+-]?(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/;

/** The UTC instant of a `<time:…>` body, or undefined when the real server (without its clock) would show an error. */
export function parseGlobalTime(input: string): Instant | undefined {
  const parsed = parseWithDateutilRules(input);
  if (parsed.kind === 'instant') return parsed.instant;
  if (parsed.kind === 'needs-today') return undefined;
  const trimmed = input.trim();
  return PYTHON_FLOAT.test(trimmed) ? instantFromUnixSeconds(Number(trimmed.replaceAll('_', ''))) : undefined;
}

export function globalTimeHtml(input: string): string {
  const instant = parseGlobalTime(input);
  if (!instant) return element('span', { class: 'timestamp-error' }, escapeText(`Invalid time format: ${input}`));
  return element('time', { datetime: formatInstant(instant) }, escapeText(input));
}

// Where the last search for `>` started and what it found, so text full of unclosed `<time:` stays linear.
const closeCache = new WeakMap<StateInline, { from: number; at: number }>();

function closingBracket(state: StateInline, from: number): number {
  const cached = closeCache.get(state);
  if (cached && cached.from <= from && (cached.at === -1 || cached.at >= from)) return cached.at;
  const at = state.src.indexOf('>', from);
  closeCache.set(state, { from, at });
  return at;
}

export function globalTimeRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3c /* < */ || !src.startsWith(PREFIX, pos) || !contextOf(state.env)) return false;
  const close = closingBracket(state, pos + PREFIX.length);
  if (close === -1 || close >= state.posMax || overlapsCodeSpan(state, pos, close)) return false;
  if (!silent) pushZulipToken(state, globalTimeHtml(src.slice(pos + PREFIX.length, close)), { kind: 'time' });
  state.pos = close + 1;
  return true;
}
