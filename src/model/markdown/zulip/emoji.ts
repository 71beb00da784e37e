/** `:name:` emoji (server-markdown.md §2.3): a custom emoji, `:zulip:`, then the standard names. */
import { unicodeEmojiCodeForName } from '../../emoji/unicode-emoji.js';
import type { RenderContext } from '../types.js';
import { imageEmojiHtml, unicodeEmojiHtml } from './emoji-html.js';
import type { Piece } from './emoji-pieces.js';

// Python's `[\w\-\+]`: a Unicode word character is a letter, a number or `_`.
const COLON_EMOJI = /:([\p{L}\p{N}_+-]+):/gu;
const ZULIP_EMOJI_SRC = '/static/generated/emoji/images/emoji/unicode/zulip.png';

function colonEmojiHtml(context: RenderContext, name: string, display: string): string | undefined {
  const custom = context.customEmojiByName?.(name);
  if (custom) return imageEmojiHtml(custom.sourceUrl, display);
  if (name === 'zulip') return imageEmojiHtml(ZULIP_EMOJI_SRC, display);
  const code = unicodeEmojiCodeForName(name);
  return code === undefined ? undefined : unicodeEmojiHtml(code, display);
}

/** Cuts out every `:name:`; one that names no emoji stays as text, but consumed, as the real server stashes it. */
export function colonEmojiPieces(context: RenderContext, text: string): Piece[] {
  if (!text.includes(':')) return [{ kind: 'text', text }];
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(COLON_EMOJI)) {
    const html = colonEmojiHtml(context, match[1]!, match[0]);
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    pieces.push(html === undefined ? { kind: 'literal', text: match[0] } : { kind: 'html', html });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
