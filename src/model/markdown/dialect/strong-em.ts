/**
 * Inline rule `zulip_strong_em`: `***x***` (server-markdown §1.4), priority 100, just below code. The text between the
 * markers has no `*`, `^` or newline (code spans count as single characters) and neither starts nor ends with
 * whitespace. It is parsed further, as Python-Markdown processes the element's text with the later patterns.
 */
import type { StateInline } from 'markdown-it';

import { codeSpanAt } from './backticks.js';
import { isSpace } from './python.js';

const STAR = 0x2a;

function isTriple(src: string, at: number): boolean {
  return src.charCodeAt(at) === STAR && src.charCodeAt(at + 1) === STAR && src.charCodeAt(at + 2) === STAR;
}

/** The end of the text after `***` at `start`, when a closing `***` follows it directly; otherwise -1. */
function contentEnd(state: StateInline, start: number): number {
  const { src, posMax } = state;
  let pos = start;
  let lastIsSpace = false;
  while (pos < posMax) {
    const span = codeSpanAt(state, pos);
    if (span) {
      if (span.end > posMax) return -1;
      pos = span.end;
      lastIsSpace = false;
      continue;
    }
    const ch = src[pos]!;
    if (ch === '*') break;
    if (ch === '^' || ch === '\n') return -1;
    if (pos === start && isSpace(ch)) return -1;
    lastIsSpace = isSpace(ch);
    pos++;
  }
  if (pos === start || lastIsSpace || pos + 3 > posMax || !isTriple(src, pos)) return -1;
  return pos;
}

export function strongEmRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (!isTriple(state.src, start)) return false;
  const end = contentEnd(state, start + 3);
  if (end === -1) return false;
  if (!silent) {
    const max = state.posMax;
    state.push('strong_open', 'strong', 1);
    state.push('em_open', 'em', 1);
    state.pos = start + 3;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = max;
    state.push('em_close', 'em', -1);
    state.push('strong_close', 'strong', -1);
  }
  state.pos = end + 3;
  return true;
}
