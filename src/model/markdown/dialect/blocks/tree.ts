/**
 * The element tree Python-Markdown's block processors build (server-markdown §1.1): text before the first child and
 * a tail after each element hold inline source; an indented code block keeps its raw code.
 */
export interface BlockElement {
  readonly tag: string;
  readonly attrs: [string, string][];
  text: string;
  tail: string;
  readonly children: BlockElement[];
  /** For `pre`: the code of an indented code block, before highlighting. */
  code?: string;
}

export function element(tag: string, attrs: [string, string][] = []): BlockElement {
  return { tag, attrs, text: '', tail: '', children: [] };
}

export function subElement(parent: BlockElement, tag: string, attrs: [string, string][] = []): BlockElement {
  const child = element(tag, attrs);
  parent.children.push(child);
  return child;
}

export function lastChild(parent: BlockElement): BlockElement | undefined {
  return parent.children[parent.children.length - 1];
}

export function isList(el: BlockElement | undefined): boolean {
  return el?.tag === 'ul' || el?.tag === 'ol';
}

/** Python-Markdown's `looseDetab`: `level` indents of `width` spaces off every line that has them. */
export function looseDetab(text: string, width: number, level = 1): string {
  const indent = ' '.repeat(width * level);
  return text
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}
