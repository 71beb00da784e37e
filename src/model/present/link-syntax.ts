/**
 * The Markdown the server writes when it links a channel, a topic or a
 * message in a message of its own (notifications, breadcrumbs, reports):
 * `#**channel>topic@id**`, or a plain Markdown link to the narrow when a name
 * would break that syntax (the real server's topic_link_util).
 */
import { channelNarrowSlug, encodeHashComponent } from '../markdown/zulip/hash-encoding.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../rules/message-rendering.js';
import type { Channel, User } from '../state.js';

const BREAKS_LINK_SYNTAX = /[`>*&[\]]|\$\$/;
const BREAKING_SEQUENCES = new RegExp(BREAKS_LINK_SYNTAX.source, 'g');
const ESCAPES: Readonly<Record<string, string>> = { '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' };

function escapeLinkText(text: string): string {
  return text.replace(BREAKING_SEQUENCES, (found) => ESCAPES[found] ?? found);
}

function breaksLinkSyntax(...names: readonly string[]): boolean {
  return names.some((name) => BREAKS_LINK_SYNTAX.test(name));
}

function fallbackLink(channel: Channel, topic?: string, messageId?: number): string {
  let link = `#narrow/channel/${channelNarrowSlug(channel.id, channel.name)}`;
  let text = `#${escapeLinkText(channel.name)}`;
  if (topic !== undefined) {
    link += `/topic/${encodeHashComponent(topic)}`;
    text += ` > ${escapeLinkText(topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic)}`;
  }
  if (messageId !== undefined) {
    link += `/near/${messageId}`;
    text += ' @ 💬';
  }
  return `[${text}](${link})`;
}

/** `#**channel**`. */
export function channelLinkSyntax(channel: Channel): string {
  return breaksLinkSyntax(channel.name) ? fallbackLink(channel) : `#**${channel.name}**`;
}

/** `#**channel>topic**`. */
export function topicLinkSyntax(channel: Channel, topic: string): string {
  return breaksLinkSyntax(channel.name, topic) ? fallbackLink(channel, topic) : `#**${channel.name}>${topic}**`;
}

/** `#**channel>topic@id**`. */
export function messageLinkSyntax(channel: Channel, topic: string, messageId: number): string {
  return breaksLinkSyntax(channel.name, topic) ? fallbackLink(channel, topic, messageId) : `#**${channel.name}>${topic}@${messageId}**`;
}

/** `@_**Full Name|id**`: names the user without notifying them. */
export function silentMention(user: User): string {
  return `@_**${user.fullName}|${user.id}**`;
}
