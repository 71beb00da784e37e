/**
 * The preprocessors that run before fenced blocks (server-markdown §1.2): the hanging-list fixer on the raw lines,
 * then Python-Markdown's whitespace normaliser.
 */
import type { StateCore } from 'markdown-it';

import { FENCE } from './fences.js';
import { isBlank } from './python.js';

// Any indentation, a bullet or a single digit and `.`, then spaces (the fixer's own pattern, looser than the lists').
const LIST_LINE = /^ *([*+-]|\p{Nd}\.) +/u;

interface OpenFence {
  readonly fence: string;
  readonly isCode: boolean;
}

/** A blank line before each list line that hangs off a non-list line, or that switches between bullet and number. */
export function separateHangingLists(lines: readonly string[]): string[] {
  const out: string[] = [];
  const open: OpenFence[] = [];
  let inCode = false;
  let next = lines.length > 0 ? LIST_LINE.exec(lines[0]!) : null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const here = next;
    out.push(line);
    if (i === lines.length - 1) break;
    const fence = line.startsWith('```') || line.startsWith('~~~') ? FENCE.exec(line) : null;
    if (fence) {
      const [, marker = '', lang] = fence;
      // The fixer tracks fences loosely: a line with a language always opens one, and it does not lowercase it.
      if (!lang && open.length > 0 && open[open.length - 1]!.fence === marker) open.pop();
      else open.push({ fence: marker, isCode: lang !== 'quote' && lang !== 'quoted' });
      inCode = open.some((f) => f.isCode);
    }
    next = LIST_LINE.exec(lines[i + 1]!);
    if (inCode || line === '') continue;
    if (next && (!here || (here[1]!.length === 1) !== (next[1]!.length === 1))) out.push('');
  }
  return out;
}

/** `str.expandtabs(4)`: each tab to the next multiple of four columns, counted from the start of its line. */
export function expandTabs(text: string): string {
  if (!text.includes('\t')) return text;
  let out = '';
  let column = 0;
  for (const ch of text) {
    if (ch === '\t') {
      const width = 4 - (column % 4);
      out += ' '.repeat(width);
      column += width;
    } else if (ch === '\n') {
      out += ch;
      column = 0;
    } else {
      out += ch;
      column++;
    }
  }
  return out;
}

/** The source as the fenced-block preprocessor receives it, split into lines. */
const ANY_LIST_LINE = /^ *(?:[*+-]|\p{Nd}\.) +/mu;

export function normaliseSource(source: string): string[] {
  let text = ANY_LIST_LINE.test(source) ? separateHangingLists(source.split('\n')).join('\n') : source;
  if (/[\u0002\u0003\r]/.test(text)) text = text.replace(/[\u0002\u0003]/g, '').replace(/\r\n?/g, '\n');
  text = `${text}\n\n`;
  text = expandTabs(text).replace(/(?<=\n) +\n/g, '\n');
  return text.split('\n');
}

/** Core rule `zulip_normalise`. Whitespace-only input renders to nothing. */
export function normaliseRule(state: StateCore): void {
  state.src = isBlank(state.src) ? '' : normaliseSource(state.src).join('\n');
}
