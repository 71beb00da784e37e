/** `#**channel**`, `#**channel>topic**` and `#**channel>topic@id**` (server-markdown.md §2.2). */
import type { StateInline } from 'markdown-it';

import type { RenderContext } from '../types.js';
import { mentionMayStartAt } from './boundary.js';
import { overlapsCodeSpan } from './code-spans.js';
import { channelNarrowSlug, encodeHashComponent } from './hash-encoding.js';
import { element, escapeText } from './html.js';
import { contextOf, pushZulipToken, type ZulipTokenMeta } from './tokens.js';

export { channelNarrowSlug, encodeHashComponent } from './hash-encoding.js';

// Tried in the real server's priority order at the same position: message link, topic link, channel link.
const MESSAGE_LINK = /#\*\*([^*>]+)>([^*]*)@([0-9]+)\*\*/y;
const TOPIC_LINK = /#\*\*([^*>]+)>([^*]*)\*\*/y;
const CHANNEL_LINK = /#\*\*([^*]+)\*\*/y;

function topicText(context: RenderContext, channelName: string, topic: string, suffix: string): string {
  const prefix = escapeText(`#${channelName} > `);
  if (topic === '') return `${prefix}<em>${escapeText(context.emptyTopicName)}</em>${escapeText(suffix)}`;
  return prefix + escapeText(topic + suffix);
}

function render(context: RenderContext, src: string, pos: number): { html: string; end: number; meta: ZulipTokenMeta } | undefined {
  for (const pattern of [MESSAGE_LINK, TOPIC_LINK, CHANNEL_LINK]) {
    pattern.lastIndex = pos;
    const match = pattern.exec(src);
    if (!match) continue;
    const channel = context.channelByName(match[1]!);
    if (!channel) continue;
    const end = pos + match[0].length;
    const base = `/#narrow/channel/${channelNarrowSlug(channel.id, channel.name)}`;
    if (pattern === CHANNEL_LINK) {
      const html = element('a', { class: 'stream', 'data-stream-id': String(channel.id), href: base }, escapeText(`#${channel.name}`));
      return { html, end, meta: { kind: 'channel_link', channelId: channel.id } };
    }
    const topic = match[2]!;
    const topicUrl = `${base}/topic/${encodeHashComponent(topic)}`;
    if (pattern === MESSAGE_LINK) {
      const html = element('a', { class: 'message-link', href: `${topicUrl}/near/${match[3]}` }, topicText(context, channel.name, topic, ' @ 💬'));
      return { html, end, meta: { kind: 'message_link', channelId: channel.id } };
    }
    const firstId = context.firstMessageIdInTopic?.(channel.id, topic);
    const href = firstId === undefined ? topicUrl : `${topicUrl}/with/${firstId}`;
    const html = element('a', { class: 'stream-topic', 'data-stream-id': String(channel.id), href }, topicText(context, channel.name, topic, ''));
    return { html, end, meta: { kind: 'topic_link', channelId: channel.id } };
  }
  return undefined;
}

export function channelLinkRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x23 /* # */ || src.charCodeAt(pos + 1) !== 0x2a || !mentionMayStartAt(src, pos)) return false;
  const context = contextOf(state.env);
  if (!context) return false;
  const link = render(context, src, pos);
  if (!link || link.end > state.posMax || overlapsCodeSpan(state, pos, link.end)) return false;
  if (!silent) pushZulipToken(state, link.html, link.meta);
  state.pos = link.end;
  return true;
}
