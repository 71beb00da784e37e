/**
 * Raw HTML produced before block parsing (code, math, spoiler frames) waits in a stash while a placeholder line stands
 * in for it, as in Python-Markdown's htmlStash (server-markdown §3). The stash lives for one render, keyed by its env.
 */
import type { StateInline } from 'markdown-it';

// STX and ETX are deleted from the source while normalising, so no user text can look like a placeholder.
const PLACEHOLDER = /^\u0002wzxhzdk:(\d+)\u0003$/;
const PLACEHOLDER_AT = /\u0002wzxhzdk:(\d+)\u0003/y;

// Python-Markdown's list: a stashed fragment that starts with one of these replaces its placeholder paragraph.
const BLOCK_LEVEL = new Set(
  (
    'address article aside blockquote details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header ' +
    'hgroup hr main menu nav ol p pre section table ul canvas colgroup dd body dt group html iframe li legend math map ' +
    'noscript output object option progress script style summary tbody td textarea tfoot th thead tr video'
  ).split(' '),
);

export class Stash {
  private readonly fragments: string[] = [];

  store(html: string): string {
    this.fragments.push(html);
    return `\u0002wzxhzdk:${this.fragments.length - 1}\u0003`;
  }

  get(index: number): string | undefined {
    return this.fragments[index];
  }

  /** The fragment a paragraph made only of a placeholder is replaced by, when that fragment is block-level HTML. */
  blockFor(text: string): string | undefined {
    const match = PLACEHOLDER.exec(text);
    const html = match ? this.get(Number(match[1])) : undefined;
    return html !== undefined && isBlockLevel(html) ? html : undefined;
  }
}

function isBlockLevel(html: string): boolean {
  const tag = /^<\/?([^ >]+)/.exec(html)?.[1];
  if (!tag) return false;
  return '!?@%'.includes(tag[0]!) || BLOCK_LEVEL.has(tag.toLowerCase().replace(/\/$/, ''));
}

const stashes = new WeakMap<object, Stash>();

export function newStash(env: unknown): Stash {
  const stash = new Stash();
  if (typeof env === 'object' && env !== null) stashes.set(env, stash);
  return stash;
}

function stashOf(env: unknown): Stash | undefined {
  return typeof env === 'object' && env !== null ? stashes.get(env) : undefined;
}

/** The render's stash (an empty one when the fence rule did not run). */
export function stashFor(env: unknown): Stash {
  return stashOf(env) ?? new Stash();
}

/** Inline rule `zulip_stash`: a placeholder inside inline text becomes its raw HTML (text-like for the prettifier). */
export function stashRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x02) return false;
  PLACEHOLDER_AT.lastIndex = state.pos;
  const match = PLACEHOLDER_AT.exec(state.src);
  const html = match ? stashOf(state.env)?.get(Number(match[1])) : undefined;
  if (!match || html === undefined || state.pos + match[0].length > state.posMax) return false;
  if (!silent) {
    const token = state.push('html_inline', '', 0);
    token.content = html;
    token.meta = { textLike: true };
  }
  state.pos += match[0].length;
  return true;
}
