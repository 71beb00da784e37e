/**
 * The token type the Zulip constructs emit: finished HTML (an element, as on the real server) plus what it refers to.
 * Inline math is the exception: the real server stashes KaTeX's HTML as raw text, so it is a text-like `html_inline`.
 */
import type MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';

import type { RenderContext, RenderEnv } from '../types.js';

export const ZULIP_TOKEN = 'zulip_html';

export type ZulipTokenMeta =
  | { readonly kind: 'user_mention'; readonly userId: number | undefined; readonly silent: boolean; readonly wildcard?: 'stream' | 'topic' }
  | { readonly kind: 'group_mention'; readonly groupId: number; readonly silent: boolean }
  | { readonly kind: 'channel_link' | 'topic_link' | 'message_link'; readonly channelId: number }
  | { readonly kind: 'emoji' | 'time' | 'tex_error' };

export function pushZulipToken(state: StateInline, html: string, meta: ZulipTokenMeta): Token {
  const token = state.push(ZULIP_TOKEN, '', 0);
  token.content = html;
  token.meta = meta;
  return token;
}

/** KaTeX's HTML, which the serialiser treats as text (as the real server's stashed HTML placeholders are). */
export function pushRawTextHtml(state: StateInline, html: string): Token {
  const token = state.push('html_inline', '', 0);
  token.content = html;
  token.meta = { textLike: true, kind: 'tex' };
  return token;
}

/** The context, when the caller passed a RenderEnv; without one the Zulip rules do nothing (as with no realm data). */
export function contextOf(env: unknown): RenderContext | undefined {
  const context = (env as Partial<RenderEnv> | null | undefined)?.context;
  return context && typeof context === 'object' ? context : undefined;
}

/** Inside the text of a `[text](url)` link (markdown-it counts the nesting in `linkLevel`). */
export function inLinkText(state: StateInline): boolean {
  return ((state as StateInline & { linkLevel?: number }).linkLevel ?? 0) > 0;
}

export function registerZulipRenderer(md: MarkdownIt): void {
  md.renderer.rules[ZULIP_TOKEN] = (tokens, idx) => tokens[idx]!.content;
}
