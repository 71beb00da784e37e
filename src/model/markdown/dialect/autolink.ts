/**
 * Core rule `zulip_autolink`: bare URLs and e-mail addresses (server-markdown §2.8), Zulip's `get_web_link_regex`
 * (priority 55) written out as a scanner. It runs on the text left after the inline rules, so never inside code, link
 * text or the Zulip constructs, and before emphasis: `*https://x.io*` has a `*` before the URL and is not linked.
 */
import type { StateCore } from 'markdown-it';

import type { RenderEnv } from '../types.js';
import { isSpace, isSpaceCode, isWordChar } from './python.js';
import { anyTextHas, eachSegment, fromSegments, type SegmentNode, toSegments } from './segments.js';
import { TLD_LENGTHS, TLDS } from './tlds.js';
import { rewriteLocalLink, sanitizeUrl } from './url.js';

// Stands for an opaque unit in the scanned text (a line break is a newline); neither can be part of a URL.
const OPAQUE = '\u0002';
const PRECEDING = new Set([0x27, 0x22, 0x28, 0x2c, 0x3a, 0x3c]);
const TRAILING_PUNCTUATION = new Uint8Array(128);
for (const ch of `!:;?),.'">`) TRAILING_PUNCTUATION[ch.charCodeAt(0)] = 1;
const MAX_PAREN_DEPTH = 7;
// Base58 without 0, O, I and l.
const BITCOIN_CHAR = /[a-km-zA-HJ-NP-Z1-9]/;

/** The characters of the (lowercase, punycode) TLDs. */
function isTldChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
}

class Scanner {
  /** For each index, the first index at or after it that is not trailing punctuation. */
  private readonly afterPunctuation: Int32Array;

  constructor(private readonly s: string) {
    this.afterPunctuation = new Int32Array(s.length + 1);
    this.afterPunctuation[s.length] = s.length;
    for (let i = s.length - 1; i >= 0; i--) this.afterPunctuation[i] = TRAILING_PUNCTUATION[s.charCodeAt(i)] === 1 ? this.afterPunctuation[i + 1]! : i;
  }

  /** What may follow a URL: optional punctuation, then whitespace or the end. */
  private endsHere(i: number): boolean {
    const next = this.afterPunctuation[i]!;
    return next === this.s.length || isSpace(this.s[next]);
  }

  private isPathChar(ch: string | undefined): boolean {
    return ch !== undefined && ch !== '(' && ch !== ')' && ch !== '"' && ch !== OPAQUE && !isSpace(ch);
  }

  /** The index after the `)` matching the `(` at `open`, or -1. */
  private group(open: number, depth: number): number {
    let i = open + 1;
    for (;;) {
      const ch = this.s[i];
      if (ch === ')') return i + 1;
      if (ch === '(') {
        if (depth >= MAX_PAREN_DEPTH) return -1;
        i = this.group(i, depth + 1);
        if (i === -1) return -1;
      } else if (this.isPathChar(ch)) {
        i++;
      } else {
        return -1;
      }
    }
  }

  /** The end of the shortest path from the `/` at `slash` that the URL can end after, or -1. */
  private path(slash: number): number {
    let i = slash + 1;
    for (;;) {
      if (this.endsHere(i)) return i;
      const ch = this.s[i];
      if (ch === '(') {
        i = this.group(i, 1);
        if (i === -1) return -1;
      } else if (this.isPathChar(ch)) {
        i++;
      } else {
        return -1;
      }
    }
  }

  /** After a host ending at `end`: an optional path (preferred), then the end rule. */
  private withPath(end: number): number {
    if (this.s[end] === '/') {
      const pathEnd = this.path(end);
      if (pathEnd !== -1) return pathEnd;
    }
    return this.endsHere(end) ? end : -1;
  }

  /** `https?://` and the shortest host (word characters, `.:@-`) that works. */
  private scheme(start: number): number {
    const prefix = this.s.startsWith('http://', start) ? 7 : this.s.startsWith('https://', start) ? 8 : 0;
    if (prefix === 0) return -1;
    for (let end = start + prefix + 1; end <= this.s.length; end++) {
      const ch = this.s[end - 1];
      if (!isWordChar(ch) && !'.:@-'.includes(ch!)) return -1;
      const found = this.withPath(end);
      if (found !== -1) return found;
    }
    return -1;
  }

  /** Dotted labels ending in a known TLD, most labels first, longest TLD first. */
  private domain(start: number): number {
    const tldStarts: number[] = [];
    let i = start;
    for (;;) {
      let j = i;
      while (j < this.s.length && (isWordChar(this.s[j]) || this.s[j] === '-')) j++;
      if (j === i || this.s[j] !== '.') break;
      tldStarts.push(j + 1);
      i = j + 1;
    }
    for (let k = tldStarts.length - 1; k >= 0; k--) {
      const at = tldStarts[k]!;
      let available = 0;
      while (isTldChar(this.s.charCodeAt(at + available))) available++;
      for (const length of TLD_LENGTHS) {
        if (length > available || !TLDS.has(this.s.slice(at, at + length))) continue;
        const found = this.withPath(at + length);
        if (found !== -1) return found;
      }
    }
    return -1;
  }

  private isEmailChar(ch: string | undefined): boolean {
    return isWordChar(ch) || ch === '.' || ch === '-';
  }

  /** `local@domain.tld`, no path. */
  private email(start: number): number {
    let at = start;
    while (this.isEmailChar(this.s[at])) at++;
    if (at === start || this.s[at] !== '@') return -1;
    let end = at + 1;
    while (this.isEmailChar(this.s[end])) end++;
    for (let dot = end - 1; dot > at + 1; dot--) {
      if (this.s[dot] !== '.') continue;
      let last = dot + 1;
      while (last < end && isWordChar(this.s[last])) last++;
      if (last > dot + 1 && this.endsHere(last)) return last;
    }
    return -1;
  }

  private bitcoin(start: number): number {
    if (!this.s.startsWith('bitcoin:', start) || !'13'.includes(this.s[start + 8] ?? '-')) return -1;
    const from = start + 9;
    let run = 0;
    while (run < 34 && BITCOIN_CHAR.test(this.s[from + run] ?? '')) run++;
    for (let length = run; length >= 25; length--) if (this.endsHere(from + length)) return from + length;
    return -1;
  }

  private matchAt(start: number): number {
    let end = this.scheme(start);
    if (end === -1) end = this.domain(start);
    if (end === -1) end = this.email(start);
    if (end === -1) end = this.bitcoin(start);
    return end;
  }

  /** Every URL, leftmost first, as [start, end). */
  find(): [number, number][] {
    const found: [number, number][] = [];
    const length = this.s.length;
    // The next whitespace and the next `.`, `:` or `@` at or after `start` (both only move forward).
    let space = 0;
    let promising = 0;
    let start = 0;
    while (start < length) {
      const before = start === 0 ? 0x20 : this.s.charCodeAt(start - 1);
      const ch = this.s[start]!;
      if (!(isSpaceCode(before) || PRECEDING.has(before)) || !(isWordChar(ch) || ch === '.' || ch === '-')) {
        start++;
        continue;
      }
      if (space < start) space = start;
      while (space < length && !isSpaceCode(this.s.charCodeAt(space))) space++;
      if (promising < start) promising = start;
      while (promising < length && !isUrlMark(this.s.charCodeAt(promising))) promising++;
      // Every form has a `.`, `:` or `@` before the next whitespace: without one, nothing in this chunk can match.
      if (promising > space) {
        start = space;
        continue;
      }
      const end = this.matchAt(start);
      if (end > start) {
        found.push([start, end]);
        start = end;
      } else {
        start++;
      }
    }
    return found;
  }
}

function isUrlMark(code: number): boolean {
  return code === 0x2e || code === 0x3a || code === 0x40;
}

function linkTokens(state: StateCore, url: string, href: string): SegmentNode {
  const open = new state.Token('link_open', 'a', 1);
  open.attrs = [['href', href]];
  const text = new state.Token('text', '', 0);
  text.content = url;
  return { kind: 'opaque', tokens: [open, text, new state.Token('link_close', 'a', -1)] };
}

function linkify(state: StateCore, nodes: SegmentNode[], realmUrl: string): SegmentNode[] {
  const text = nodes.map((node) => (node.kind === 'text' ? node.content : node.kind === 'break' ? '\n' : OPAQUE)).join('');
  const urls = new Scanner(text).find();
  if (urls.length === 0) return nodes;
  const out: SegmentNode[] = [];
  let offset = 0;
  let u = 0;
  for (const node of nodes) {
    const length = node.kind === 'text' ? node.content.length : 1;
    if (node.kind !== 'text') {
      out.push(node);
      offset += length;
      continue;
    }
    let cut = 0;
    for (; u < urls.length && urls[u]![1] <= offset + length; u++) {
      const [start, end] = urls[u]!;
      const url = node.content.slice(start - offset, end - offset);
      const href = sanitizeUrl(url);
      if (href === undefined) continue;
      if (start - offset > cut) out.push({ kind: 'text', content: node.content.slice(cut, start - offset), token: new state.Token('text', '', 0) });
      out.push(linkTokens(state, url, rewriteLocalLink(href, realmUrl)));
      cut = end - offset;
    }
    if (cut === 0) out.push(node);
    else if (cut < length) out.push({ kind: 'text', content: node.content.slice(cut), token: new state.Token('text', '', 0) });
    offset += length;
  }
  return out;
}

const MAYBE_URL = /[.:@]/;

export function autolinkRule(state: StateCore): void {
  const realmUrl = (state.env as Partial<RenderEnv> | undefined)?.context?.realmUrl ?? '';
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const nodes = toSegments(token.children);
    if (!anyTextHas(nodes, MAYBE_URL)) continue;
    token.children = fromSegments(eachSegment(nodes, (segment) => linkify(state, segment, realmUrl)));
  }
}
