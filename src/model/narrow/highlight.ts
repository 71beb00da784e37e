/**
 * `match_content` and `match_subject` (reference server-messages-channels §6.3):
 * the rendered content and the HTML-escaped topic with each searched word
 * wrapped in a highlight span, never inside a tag.
 */
import type { Message } from '../state.js';
import type { SearchQuery } from './terms.js';

const HIGHLIGHT_START = '<span class="highlight">';
const HIGHLIGHT_STOP = '</span>';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The topic as the real server's escape_html SQL function escapes it before highlighting. */
export function escapeTopicHtml(topic: string): string {
  return topic.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Tags and character references are skipped whole, so only words of the text itself can match. */
const TOKEN = /<[^>]*>|&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);|[\p{L}\p{N}]+/gu;

/** [offset, length] of every occurrence of one of `words` (lower-cased) in the HTML text, in order. */
export function matchLocations(html: string, words: ReadonlySet<string>): Array<readonly [number, number]> {
  const locations: Array<readonly [number, number]> = [];
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    if (token.startsWith('<') || token.startsWith('&')) continue;
    if (words.has(token.toLowerCase())) locations.push([match.index, token.length]);
  }
  return locations;
}

/** The real server's highlight_string: a match whose text leaves the scan inside a tag is copied unwrapped. */
export function highlightString(text: string, locations: ReadonlyArray<readonly [number, number]>): string {
  let position = 0;
  let result = '';
  let inTag = false;
  for (const [offset, length] of locations) {
    const prefix = text.slice(position, offset);
    const match = text.slice(offset, offset + length);
    for (const character of prefix + match) {
      if (character === '<') inTag = true;
      else if (character === '>') inTag = false;
    }
    result += inTag ? prefix + match : `${prefix}${HIGHLIGHT_START}${match}${HIGHLIGHT_STOP}`;
    position = offset + length;
  }
  return result + text.slice(position);
}

export interface SearchFields {
  readonly match_content: string;
  readonly match_subject: string;
}

/** The two fields for a message: highlighted when there is a search, else the rendered content and the escaped topic as they are. */
export function searchFields(message: Message, query: SearchQuery | null): SearchFields {
  const subject = escapeTopicHtml(message.topic);
  if (query === null) return { match_content: message.renderedContent, match_subject: subject };
  const words = new Set(query.words);
  return {
    match_content: highlightString(message.renderedContent, matchLocations(message.renderedContent, words)),
    match_subject: highlightString(subject, matchLocations(subject, words)),
  };
}
