/** Links found in a topic name, for a message's `topic_links` (server-messages-channels.md §10.3; server-markdown.md §2.8). */
import type { RenderLinkifier } from '../types.js';
import { linkifierTopicMatches } from './linkifiers.js';
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

interface Candidate {
  readonly index: number;
  readonly text: string;
  readonly url: string;
}

/** Half-open [index, index + text length) ranges that share a position, as the real server compares them. */
function overlap(a: Candidate, b: Candidate): boolean {
  return (b.index <= a.index && a.index < b.index + b.text.length) || (a.index <= b.index && b.index < a.index + a.text.length);
}

/**
 * The links of a topic, in order of position: the linkifiers' matches first, ranked by the linkifier's place in the
 * order and then by position, then the raw URLs; a candidate overlapping one already taken is dropped (the real
 * server's topic_links). A linkifier match's position is where its whole match starts, the character before it
 * included, as there. A URL written twice is linked once: the real server locates each URL with `topic.find(text)`,
 * so both copies claim the first position.
 */
export function topicLinks(topic: string, linkifiers: readonly RenderLinkifier[] = []): TopicLink[] {
  const candidates: Candidate[] = linkifierTopicMatches(topic, linkifiers)
    .sort((a, b) => a.precedence - b.precedence || a.index - b.index)
    .map(({ index, text, url }) => ({ index, text, url }));
  const urls: Candidate[] = [];
  for (const piece of topic.split(PIECE_SEPARATOR)) {
    const match = webLinkRegex().exec(piece);
    const text = match?.groups?.['url'];
    if (text) urls.push({ index: topic.indexOf(text), text, url: topicLinkUrl(text) });
  }
  candidates.push(...urls.sort((a, b) => a.index - b.index));
  const taken: Candidate[] = [];
  for (const candidate of candidates) if (taken.every((other) => !overlap(candidate, other))) taken.push(candidate);
  return taken.sort((a, b) => a.index - b.index).map(({ text, url }) => ({ text, url }));
}
