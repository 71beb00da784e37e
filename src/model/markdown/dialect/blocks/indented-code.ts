/** Python-Markdown's indented code processor (85): four spaces start a code block (server-markdown §1.6). */
import { isBlank, rstrip } from '../python.js';
import type { BlockProcessor } from './parser.js';
import { lastChild, subElement } from './tree.js';

const INDENT = '    ';

/** The indented lines at the start of `text` (blank ones included), without their indent, and the rest. */
function detab(text: string): [string, string] {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (line.startsWith(INDENT)) kept.push(line.slice(INDENT.length));
    else if (isBlank(line)) kept.push('');
    else break;
  }
  return [kept.join('\n'), lines.slice(kept.length).join('\n')];
}

export const indentedCode: BlockProcessor = {
  test: (_parser, _parent, block) => block.startsWith(INDENT),
  run(_parser, parent, blocks) {
    const sibling = lastChild(parent);
    const [code, rest] = detab(blocks.shift()!);
    // A blank line does not end a code block: the next indented block continues the previous one.
    if (sibling?.tag === 'pre' && sibling.code !== undefined) sibling.code = `${sibling.code}\n${rstrip(code)}\n`;
    else subElement(parent, 'pre').code = `${rstrip(code)}\n`;
    if (rest) blocks.unshift(rest);
  },
};
