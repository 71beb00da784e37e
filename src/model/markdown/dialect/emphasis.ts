/**
 * Core rule `zulip_emphasis`: Zulip's `**strong**` (35), `*em*` (30) and `~~del~~` (25), server-markdown §1.4. As in
 * Python-Markdown, each pattern in turn replaces its leftmost match until none is left, and the text inside a match is
 * then processed by the later patterns only. Underscores do nothing; a lone `*` stays as it is.
 */
import type { StateCore, Token } from 'markdown-it';

import { isSpace } from './python.js';
import { anyTextHas, eachSegment, fromSegments, type SegmentNode, toSegments } from './segments.js';

/** One character of text, or a unit the patterns cannot see into (`nl` for a line break). */
type Atom = string | { readonly node: SegmentNode; readonly nl: boolean };

interface Match {
  readonly start: number;
  readonly end: number;
  readonly inner: number;
  readonly innerEnd: number;
}

interface Pattern {
  readonly tag: 'strong' | 'em' | 'del';
  /** The leftmost match at or after `from`. */
  find(atoms: readonly Atom[], from: number): Match | undefined;
  /** Where to look again after a match at `start` was replaced by its element. */
  resume(atoms: readonly Atom[], start: number): number;
}

const char = (atom: Atom | undefined): string => (atom === undefined ? '' : typeof atom === 'string' ? atom : atom.nl ? '\n' : '\u0002');

function indexOfChar(atoms: readonly Atom[], ch: string, from: number): number {
  for (let i = from; i < atoms.length; i++) if (atoms[i] === ch) return i;
  return -1;
}

/** `(\*\*)([^\n]+?)\*\*`: the shortest text up to the next `**` on the same line. */
const strong: Pattern = {
  tag: 'strong',
  find(atoms, from) {
    let i = indexOfChar(atoms, '*', from);
    while (i !== -1) {
      if (atoms[i + 1] === '*') {
        for (let j = i + 3; j < atoms.length; j++) {
          const ch = char(atoms[j]);
          if (ch === '\n') break;
          if (ch === '*' && atoms[j + 1] === '*') return { start: i, end: j + 2, inner: i + 2, innerEnd: j };
        }
      }
      i = indexOfChar(atoms, '*', i + 1);
    }
    return undefined;
  },
  resume: (_atoms, start) => start,
};

/** `(\*)(?!\s+)([^\*^\n]+)(?<!\s)\*`: text without `*`, `^` or newline, not starting or ending with whitespace. */
const em: Pattern = {
  tag: 'em',
  find(atoms, from) {
    let i = indexOfChar(atoms, '*', from);
    while (i !== -1) {
      let j = i + 1;
      for (; j < atoms.length; j++) {
        const ch = char(atoms[j]);
        if (ch === '*' || ch === '^' || ch === '\n') break;
      }
      if (atoms[j] === '*' && j > i + 1 && !isSpace(char(atoms[i + 1])) && !isSpace(char(atoms[j - 1]))) {
        return { start: i, end: j + 1, inner: i + 1, innerEnd: j };
      }
      i = indexOfChar(atoms, '*', i + 1);
    }
    return undefined;
  },
  // The element now stands between an earlier `*` and a later one, which may make a match that failed before.
  resume(atoms, start) {
    for (let i = start - 1; i >= 0; i--) {
      const ch = char(atoms[i]);
      if (ch === '*') return i;
      if (ch === '^' || ch === '\n') break;
    }
    return start;
  },
};

/** `(?<!~)(\~\~)([^~\n]+?)(\~\~)(?!~)`. */
const del: Pattern = {
  tag: 'del',
  find(atoms, from) {
    let i = indexOfChar(atoms, '~', from);
    while (i !== -1) {
      if (atoms[i + 1] === '~' && atoms[i - 1] !== '~') {
        let j = i + 2;
        while (j < atoms.length && atoms[j] !== '~' && char(atoms[j]) !== '\n') j++;
        if (j > i + 2 && atoms[j] === '~' && atoms[j + 1] === '~' && atoms[j + 2] !== '~') return { start: i, end: j + 2, inner: i + 2, innerEnd: j };
      }
      i = indexOfChar(atoms, '~', i + 1);
    }
    return undefined;
  },
  resume: (_atoms, start) => start,
};

const PATTERNS: readonly Pattern[] = [strong, em, del];

function toAtoms(nodes: readonly SegmentNode[]): Atom[] {
  const atoms: Atom[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') for (const ch of node.content) atoms.push(ch);
    else atoms.push({ node, nl: node.kind === 'break' });
  }
  return atoms;
}

class Emphasis {
  constructor(private readonly state: StateCore) {}

  private token(type: string, tag: string, nesting: 1 | -1): Token {
    return new this.state.Token(type, tag, nesting);
  }

  /** Applies the patterns from `first` on, replacing matches in place. */
  private apply(atoms: Atom[], first: number): void {
    for (let p = first; p < PATTERNS.length; p++) {
      const pattern = PATTERNS[p]!;
      let from = 0;
      for (let match = pattern.find(atoms, from); match; match = pattern.find(atoms, from)) {
        const inner = atoms.slice(match.inner, match.innerEnd);
        this.apply(inner, p + 1);
        const node: SegmentNode = {
          kind: 'container',
          open: this.token(`${pattern.tag}_open`, pattern.tag, 1),
          close: this.token(`${pattern.tag}_close`, pattern.tag, -1),
          children: this.toNodes(inner),
        };
        atoms.splice(match.start, match.end - match.start, { node, nl: false });
        from = pattern.resume(atoms, match.start);
      }
    }
  }

  private toNodes(atoms: readonly Atom[]): SegmentNode[] {
    const nodes: SegmentNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push({ kind: 'text', content: text, token: new this.state.Token('text', '', 0) });
      text = '';
    };
    for (const atom of atoms) {
      if (typeof atom === 'string') {
        text += atom;
      } else {
        flush();
        nodes.push(atom.node);
      }
    }
    flush();
    return nodes;
  }

  segment(nodes: SegmentNode[]): SegmentNode[] {
    if (!anyTextHas(nodes, /[*~]/)) return nodes;
    const atoms = toAtoms(nodes);
    this.apply(atoms, 0);
    return this.toNodes(atoms);
  }
}

export function emphasisRule(state: StateCore): void {
  const emphasis = new Emphasis(state);
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const nodes = toSegments(token.children);
    if (!anyTextHas(nodes, /[*~]/)) continue;
    token.children = fromSegments(eachSegment(nodes, (segment) => emphasis.segment(segment)));
  }
}
