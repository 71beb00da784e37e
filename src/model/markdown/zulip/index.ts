/**
 * The Zulip-specific inline syntax (mentions, channel links, emoji, times, inline math), as markdown-it rules.
 *
 * Inline rules, with the real server's priority (server-markdown.md §1.1; higher runs first there):
 *   95 zulip_user_mention, 90 zulip_inline_math, 89/87/85 zulip_channel_link, 75 zulip_time, 65 zulip_group_mention.
 *   They emit `zulip_html` tokens (finished HTML; `meta` says what they refer to), inline math a text-like `html_inline`.
 * Core rules:
 *   zulip_quote_silencing before 'inline', only on markdown-it's own block parser (the dialect's blockquote processor
 *   silences quoted lines itself);
 *   zulip_linkifiers (45, linkifiers.ts), just before the dialect's emphasis pass, so after its autolink pass;
 *   zulip_text_emoji (`:name:` 15, emoticons 10, Unicode emoji 0) and zulip_collect_mentions (fills the RenderEnv), after
 *   every core rule registered before, so after the dialect's autolink and emphasis passes.
 */
import type MarkdownIt from 'markdown-it';

import { channelLinkRule } from './channel-links.js';
import { collectMentionsRule } from './collect-mentions.js';
import { groupMentionRule } from './group-mentions.js';
import { inlineMathRule } from './inline-math.js';
import { linkifierRule } from './linkifiers.js';
import { addCoreRule, addInlineRule, hasRule } from './placement.js';
import { quoteSilencingRule } from './quote-silencing.js';
import { textEmojiRule } from './text-emoji.js';
import { globalTimeRule } from './time.js';
import { registerZulipRenderer } from './tokens.js';
import { userMentionRule } from './user-mentions.js';

export { findAlertWords } from './alert-words.js';
export { channelNarrowSlug, encodeHashComponent } from './hash-encoding.js';
export { ZULIP_TOKEN, type ZulipTokenMeta } from './tokens.js';
export { topicLinks } from './topic-links.js';

/** Registers the Zulip rules on a markdown-it instance the dialect has already configured. */
export function useZulipSyntax(md: MarkdownIt): void {
  registerZulipRenderer(md);
  const beforeLinks = ['zulip_link', 'link', 'emphasis'];
  addInlineRule(md, 'zulip_user_mention', userMentionRule, beforeLinks);
  addInlineRule(md, 'zulip_inline_math', inlineMathRule, beforeLinks);
  addInlineRule(md, 'zulip_channel_link', channelLinkRule, beforeLinks);
  addInlineRule(md, 'zulip_time', globalTimeRule, beforeLinks);
  addInlineRule(md, 'zulip_group_mention', groupMentionRule, beforeLinks);
  if (!hasRule(md.core.ruler, 'zulip_blocks')) addCoreRule(md, 'zulip_quote_silencing', quoteSilencingRule, ['inline']);
  // Priority 45: after the dialect's autolinks (55), before its emphasis (35); on a plain instance, before the emoji.
  addCoreRule(md, 'zulip_linkifiers', linkifierRule, ['zulip_emphasis']);
  addCoreRule(md, 'zulip_text_emoji', textEmojiRule, []);
  addCoreRule(md, 'zulip_collect_mentions', collectMentionsRule, []);
}
