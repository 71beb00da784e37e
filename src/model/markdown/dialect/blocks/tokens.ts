/**
 * Core rule `zulip_blocks`: parses the (normalised, fence-free) source with the Python-Markdown block processors and
 * turns the tree into markdown-it block tokens. Each element's text and each non-blank tail become `inline` tokens;
 * `meta.newlineAfterOpen` / `meta.newlineAfterClose` carry the newlines Python-Markdown's prettifier adds
 * (server-markdown §1.2, §3), which the serialiser prints.
 */
import type { StateCore, Token } from 'markdown-it';

import { indentedCodeHtml } from '../code-block.js';
import { isBlank } from '../python.js';
import { type Stash, stashFor } from '../stash.js';
import { table } from '../tables.js';
import { hashHeading } from './heading.js';
import { horizontalRule } from './horizontal-rule.js';
import { indentedCode } from './indented-code.js';
import { listIndent, orderedList, unorderedList } from './lists.js';
import { emptyBlock, paragraph } from './paragraph.js';
import { BlockParser, type BlockProcessor } from './parser.js';
import { blockquote } from './quote.js';
import { type BlockElement, element } from './tree.js';

// Zulip's block processors by priority: 95, 90, 85, 80, 75, 70, 65, 60, 55, 50.
const PROCESSORS: readonly BlockProcessor[] = [
  emptyBlock,
  listIndent,
  indentedCode,
  hashHeading,
  table,
  horizontalRule,
  orderedList,
  unorderedList,
  blockquote,
  paragraph,
];

const TOKEN_TYPES: Readonly<Record<string, string>> = {
  p: 'paragraph',
  ul: 'bullet_list',
  ol: 'ordered_list',
  li: 'list_item',
  blockquote: 'blockquote',
  table: 'table',
  thead: 'thead',
  tbody: 'tbody',
  tr: 'tr',
  th: 'th',
  td: 'td',
};

class Emitter {
  constructor(
    private readonly state: StateCore,
    private readonly stash: Stash,
  ) {}

  private push(type: string, tag: string, nesting: 1 | 0 | -1): Token {
    const token = new this.state.Token(type, tag, nesting);
    token.block = true;
    this.state.tokens.push(token);
    return token;
  }

  private inline(content: string, tail = false): void {
    const token = new this.state.Token('inline', '', 0);
    token.content = content;
    token.children = [];
    if (tail) token.meta = { tail: true };
    this.state.tokens.push(token);
  }

  private raw(html: string): Token {
    const token = this.push('html_block', '', 0);
    token.content = html;
    return token;
  }

  /** Emits the element; returns its last token, which prints the newline after it when its tail is blank. */
  private element(el: BlockElement): Token {
    if (el.tag === 'pre') return this.raw(indentedCodeHtml(el.code ?? ''));
    if (el.tag === 'hr') return this.push('hr', 'hr', 0);
    if (el.tag === 'p' && el.children.length === 0) {
      const html = this.stash.blockFor(el.text);
      if (html !== undefined) return this.raw(html);
    }
    const type = TOKEN_TYPES[el.tag] ?? (el.tag.startsWith('h') ? 'heading' : el.tag);
    const open = this.push(`${type}_open`, el.tag, 1);
    open.attrs = el.attrs.length > 0 ? el.attrs.map(([name, value]) => [name, value]) : null;
    const first = el.children[0];
    // A blank text before a block child is replaced by a newline; otherwise the text is inline content.
    if (first && isBlank(el.text)) open.meta = { newlineAfterOpen: true };
    else if (el.text !== '') this.inline(el.text);
    this.children(el);
    return this.push(`${type}_close`, el.tag, -1);
  }

  children(parent: BlockElement): void {
    for (const child of parent.children) {
      const last = this.element(child);
      if (isBlank(child.tail)) last.meta = { ...last.meta, newlineAfterClose: true };
      else this.inline(child.tail, true);
    }
  }
}

export function blocksRule(state: StateCore): void {
  const root = element('div');
  new BlockParser(PROCESSORS).parseChunk(root, state.src);
  new Emitter(state, stashFor(state.env)).children(root);
}
