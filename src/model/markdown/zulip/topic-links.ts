/** Links found in a topic name, for a message's `topic_links` (server-messages-channels.md §10.3; server-markdown.md §2.8). */
import { webLinkRegex } from './web-link.js';

export interface TopicLink {
  readonly text: string;
  readonly url: string;
}

// The real server splits the topic on these characters and looks for one URL in each piece.
const PIECE_SEPARATOR = /[ !;),'"]/;
// Python's urlsplit: a scheme is letters, digits, `+`, `-`, `.` before the first `:`, starting with an ASCII letter.
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** A scheme-less URL gets `https://`, with an empty query or fragment dropped (urlunsplit). */
function topicLinkUrl(text: string): string {
  if (HAS_SCHEME.test(text)) return text;
  const hash = text.indexOf('#');
  const base = hash === -1 ? text : text.slice(0, hash);
  const fragment = hash === -1 ? '' : text.slice(hash + 1);
  const question = base.indexOf('?');
  const path = question === -1 ? base : base.slice(0, question);
  const query = question === -1 ? '' : base.slice(question + 1);
  return `https://${path}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/**
 * Raw URLs in a topic, in order, without overlaps. Linkifiers are not applied yet. A URL written twice is linked once:
 * the real server locates each match with `topic.find(text)`, so both copies claim the first position.
 */
export function topicLinks(topic: string): TopicLink[] {
  const found: { index: number; text: string }[] = [];
  for (const piece of topic.split(PIECE_SEPARATOR)) {
    const match = webLinkRegex().exec(piece);
    const text = match?.groups?.['url'];
    if (text) found.push({ index: topic.indexOf(text), text });
  }
  found.sort((a, b) => a.index - b.index);
  const links: TopicLink[] = [];
  let end = 0;
  for (const { index, text } of found) {
    if (index < end) continue;
    links.push({ text, url: topicLinkUrl(text) });
    end = index + text.length;
  }
  return links;
}
