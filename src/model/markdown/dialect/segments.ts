/**
 * The core passes that stand for Python-Markdown's lower-priority inline patterns (autolinks, emphasis) see an inline
 * token's children as a tree of segments: text, line breaks, and everything else as opaque units (the placeholders
 * Python's earlier patterns left). They descend only into `strong`, `em` and `del`, whose text Python processes
 * further; links and every other construct are atomic.
 */
import type { Token } from 'markdown-it';

export type SegmentNode =
  | { readonly kind: 'text'; readonly content: string; readonly token: Token }
  | { readonly kind: 'break'; readonly token: Token }
  | { readonly kind: 'opaque'; readonly tokens: readonly Token[] }
  | { readonly kind: 'container'; readonly open: Token; readonly close: Token; children: SegmentNode[] };

const CONTAINERS = new Set(['strong_open', 'em_open', 'del_open']);

function matchingClose(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    depth += tokens[i]!.nesting;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

/** The children as segment nodes, adjacent text tokens merged. */
export function toSegments(tokens: readonly Token[]): SegmentNode[] {
  const nodes: SegmentNode[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = nodes[nodes.length - 1];
    if (token.type === 'text') {
      if (previous?.kind === 'text') nodes[nodes.length - 1] = { kind: 'text', content: previous.content + token.content, token: previous.token };
      else nodes.push({ kind: 'text', content: token.content, token });
    } else if (token.type === 'hardbreak' || token.type === 'softbreak') {
      nodes.push({ kind: 'break', token });
    } else if (token.nesting === 1) {
      const close = matchingClose(tokens, i);
      const inner = tokens.slice(i + 1, close);
      if (CONTAINERS.has(token.type) && tokens[close]!.nesting === -1) {
        nodes.push({ kind: 'container', open: token, close: tokens[close]!, children: toSegments(inner) });
      } else {
        nodes.push({ kind: 'opaque', tokens: tokens.slice(i, close + 1) });
      }
      i = close;
    } else {
      nodes.push({ kind: 'opaque', tokens: [token] });
    }
  }
  return nodes;
}

export function fromSegments(nodes: readonly SegmentNode[], out: Token[] = []): Token[] {
  for (const node of nodes) {
    if (node.kind === 'text') {
      node.token.content = node.content;
      out.push(node.token);
    } else if (node.kind === 'break') {
      out.push(node.token);
    } else if (node.kind === 'opaque') {
      out.push(...node.tokens);
    } else {
      out.push(node.open);
      fromSegments(node.children, out);
      out.push(node.close);
    }
  }
  return out;
}

/** Calls `visit` on every segment: the top level and each container's children, innermost first. */
export function eachSegment(nodes: SegmentNode[], visit: (nodes: SegmentNode[]) => SegmentNode[]): SegmentNode[] {
  for (const node of nodes) if (node.kind === 'container') node.children = eachSegment(node.children, visit);
  return visit(nodes);
}

/** Whether any text in the tree contains one of the characters. */
export function anyTextHas(nodes: readonly SegmentNode[], test: RegExp): boolean {
  return nodes.some((node) => (node.kind === 'text' && test.test(node.content)) || (node.kind === 'container' && anyTextHas(node.children, test)));
}
