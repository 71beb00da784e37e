/**
 * Zulip's list processors (server-markdown §1.7): Python-Markdown's ordered (65) and unordered (60) list processors in
 * their "sane lists" form with a 2-space indent, and the list-indent processor (90) that files indented blocks under
 * the right item. Looseness comes from the tree: a list block that follows a list of its own kind continues it, and
 * then items get `<p>`s.
 */
import { lstrip } from '../python.js';
import type { BlockParser, BlockProcessor } from './parser.js';
import { type BlockElement, isList, lastChild, looseDetab, subElement } from './tree.js';

const TAB = 2;
const INDENT = ' '.repeat(TAB);
// A nested item of either kind, indented by one tab (two or three spaces).
const NESTED_ITEM = /^ {2,3}(?:\p{Nd}+\.|[*+-]) +/u;

interface ListKind {
  readonly tag: 'ol' | 'ul';
  /** The first line of a list of this kind, with at most one space before the marker. */
  readonly item: RegExp;
}

const ORDERED: ListKind = { tag: 'ol', item: /^ ?(\p{Nd}+)\. +([^\n]*)/u };
const UNORDERED: ListKind = { tag: 'ul', item: /^ ?([*+-]) +([^\n]*)/ };

/** The block's items: a marker line starts one, a nested item line starts an indented one, other lines continue. */
function itemsOf(kind: ListKind, block: string): { items: string[]; start: string } {
  const items: string[] = [];
  let start = '1';
  for (const line of block.split('\n')) {
    const item = kind.item.exec(line);
    if (item) {
      if (items.length === 0 && kind.tag === 'ol') start = item[1]!;
      items.push(item[2]!);
    } else if (NESTED_ITEM.test(line) && items.length > 0) {
      if (items[items.length - 1]!.startsWith(INDENT)) items[items.length - 1] += `\n${line}`;
      else items.push(line);
    } else if (items.length > 0) {
      items[items.length - 1] += `\n${line}`;
    }
  }
  return { items, start };
}

/** Moves an item's text (and the tail of its last child) into paragraphs, as a loose list needs. */
function loosen(item: BlockElement): void {
  if (item.text) {
    const p: BlockElement = { tag: 'p', attrs: [], text: item.text, tail: '', children: [] };
    item.text = '';
    item.children.unshift(p);
  }
  const last = lastChild(item);
  if (last?.tail) {
    subElement(item, 'p').text = lstrip(last.tail);
    last.tail = '';
  }
}

function listProcessor(kind: ListKind): BlockProcessor {
  return {
    test: (_parser, _parent, block) => kind.item.test(block),
    run(parser, parent, blocks) {
      const { items, start } = itemsOf(kind, blocks.shift()!);
      const sibling = lastChild(parent);
      let list: BlockElement;
      if (sibling?.tag === kind.tag) {
        // A list of the same kind after a blank line: the same list, now loose.
        list = sibling;
        const previous = lastChild(list);
        if (previous) loosen(previous);
        const item = subElement(list, 'li');
        parser.setState('looselist');
        parser.parseBlocks(item, [items.shift()!]);
        parser.resetState();
      } else if (isList(parent)) {
        list = parent;
      } else {
        list = subElement(parent, kind.tag, kind.tag === 'ol' && start !== '1' ? [['start', start]] : []);
      }
      parser.setState('list');
      for (const item of items) {
        if (item.startsWith(INDENT)) parser.parseBlocks(lastChild(list)!, [item]);
        else parser.parseBlocks(subElement(list, 'li'), [item]);
      }
      parser.resetState();
    },
  };
}

export const orderedList = listProcessor(ORDERED);
export const unorderedList = listProcessor(UNORDERED);

/** Where an indented block belongs: the level it reaches, and the element (list or item) to parse it under. */
function levelOf(parser: BlockParser, parent: BlockElement, block: string): [number, BlockElement] {
  const indent = /^(?: {2})+/.exec(block)?.[0].length ?? 0;
  const indentLevel = indent / TAB;
  // In a tight list the parent is already the item; in a loose one it has to be found.
  let level = parser.isState('list') ? 1 : 0;
  let at = parent;
  while (indentLevel > level) {
    const child = lastChild(at);
    if (!child || !(isList(child) || child.tag === 'li')) break;
    if (isList(child)) level++;
    at = child;
  }
  return [level, at];
}

export const listIndent: BlockProcessor = {
  test: (parser, parent, block) => block.startsWith(INDENT) && !parser.isState('detabbed') && (parent.tag === 'li' || isList(lastChild(parent))),
  run(parser, parent, blocks) {
    const block = blocks.shift()!;
    const [level, sibling] = levelOf(parser, parent, block);
    const detabbed = looseDetab(block, TAB, level);
    parser.setState('detabbed');
    if (parent.tag === 'li') {
      // An item whose nested list already started takes the block into that list.
      const last = lastChild(parent);
      parser.parseBlocks(isList(last) ? last! : parent, [detabbed]);
    } else if (sibling.tag === 'li') {
      parser.parseBlocks(sibling, [detabbed]);
    } else if (sibling.children.length > 0 && lastChild(sibling)!.tag === 'li') {
      const item = lastChild(sibling)!;
      if (item.text) {
        item.children.unshift({ tag: 'p', attrs: [], text: item.text, tail: '', children: [] });
        item.text = '';
      }
      parser.parseChunk(item, detabbed);
    } else {
      parser.parseBlocks(subElement(sibling, 'li'), [detabbed]);
    }
    parser.resetState();
  },
};
