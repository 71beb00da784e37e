/**
 * Code block HTML in the shape CodeHilite and Pygments give it (server-markdown §2.4, §1.6). The body is the "Text
 * only" rendering, with no token spans: Pygments' per-language tokenisation is not reproduced (§4.2).
 */
import { codeLanguageName } from './code-languages.js';
import { escapePygments } from './escape.js';
import { stripNewlines } from './python.js';

/** Pygments' output for plain text: newlines stripped at both ends, one ensured at the end. */
function pygmentsBody(code: string): string {
  return `<div class="codehilite"><pre><span></span><code>${escapePygments(stripNewlines(code))}\n</code></pre></div>`;
}

/** A fenced block; `lang` is lowercased already. With a language, lxml's re-serialisation unescapes the quotes. */
export function fencedCodeHtml(lang: string | undefined, code: string): string {
  if (!lang) return pygmentsBody(code);
  const body = pygmentsBody(code)
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return body.replace('<div class="codehilite">', `<div class="codehilite" data-code-language="${codeLanguageName(lang)}">`);
}

// CodeHilite's first-line language marker: `:::lang` or `#!lang`, optionally after a path.
const HEADER = /^(?:::+|(#!))((?:\/[\p{L}\p{N}_]+)*[/ ])?[\p{L}\p{N}_#.+-]*/u;

/** An indented code block, through the stock CodeHilite tree processor (its trailing newline kept). */
export function indentedCodeHtml(code: string): string {
  const lines = stripNewlines(code).split('\n');
  const header = HEADER.exec(lines[0]!);
  // A marker line without a path only chooses the lexer and is dropped.
  if (header && !header[2]) lines.shift();
  return `${pygmentsBody(lines.join('\n'))}\n`;
}
