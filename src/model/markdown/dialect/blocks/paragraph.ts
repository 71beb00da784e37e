/** Python-Markdown's empty-block (95) and paragraph (50) processors (server-markdown §1.3). */
import { isBlank, lstrip } from '../python.js';
import type { BlockProcessor } from './parser.js';
import { lastChild, subElement } from './tree.js';

/** A block that is empty or starts with an empty line; inside an indented code block the blank lines are kept. */
export const emptyBlock: BlockProcessor = {
  test: (_parser, _parent, block) => block === '' || block.startsWith('\n'),
  run(_parser, parent, blocks) {
    const block = blocks.shift()!;
    let filler = '\n\n';
    if (block) {
      filler = '\n';
      const rest = block.slice(1);
      if (rest) blocks.unshift(rest);
    }
    const sibling = lastChild(parent);
    if (sibling?.tag === 'pre' && sibling.code !== undefined) sibling.code += filler;
  },
};

/** Anything else is a paragraph; in a tight list item its text joins the item's text (or the last child's tail). */
export const paragraph: BlockProcessor = {
  test: () => true,
  run(parser, parent, blocks) {
    const block = blocks.shift()!;
    if (isBlank(block)) return;
    if (!parser.isState('list')) {
      subElement(parent, 'p').text = lstrip(block);
      return;
    }
    const sibling = lastChild(parent);
    if (sibling) sibling.tail = sibling.tail ? `${sibling.tail}\n${block}` : `\n${block}`;
    else parent.text = parent.text ? `${parent.text}\n${block}` : lstrip(block);
  },
};
