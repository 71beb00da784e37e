/**
 * Core rule for the emoji the real server finds last, in text nothing else consumed (server-markdown.md §2.3): `:name:`
 * (priority 15), emoticons (10) and Unicode emoji (0). It runs after the dialect's core passes for autolinks and
 * emphasis, on their segment tree: text at the top level and inside strong, em and del; links and other constructs opaque.
 */
import type { StateCore, Token } from 'markdown-it';

import { unicodeEmojiNameForCode } from '../../emoji/unicode-emoji.js';
import { eachSegment, fromSegments, type SegmentNode, toSegments } from '../dialect/segments.js';
import type { RenderContext } from '../types.js';
import { colonEmojiPieces } from './emoji.js';
import { unicodeEmojiHtml } from './emoji-html.js';
import { type Piece, refine } from './emoji-pieces.js';
import { emoticonPieces } from './emoticons.js';
import { contextOf, ZULIP_TOKEN } from './tokens.js';

// UTS #51 possible-emoji sequence, as the real server's POSSIBLE_EMOJI_RE.
const UNIT = String.raw`(?:\p{RI}\p{RI}|\p{Emoji}(?:\p{Emoji_Modifier}|\u{FE0F}\u{20E3}?|[\u{E0020}-\u{E007E}]+\u{E007F})?)`;
const POSSIBLE_EMOJI = new RegExp(`${UNIT}(?:\\u{200D}${UNIT})*`, 'gu');
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
const NON_ASCII = /[^\x00-\x7f]/;
const MAYBE_EMOJI = /[:(<;]|[^\x00-\x7f]/;

/** The emoji code of a sequence: FE0F dropped, code points as lowercase hex of at least 4 digits, joined with `-`. */
export function emojiCode(sequence: string): string {
  const parts: string[] = [];
  for (const char of sequence) {
    const cp = char.codePointAt(0)!;
    if (cp !== 0xfe0f) parts.push(cp.toString(16).padStart(4, '0'));
  }
  return parts.join('-');
}

function unicodeEmojiPieces(text: string): Piece[] {
  if (!NON_ASCII.test(text)) return [{ kind: 'text', text }];
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(POSSIBLE_EMOJI)) {
    const sequence = match[0];
    // A lone code point that is text by default (digits, ©, ↔) is left alone.
    if ([...sequence].length === 1 && !EMOJI_PRESENTATION.test(sequence)) continue;
    const code = emojiCode(sequence);
    const name = unicodeEmojiNameForCode(code);
    if (name === undefined) continue;
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    pieces.push({ kind: 'html', html: unicodeEmojiHtml(code, `:${name}:`) });
    last = match.index + sequence.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

const EMOTICON_BOUNDARY = new Set([',', '.', ';', '?', '!', '(', ')', '[', ']', ' ', '"', "'", '\n', '\t']);

/** Whether a neighbouring node leaves an emoticon boundary: nothing (the edge of an element's text), a line break, boundary text. */
function isBoundary(node: SegmentNode | undefined, side: 'before' | 'after'): boolean {
  if (!node || node.kind === 'break') return true;
  if (node.kind !== 'text') return false;
  return node.content === '' || EMOTICON_BOUNDARY.has(side === 'before' ? node.content[node.content.length - 1]! : node.content[0]!);
}

function textPieces(context: RenderContext, text: string, before: boolean, after: boolean): Piece[] {
  let pieces = colonEmojiPieces(context, text);
  if (context.translateEmoticons) {
    pieces = refine(pieces, (part, atStart, atEnd) => emoticonPieces(part, atStart && before, atEnd && after));
  }
  return refine(pieces, unicodeEmojiPieces);
}

function rewriteSegment(state: StateCore, context: RenderContext, nodes: SegmentNode[]): SegmentNode[] {
  const out: SegmentNode[] = [];
  nodes.forEach((node, i) => {
    if (node.kind !== 'text' || !MAYBE_EMOJI.test(node.content)) {
      out.push(node);
      return;
    }
    const pieces = textPieces(context, node.content, isBoundary(nodes[i - 1], 'before'), isBoundary(nodes[i + 1], 'after'));
    if (pieces.length === 1 && pieces[0]!.kind === 'text') {
      out.push(node);
      return;
    }
    for (const piece of pieces) {
      if (piece.kind === 'html') {
        const token: Token = new state.Token(ZULIP_TOKEN, '', 0);
        token.content = piece.html;
        token.meta = { kind: 'emoji' };
        out.push({ kind: 'opaque', tokens: [token] });
      } else {
        out.push({ kind: 'text', content: piece.text, token: new state.Token('text', '', 0) });
      }
    }
  });
  return out;
}

export function textEmojiRule(state: StateCore): void {
  const context = contextOf(state.env);
  if (!context) return;
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children?.some((child) => child.type === 'text' && MAYBE_EMOJI.test(child.content))) continue;
    token.children = fromSegments(eachSegment(toSegments(token.children), (nodes) => rewriteSegment(state, context, nodes)));
  }
}
