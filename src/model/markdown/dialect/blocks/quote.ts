/**
 * Zulip's blockquote processor (55), server-markdown §1.8: the quote starts at the first `>` line not followed only
 * by empty `>` lines, takes every later line of the block (lazily), and a blank line ends it. Quoted mentions are
 * made silent on the raw line, before its `>` is removed.
 */
import { isBlank, PY_SPACE, strip } from '../python.js';
import type { BlockProcessor } from './parser.js';
import { subElement } from './tree.js';

const QUOTE_LINE = /^ {0,3}>/;
const EMPTY_QUOTE_LINE = new RegExp(`^ {0,3}>[${PY_SPACE}]*$`);
const QUOTE_MARK = /^ {0,3}> ?/;

// The mention rules' preceding-character condition; an already silent mention is rewritten to itself.
const BEFORE_MENTION = `(?<![^${PY_SPACE}'"({[/<])`;
const USER_MENTION = new RegExp(`${BEFORE_MENTION}@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`${BEFORE_MENTION}@_?\\*([^*]+)\\*`, 'g');

/** The offset where the quote starts (the newline before its first line, or 0), or -1 for no quote. */
function quoteStart(block: string): number {
  const lines = block.split('\n');
  // From the end: whether every line from here on is an empty `>` line or blank.
  const onlyEmptyAfter: boolean[] = new Array(lines.length + 1);
  onlyEmptyAfter[lines.length] = true;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    onlyEmptyAfter[i] = onlyEmptyAfter[i + 1]! && (EMPTY_QUOTE_LINE.test(line) || isBlank(line));
  }
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    if (QUOTE_LINE.test(lines[i]!) && !onlyEmptyAfter[i]) return i === 0 ? 0 : offset - 1;
    offset += lines[i]!.length + 1;
  }
  return -1;
}

function clean(line: string): string {
  const silenced = line.replace(USER_MENTION, '@_**$1**').replace(GROUP_MENTION, '@_*$1*');
  if (strip(silenced) === '>') return '';
  const mark = QUOTE_MARK.exec(silenced);
  return mark && !EMPTY_QUOTE_LINE.test(silenced) ? silenced.slice(mark[0].length) : silenced;
}

export const blockquote: BlockProcessor = {
  test: (parser, _parent, block) => !parser.nearDepthLimit && quoteStart(block) !== -1,
  run(parser, parent, blocks) {
    const block = blocks.shift()!;
    const start = quoteStart(block);
    parser.parseBlocks(parent, [block.slice(0, start)]);
    const quote = subElement(parent, 'blockquote');
    parser.setState('blockquote');
    parser.parseChunk(quote, block.slice(start).split('\n').map(clean).join('\n'));
    parser.resetState();
  },
};
