/**
 * Python-Markdown's BlockParser (server-markdown §1.1): the text is cut into blank-line-separated blocks, and each
 * block goes to the first processor (in priority order) whose test accepts it; processors recurse into the parser.
 */
import { type BlockElement, subElement } from './tree.js';

export interface BlockProcessor {
  test(parser: BlockParser, parent: BlockElement, block: string): boolean;
  /** Consumes `blocks[0]` (and may push blocks back for the next round). */
  run(parser: BlockParser, parent: BlockElement, blocks: string[]): void;
}

// Nesting this deep exhausts Python's recursion limit on the real server; here the rest is kept as paragraph text.
const MAX_DEPTH = 64;

export class BlockParser {
  private readonly states: string[] = [];
  private depth = 0;

  constructor(private readonly processors: readonly BlockProcessor[]) {}

  setState(state: string): void {
    this.states.push(state);
  }

  resetState(): void {
    this.states.pop();
  }

  isState(state: string): boolean {
    return this.states[this.states.length - 1] === state;
  }

  get nearDepthLimit(): boolean {
    return this.depth >= MAX_DEPTH;
  }

  parseChunk(parent: BlockElement, text: string): void {
    this.parseBlocks(parent, text.split('\n\n'));
  }

  parseBlocks(parent: BlockElement, blocks: string[]): void {
    if (this.depth >= MAX_DEPTH) {
      const text = blocks.join('\n\n').trim();
      if (text) subElement(parent, 'p').text = text;
      return;
    }
    this.depth++;
    try {
      while (blocks.length > 0) {
        for (const processor of this.processors) {
          if (processor.test(this, parent, blocks[0]!)) {
            processor.run(this, parent, blocks);
            break;
          }
        }
      }
    } finally {
      this.depth--;
    }
  }
}
