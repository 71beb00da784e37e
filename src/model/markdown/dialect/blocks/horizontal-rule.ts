/** Python-Markdown's horizontal rule processor (70): a line of three or more `-`, `_` or `*` anywhere in a block. */
import type { BlockProcessor } from './parser.js';
import { subElement } from './tree.js';

// The lookahead and back-reference emulate an atomic group, exactly as Python-Markdown writes it.
const RULE_LINE = /^ {0,3}(?=((?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}))\1 *$/;

/** The offsets of the first rule line: its start and its end (before its newline). */
function findRule(block: string): [number, number] | undefined {
  let start = 0;
  while (start <= block.length) {
    const newline = block.indexOf('\n', start);
    const end = newline === -1 ? block.length : newline;
    if (RULE_LINE.test(block.slice(start, end))) return [start, end];
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  return undefined;
}

export const horizontalRule: BlockProcessor = {
  test: (_parser, _parent, block) => findRule(block) !== undefined,
  run(parser, parent, blocks) {
    const block = blocks.shift()!;
    const [start, end] = findRule(block)!;
    const before = block.slice(0, start).replace(/\n+$/, '');
    if (before) parser.parseBlocks(parent, [before]);
    subElement(parent, 'hr');
    const after = block.slice(end).replace(/^\n+/, '');
    if (after) blocks.unshift(after);
  },
};
