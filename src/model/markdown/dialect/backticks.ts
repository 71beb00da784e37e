/**
 * Inline code (server-markdown §1.5), the highest-priority inline pattern (105). Its matches are found once per inline
 * text, the way Python-Markdown's leftmost-first search finds them, so the lower-priority rules can treat them as
 * opaque (`codeSpanAt`) wherever they scan ahead. Besides `` `code` `` spans, the backtick pattern's other branch
 * halves an even run of backslashes directly before a backtick.
 */
import type { StateInline } from 'markdown-it';

export interface CodeSpan {
  readonly start: number;
  readonly end: number;
  /** The code, verbatim (not trimmed), or the halved backslashes. */
  readonly content: string;
  readonly kind: 'code' | 'backslashes';
}

function runLength(src: string, at: number, ch: number): number {
  let end = at;
  while (src.charCodeAt(end) === ch) end++;
  return end - at;
}

/** Every match of the backtick pattern, left to right. */
export function scanCodeSpans(src: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  if (!src.includes('`')) return spans;
  // A closing run is a whole run of backticks of the opening's length: index the runs by length.
  const runsByLength = new Map<number, number[]>();
  for (let i = src.indexOf('`'); i !== -1; ) {
    const length = runLength(src, i, 0x60);
    const starts = runsByLength.get(length) ?? [];
    starts.push(i);
    runsByLength.set(length, starts);
    i = src.indexOf('`', i + length);
  }
  const closingRun = (length: number, from: number): number => {
    const starts = runsByLength.get(length);
    if (!starts) return -1;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < starts.length ? starts[lo]! : -1;
  };
  let pos = 0;
  let lastEnd = 0;
  while (pos < src.length) {
    const ch = src.charCodeAt(pos);
    // A match is replaced by a placeholder, so the character after it is never preceded by a backslash.
    const escaped = pos > lastEnd && src.charCodeAt(pos - 1) === 0x5c;
    if (ch === 0x5c && !escaped) {
      const length = runLength(src, pos, 0x5c);
      if (length % 2 === 0 && src.charCodeAt(pos + length) === 0x60) {
        spans.push({ start: pos, end: pos + length, content: '\\'.repeat(length / 2), kind: 'backslashes' });
        lastEnd = pos + length;
      }
      pos += length;
    } else if (ch === 0x60 && !escaped) {
      const run = runLength(src, pos, 0x60);
      let span: CodeSpan | undefined;
      // The opening may use fewer backticks than the run has, the rest then starting the code.
      for (let open = run; open >= 1 && !span; open--) {
        const close = closingRun(open, pos + run + 1);
        if (close !== -1) span = { start: pos, end: close + open, content: src.slice(pos + open, close), kind: 'code' };
      }
      if (span) {
        spans.push(span);
        pos = lastEnd = span.end;
      } else {
        // No later position in this run can open a span either.
        pos += run;
      }
    } else {
      pos++;
    }
  }
  return spans;
}

const spansByState = new WeakMap<StateInline, Map<number, CodeSpan>>();

function spansOf(state: StateInline): Map<number, CodeSpan> {
  let spans = spansByState.get(state);
  if (!spans) {
    spans = new Map(scanCodeSpans(state.src).map((span) => [span.start, span]));
    spansByState.set(state, spans);
  }
  return spans;
}

/** The code span (or halved backslash run) that starts at `pos` of the inline text, if any. */
export function codeSpanAt(state: StateInline, pos: number): CodeSpan | undefined {
  return spansOf(state).get(pos);
}

/** Inline rule `zulip_backticks`. */
export function backticksRule(state: StateInline, silent: boolean): boolean {
  const ch = state.src.charCodeAt(state.pos);
  if (ch !== 0x60 && ch !== 0x5c) return false;
  const span = codeSpanAt(state, state.pos);
  if (!span || span.end > state.posMax) return false;
  if (!silent) {
    if (span.kind === 'code') {
      state.push('code_inline', 'code', 0).content = span.content;
    } else {
      const token = state.push('html_inline', '', 0);
      token.content = span.content;
      token.meta = { textLike: true };
    }
  }
  state.pos = span.end;
  return true;
}
