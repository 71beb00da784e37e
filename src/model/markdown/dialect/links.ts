/**
 * Inline rule `zulip_link`: `[text](url "title")` (server-markdown §2.7), priority 60, a port of Python-Markdown's
 * LinkInlineProcessor with Zulip's changes. Code spans are opaque while the brackets and parentheses are matched, as
 * their placeholders are in Python. The text is atomic: only the rules above links act inside it.
 */
import type { StateInline } from 'markdown-it';

import type { RenderEnv } from '../types.js';
import { codeSpanAt } from './backticks.js';
import { PY_SPACE, strip } from './python.js';
import { rewriteLocalLink, sanitizeUrl } from './url.js';

const SPACE_CLASS = `[${PY_SPACE}]`;
// `(<url> "title")`, or just the opening parenthesis and spaces.
const LINK_START = new RegExp(`\\(${SPACE_CLASS}*(?:(<[^<>]*>)${SPACE_CLASS}*(?:('[^']*'|"[^"]*")${SPACE_CLASS}*)?\\))?`, 'y');
const TITLE_SPACE = new RegExp(SPACE_CLASS, 'g');

interface Range {
  readonly start: number;
  readonly end: number;
}

interface Target {
  readonly href: Range | string;
  readonly title: Range | string | undefined;
  readonly end: number;
}

interface Brackets {
  /** For each `[`, the index of the `]` that closes it (code spans skipped), or -1. */
  readonly closing: Map<number, number>;
  /** The index of the last `)` of the text, for a quick refusal. */
  readonly lastParen: number;
}

const bracketsByState = new WeakMap<StateInline, Brackets>();

/** Matches the brackets of the whole inline text once: the same pairs as counting depth from each `[`. */
function bracketsOf(state: StateInline): Brackets {
  let brackets = bracketsByState.get(state);
  if (brackets) return brackets;
  const closing = new Map<number, number>();
  const open: number[] = [];
  const { src } = state;
  let pos = 0;
  while (pos < src.length) {
    const span = codeSpanAt(state, pos);
    if (span) {
      pos = span.end;
      continue;
    }
    const ch = src.charCodeAt(pos);
    if (ch === 0x5b) {
      open.push(pos);
      closing.set(pos, -1);
    } else if (ch === 0x5d && open.length > 0) {
      closing.set(open.pop()!, pos);
    }
    pos++;
  }
  brackets = { closing, lastParen: src.lastIndexOf(')') };
  bracketsByState.set(state, brackets);
  return brackets;
}

/** The index of the `]` that closes the `[` at `open`, within the current range, or -1. */
function labelEnd(state: StateInline, open: number): number {
  const close = bracketsOf(state).closing.get(open) ?? -1;
  return close < state.posMax ? close : -1;
}

/** Python-Markdown's `getLink`: balanced parentheses, and a quoted title that may or may not close. */
function parseTarget(state: StateInline, index: number): Target | undefined {
  const { src, posMax } = state;
  // Without a `)` ahead, no link can close.
  if (bracketsOf(state).lastParen < index) return undefined;
  LINK_START.lastIndex = index;
  const m = LINK_START.exec(src);
  if (!m || index + m[0].length > posMax) return undefined;
  if (m[1]) return { href: strip(m[1].slice(1, -1)), title: m[2]?.slice(1, -1), end: index + m[0].length };

  const startIndex = index + m[0].length;
  let brackets = 1;
  let backtrack = 1;
  let lastBracket = -1;
  let quote = '';
  let startQuote = -1;
  let exitQuote = -1;
  let ignoreMatches = false;
  let altQuote = '';
  let startAltQuote = -1;
  let exitAltQuote = -1;
  let last = '';
  let href: Range | undefined;
  let title: Range | undefined;
  let at = startIndex;
  let end = startIndex;
  while (at < posMax) {
    const span = codeSpanAt(state, at);
    // A code span is one opaque character here.
    const c = span ? '\u0002' : src[at]!;
    const next = span ? span.end : at + 1;
    if (c === '(') {
      if (!ignoreMatches) brackets++;
      else if (backtrack > 0) backtrack--;
    } else if (c === ')') {
      if ((exitQuote !== -1 && quote === last) || (exitAltQuote !== -1 && altQuote === last)) brackets = 0;
      else if (!ignoreMatches) brackets--;
      else if (backtrack > 0) {
        backtrack--;
        if (backtrack === 0) lastBracket = next;
      }
    } else if (c === "'" || c === '"') {
      if (!quote) {
        ignoreMatches = true;
        backtrack = brackets;
        brackets = 1;
        startQuote = next;
        quote = c;
      } else if (c !== quote && !altQuote) {
        startAltQuote = next;
        altQuote = c;
      } else if (c === quote) {
        exitQuote = next;
      } else if (altQuote && c === altQuote) {
        exitAltQuote = next;
      }
    }
    end = next;
    if (brackets === 0) {
      if (exitQuote >= 0 && quote === last) {
        href = { start: startIndex, end: startQuote - 1 };
        title = { start: startQuote, end: exitQuote - 1 };
      } else if (exitAltQuote >= 0 && altQuote === last) {
        href = { start: startIndex, end: startAltQuote - 1 };
        title = { start: startAltQuote, end: exitAltQuote - 1 };
      } else {
        href = { start: startIndex, end: at };
      }
      break;
    }
    if (c !== ' ') last = c;
    at = next;
  }
  if (brackets !== 0 && backtrack === 0) {
    href = { start: startIndex, end: lastBracket - 1 };
    end = lastBracket;
    brackets = 0;
  }
  return brackets === 0 && href ? { href, title, end } : undefined;
}

/** The source of a range with its code spans replaced by their text (Python's `unescape` of placeholders). */
function codeAsText(state: StateInline, range: Range | string): string {
  if (typeof range === 'string') return range;
  let out = '';
  let pos = range.start;
  while (pos < range.end) {
    const span = codeSpanAt(state, pos);
    if (span) {
      out += span.content;
      pos = span.end;
    } else {
      out += state.src[pos];
      pos++;
    }
  }
  return out;
}

function dequote(text: string): string {
  const quoted = (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));
  return quoted ? text.slice(1, -1) : text;
}

function realmUrlOf(env: unknown): string {
  return (env as Partial<RenderEnv> | undefined)?.context?.realmUrl ?? '';
}

/** markdown-it counts nested link text in `linkLevel` (not in its type declarations). */
export type LinkLevelState = StateInline & { linkLevel: number };

export function linkRule(inline: StateInline, silent: boolean): boolean {
  const state = inline as LinkLevelState;
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x5b || state.linkLevel > 0) return false;
  // `![…](…)` is not a link (and images are not supported).
  if (start > 0 && state.src.charCodeAt(start - 1) === 0x21) return false;
  const close = labelEnd(state, start);
  if (close === -1) return false;
  const target = parseTarget(state, close + 1);
  if (!target) return false;
  const sanitized = sanitizeUrl(strip(codeAsText(state, target.href)));
  if (sanitized === undefined) return false;
  if (!silent) {
    const href = rewriteLocalLink(sanitized, realmUrlOf(state.env));
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', href]];
    if (target.title !== undefined) {
      const title = strip(codeAsText(state, target.title));
      open.attrs.push(['title', dequote(title).replace(TITLE_SPACE, ' ')]);
    }
    const label = state.src.slice(start + 1, close);
    if (strip(label) === '') {
      state.push('text', '', 0).content = href;
    } else {
      const max = state.posMax;
      state.pos = start + 1;
      state.posMax = close;
      state.linkLevel++;
      state.md.inline.tokenize(state);
      state.linkLevel--;
      state.posMax = max;
    }
    state.push('link_close', 'a', -1);
  }
  state.pos = target.end;
  return true;
}
