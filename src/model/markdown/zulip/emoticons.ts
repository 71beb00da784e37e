/** Emoticons, when the sender translates them (server-markdown.md §2.3). */
import { unicodeEmojiCodeForName } from '../../emoji/unicode-emoji.js';
import { unicodeEmojiHtml } from './emoji-html.js';
import type { Piece } from './emoji-pieces.js';

const EMOTICONS: ReadonlyMap<string, string> = new Map([
  [':)', 'smile'],
  ['(:', 'smile'],
  [':(', 'frown'],
  ['<3', 'heart'],
  [':|', 'neutral'],
  [':/', 'confused'],
  [';)', 'wink'],
  [':D', 'grinning'],
  [':o', 'open_mouth'],
  [':O', 'open_mouth'],
  [':p', 'stuck_out_tongue'],
  [':P', 'stuck_out_tongue'],
]);
const BOUNDARY = new Set([',', '.', ';', '?', '!', '(', ')', '[', ']', ' ', '"', "'", '\n', '\t']);
const MAYBE_EMOTICON = /[:(<;]/;

/** Whether `text` ends (before `end`) with an entity such as `&amp;`, which the real server has replaced by a placeholder. */
function endsWithEntity(text: string, end: number): boolean {
  if (text[end - 1] !== ';') return false;
  let i = end - 2;
  while (i >= 0 && /[#0-9A-Za-z]/.test(text[i]!)) i--;
  return i >= 0 && text[i] === '&' && /^&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);$/.test(text.slice(i, end));
}

/** Cuts out emoticons bounded on both sides; `before`/`after` say whether the text's own edges count as boundaries. */
export function emoticonPieces(text: string, before: boolean, after: boolean): Piece[] {
  if (!MAYBE_EMOTICON.test(text)) return [{ kind: 'text', text }];
  const pieces: Piece[] = [];
  let last = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    const name = EMOTICONS.get(text.slice(i, i + 2));
    if (name === undefined) continue;
    // Right after an emoticon, the real server sees that emoticon's placeholder: not a boundary.
    const startOk = i === 0 ? before : i !== last && BOUNDARY.has(text[i - 1]!) && !endsWithEntity(text, i);
    const endOk = i + 2 === text.length ? after : BOUNDARY.has(text[i + 2]!);
    if (!startOk || !endOk) continue;
    if (i > last) pieces.push({ kind: 'text', text: text.slice(last, i) });
    pieces.push({ kind: 'html', html: unicodeEmojiHtml(unicodeEmojiCodeForName(name)!, `:${name}:`) });
    last = i + 2;
    i++;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
