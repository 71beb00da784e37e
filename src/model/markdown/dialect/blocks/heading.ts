/** Zulip's `#` heading processor (80): one to six `#` and whitespace, on any line of a block (server-markdown §1.6). */
import { PY_SPACE, strip } from '../python.js';
import type { BlockProcessor } from './parser.js';
import { looseDetab, subElement } from './tree.js';

// Zulip's pattern requires whitespace after the hashes (which may be the newline itself); trailing hashes are dropped.
const HEADING = new RegExp(`(?:^|\\n)(#{1,6})[${PY_SPACE}]((?:\\\\[^\\n]|[^\\\\])*?)#*(?:\\n|$)`);

export const hashHeading: BlockProcessor = {
  test: (_parser, _parent, block) => HEADING.test(block),
  run(parser, parent, blocks) {
    const block = blocks.shift()!;
    const match = HEADING.exec(block)!;
    const before = block.slice(0, match.index);
    let after = block.slice(match.index + match[0].length);
    if (before) parser.parseBlocks(parent, [before]);
    subElement(parent, `h${match[1]!.length}`).text = strip(match[2]!);
    if (after) {
      if (parser.isState('looselist')) after = looseDetab(after, 4);
      blocks.unshift(after);
    }
  },
};
