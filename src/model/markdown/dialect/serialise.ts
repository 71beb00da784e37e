/**
 * The renderer, set up to print what Python-Markdown's serialiser and prettifier print (server-markdown §1.2, §1.3,
 * §3): attributes in sorted order (bare when the value equals the name), the server's text escaping, void tags
 * without a slash, a newline after each block element, `<br>` followed by a newline.
 */
import type MarkdownIt from 'markdown-it';
import type { Renderer, Token } from 'markdown-it';

import { escapeAttribute, escapeCode, escapeText } from './escape.js';
import { isBlank } from './python.js';

function renderAttributes(token: Token): string {
  if (!token.attrs || token.attrs.length === 0) return '';
  const sorted = [...token.attrs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map(([name, value]) => (name === value ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('');
}

function renderTag(token: Token): string {
  if (token.hidden) return '';
  const tag = token.nesting === -1 ? `</${token.tag}>` : `<${token.tag}${renderAttributes(token)}>`;
  if (!token.block) return tag;
  const newline = token.nesting === 1 ? token.meta?.newlineAfterOpen : token.meta?.newlineAfterClose;
  return newline ? `${tag}\n` : tag;
}

/** Text nodes as the prettifier sees them: text tokens and the raw fragments that stood in the text as placeholders. */
function isTextLike(token: Token): boolean {
  return token.type === 'text' || (token.type === 'html_inline' && token.meta?.textLike === true);
}

function textOf(tokens: readonly Token[], from: number): { text: string; end: number } {
  let text = '';
  let end = from;
  while (end < tokens.length && isTextLike(tokens[end]!)) text += tokens[end++]!.content;
  return { text, end };
}

/**
 * The prettifier's whitespace rules on inline content: the text after a `<br>` up to the next element is dropped when
 * blank (the `<br>` prints its own newline), and so is the blank start of a tail before an element, which becomes a
 * newline.
 */
function prettify(tokens: readonly Token[], isTail: boolean, newline: () => Token): Token[] {
  const out: Token[] = [];
  let i = 0;
  if (isTail) {
    const { text, end } = textOf(tokens, 0);
    if (end < tokens.length && isBlank(text)) {
      out.push(newline());
      i = end;
    }
  }
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    out.push(token);
    if (token.type !== 'hardbreak') continue;
    const { text, end } = textOf(tokens, i + 1);
    if (end > i + 1 && isBlank(text)) i = end - 1;
  }
  return out;
}

export function useServerSerialiser(md: MarkdownIt): void {
  const renderer: Renderer = md.renderer;
  renderer.renderAttrs = renderAttributes;
  renderer.renderToken = (tokens, idx) => renderTag(tokens[idx]!);
  renderer.rules.text = (tokens, idx) => escapeText(tokens[idx]!.content);
  renderer.rules.code_inline = (tokens, idx) => `<code>${escapeCode(tokens[idx]!.content)}</code>`;
  renderer.rules.hardbreak = () => '<br>\n';
  renderer.rules.softbreak = () => '<br>\n';
  renderer.rules.html_inline = (tokens, idx) => tokens[idx]!.content;
  renderer.rules.html_block = (tokens, idx) => {
    const token = tokens[idx]!;
    return token.meta?.newlineAfterClose ? `${token.content}\n` : token.content;
  };
  renderer.rules.hr = (tokens, idx) => renderTag(tokens[idx]!);
  const TokenClass = md.core.State.prototype.Token;
  const newline = () => Object.assign(new TokenClass('text', '', 0), { content: '\n' });
  renderer.render = function render(tokens, options, env) {
    let out = '';
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type === 'inline') {
        out += this.renderInline(prettify(token.children ?? [], token.meta?.tail === true, newline), options, env);
      } else {
        const rule = this.rules[token.type];
        out += rule ? rule(tokens, i, options, env, this) : this.renderToken(tokens, i, options);
      }
    }
    return out;
  };
}
