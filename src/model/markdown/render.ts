/**
 * Message Markdown to HTML, in the real server's dialect (server-markdown.md), on one shared markdown-it instance.
 *
 * Python-Markdown applies its inline patterns one at a time, by priority, each to the whole text, and what a pattern
 * matched is hidden from the later ones (server-markdown §1.1). Here that order is kept in two phases:
 *
 * Inline rules (md.inline.ruler), tried left to right at each position, for the constructs at priority 60 and above:
 *   text            markdown-it's, with STX also a terminator
 *   zulip_stash     placeholder of raw HTML stashed before block parsing (code, math, spoiler frames)
 *   zulip_backticks (105) `code`; `codeSpanAt(state, pos)` (dialect/backticks.ts) gives the code spans of the whole
 *                   inline text, which a rule scanning ahead must treat as opaque, as they take precedence
 *   zulip_strong_em (100) ***x***
 *   — Zulip constructs from 95 down to 65 go here: md.inline.ruler.before('zulip_link', …), in priority order —
 *   zulip_link      (60) [text](url "title")
 *   zulip_newline   (5) every newline is a `hardbreak` (outside link text)
 *   The stock rules stay registered but disabled, so 'link' (disabled) sits just before zulip_link and
 *   `before('link', …)` also lands between zulip_strong_em and zulip_link.
 *
 * Core rules (md.core.ruler), in order:
 *   zulip_normalise   hanging-list fixer, whitespace normaliser (§1.2)
 *   zulip_fences      fenced blocks (§2.4): code and math stashed, quote fences turned into `>` lines
 *   zulip_blocks      the block structure, by Python-Markdown's block processors (§1.6–1.8); `block` is disabled
 *   inline            markdown-it's: runs the inline rules above on every `inline` token
 *   zulip_autolink    (55) bare URLs and e-mail addresses (§2.8), on the text the inline rules left
 *   zulip_emphasis    (35, 30, 25) **strong**, *em*, ~~del~~
 *   — Zulip passes below 55 are core rules over text tokens: zulip_linkifiers (45) sits between the two above
 *     (md.core.ruler.before('zulip_emphasis', …)); emoji 15, emoticons 10, Unicode emoji 0 come after zulip_emphasis —
 *
 * A construct below priority 55 must not be an inline rule: it would split the text before zulip_autolink sees it
 * (`:` inside a URL, for example). The core passes see text tokens only; everything else is an opaque unit, and they
 * descend into strong/em/del only. Text inside link_open … link_close (from [text](url) and from autolinks) is atomic:
 * a pass recognises it by nesting and leaves it alone. Line breaks are `hardbreak` tokens (a newline for the passes).
 *
 * The renderer prints Python-Markdown's serialisation: attributes sorted, `<br>\n`, a newline after each block. Its
 * whitespace rules around `<br>` tell elements from text: an `html_inline` token with `meta.textLike` (raw HTML that
 * Python keeps as a placeholder in the text, e.g. stashed KaTeX) counts as text, every other non-text token as an
 * element.
 */
import MarkdownIt from 'markdown-it';

import { autolinkRule } from './dialect/autolink.js';
import { backticksRule } from './dialect/backticks.js';
import { blocksRule } from './dialect/blocks/tokens.js';
import { emphasisRule } from './dialect/emphasis.js';
import { fencesRule } from './dialect/fences.js';
import { linkRule } from './dialect/links.js';
import { newlineRule } from './dialect/newline.js';
import { normaliseRule } from './dialect/normalise.js';
import { strip } from './dialect/python.js';
import { useServerSerialiser } from './dialect/serialise.js';
import { stashRule } from './dialect/stash.js';
import { strongEmRule } from './dialect/strong-em.js';
import { textRule } from './dialect/text.js';
import type { RenderContext, RenderEnv, RenderedMessage } from './types.js';
import { useZulipSyntax } from './zulip/index.js';

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt('zero', { html: false, breaks: true, linkify: false, typographer: false });

  md.core.ruler.disable(['normalize', 'block', 'text_join']);
  md.core.ruler.before('block', 'zulip_normalise', normaliseRule);
  md.core.ruler.before('block', 'zulip_fences', fencesRule);
  md.core.ruler.before('block', 'zulip_blocks', blocksRule);
  md.core.ruler.after('inline', 'zulip_autolink', autolinkRule);
  md.core.ruler.after('zulip_autolink', 'zulip_emphasis', emphasisRule);

  md.inline.ruler.at('text', textRule);
  md.inline.ruler.before('link', 'zulip_stash', stashRule);
  md.inline.ruler.before('link', 'zulip_backticks', backticksRule);
  md.inline.ruler.before('link', 'zulip_strong_em', strongEmRule);
  md.inline.ruler.after('link', 'zulip_link', linkRule);
  md.inline.ruler.after('zulip_link', 'zulip_newline', newlineRule);

  useServerSerialiser(md);
  useZulipSyntax(md);
  return md;
}

const md = createRenderer();

/** A context that knows nobody and no realm: for Markdown outside a message (and as a base for tests and benches). */
export const EMPTY_RENDER_CONTEXT: RenderContext = {
  realmUrl: '',
  emptyTopicName: 'general chat',
  translateEmoticons: false,
  usersByName: () => [],
  userById: () => undefined,
  groupByName: () => undefined,
  channelByName: () => undefined,
};

export function renderMessage(content: string, context: RenderContext): RenderedMessage {
  const env: RenderEnv = { context, mentionedUserIds: new Set(), mentionedGroupIds: new Set(), streamWildcard: false, topicWildcard: false };
  const html = strip(md.render(content, env));
  return {
    html,
    mentionedUserIds: [...env.mentionedUserIds],
    mentionedGroupIds: [...env.mentionedGroupIds],
    streamWildcard: env.streamWildcard,
    topicWildcard: env.topicWildcard,
  };
}

/** The same dialect without a realm (no users, groups or channels), for channel descriptions and profile values. */
export function renderPlain(content: string): string {
  return renderMessage(content, EMPTY_RENDER_CONTEXT).html;
}
