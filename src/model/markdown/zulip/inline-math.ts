/** `$$…$$` inline TeX rendered with KaTeX (server-markdown.md §2.5). */
import katex from 'katex';
import type { StateInline } from 'markdown-it';
import { overlapsCodeSpan } from './code-spans.js';
import { element, escapeText } from './html.js';
import { contextOf, pushRawTextHtml, pushZulipToken } from './tokens.js';

// The body: not starting with `_`, `$` or a newline; then `\$` or anything but `$` and newlines. After the closing `$$`,
// neither `$` nor a word character (the real server's `(?!\$)\B`).
const INLINE_MATH = /\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?![$\p{L}\p{N}_])/uy;
const WORD_BEFORE = /[\p{L}\p{N}_$]$/u;

/** KaTeX's HTML for the body, or undefined when KaTeX rejects it. */
export function renderInlineTex(body: string): string | undefined {
  try {
    // `strict: 'ignore'` only silences KaTeX's console warnings; the HTML is the same as with the default 'warn'.
    return katex.renderToString(body, { displayMode: false, strict: 'ignore' }).trim();
  } catch {
    return undefined;
  }
}

export function texErrorHtml(body: string): string {
  return element('span', { class: 'tex-error' }, escapeText(`$$${body}$$`));
}

export function inlineMathRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x24 /* $ */ || src.charCodeAt(pos + 1) !== 0x24 || !contextOf(state.env)) return false;
  // `\B(?<!\$)` before the opening `$$`: no word character and no `$` right before it.
  if (WORD_BEFORE.test(src.slice(Math.max(0, pos - 2), pos))) return false;
  INLINE_MATH.lastIndex = pos;
  const match = INLINE_MATH.exec(src);
  if (!match || pos + match[0].length > state.posMax || overlapsCodeSpan(state, pos, pos + match[0].length)) return false;
  if (!silent) {
    // The real server stashes KaTeX's HTML as raw text, but the error is an element.
    const html = renderInlineTex(match[1]!);
    if (html === undefined) pushZulipToken(state, texErrorHtml(match[1]!), { kind: 'tex_error' });
    else pushRawTextHtml(state, html);
  }
  state.pos = pos + match[0].length;
  return true;
}
