/**
 * Quoted mentions never notify (server-markdown.md §1.8): the real server rewrites `@**…**` and `@*…*` on every quoted
 * line to the silent `@_` forms before parsing, code spans included. This core rule does it to the inline content of
 * blocks inside a blockquote, before inline parsing, for markdown-it's own block parser; the dialect's blockquote
 * processor (dialect/blocks/quote.ts) rewrites the raw lines itself, so index.ts leaves this rule out there.
 */
import type { StateCore, Token } from 'markdown-it';

import { PY_SPACE } from '../dialect/python.js';

// The lookbehind is the mention rules' preceding-character rule; already silent mentions are rewritten to themselves.
const USER_MENTION = new RegExp(`(?<![^${PY_SPACE}'"({[/<])@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`(?<![^${PY_SPACE}'"({[/<])@_?\\*([^*]+)\\*`, 'g');

function silenceLine(line: string, lineStartAllowed: boolean): string {
  // The real server sees the whole quoted line: after `>` with no space, a mention at the start is not one.
  const text = lineStartAllowed ? line : `>${line}`;
  const silenced = text.replace(USER_MENTION, '@_**$1**').replace(GROUP_MENTION, '@_*$1*');
  return lineStartAllowed ? silenced : silenced.slice(1);
}

/** The source character before a content line, when the content line can be found in its source line. */
function charBeforeContent(sourceLine: string | undefined, contentLine: string): string | undefined {
  if (sourceLine === undefined) return undefined;
  const trimmed = contentLine.trimEnd();
  const end = sourceLine.trimEnd().length;
  const start = sourceLine.slice(0, end).endsWith(trimmed) ? end - trimmed.length : sourceLine.indexOf(trimmed);
  return start > 0 ? sourceLine[start - 1] : undefined;
}

function silence(token: Token, sourceLines: () => readonly string[]): void {
  const lines = token.content.split('\n');
  const first = token.map?.[0];
  token.content = lines
    .map((line, i) => {
      if (!line.startsWith('@')) return silenceLine(line, true);
      const before = first === undefined ? undefined : charBeforeContent(sourceLines()[first + i], line);
      return silenceLine(line, before !== '>');
    })
    .join('\n');
}

export function quoteSilencingRule(state: StateCore): void {
  let depth = 0;
  let sourceLines: string[] | undefined;
  const lines = (): readonly string[] => (sourceLines ??= state.src.split('\n'));
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') depth++;
    else if (token.type === 'blockquote_close') depth--;
    else if (depth > 0 && token.type === 'inline' && token.content.includes('@')) silence(token, lines);
  }
}
