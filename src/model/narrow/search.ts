/**
 * Full-text search, simplified (reference server-messages-channels §6.3): the
 * real server uses PostgreSQL's English stemming and stop words; here every
 * word of the query must occur, case-insensitively, as a whole word of the
 * topic or of the rendered text, and a "quoted phrase" must also occur as a
 * substring of the Markdown source or the topic.
 */
import type { Message } from '../state.js';
import type { SearchQuery } from './terms.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words of plain text. */
export function wordsOf(text: string): string[] {
  return Array.from(text.matchAll(WORD), (match) => match[0].toLowerCase());
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntity(entity: string): string {
  if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16) || 0xfffd);
  if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10) || 0xfffd);
  return ENTITIES[entity] ?? `&${entity};`;
}

/** The text of rendered HTML: tags dropped, character references decoded (what the search index reads). */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (_, entity: string) => {
    try {
      return decodeEntity(entity);
    } catch {
      return '\ufffd';
    }
  });
}

/** The query of the joined search operands; quotes only mark phrases, their words count as words too. */
export function parseSearchQuery(operand: string): SearchQuery {
  const phrases: string[] = [];
  for (const match of operand.matchAll(/"[^"]+"|\S+/g)) {
    const part = match[0];
    if (part.startsWith('"') && part.endsWith('"')) phrases.push(part.slice(1, -1).toLowerCase());
  }
  return { words: [...new Set(wordsOf(operand))], phrases };
}

/** The words a message is found by: those of its topic and of its rendered text. */
function indexedWords(message: Message): ReadonlySet<string> {
  return new Set([...wordsOf(message.topic), ...wordsOf(textOfHtml(message.renderedContent))]);
}

/** Whether the message matches the query. A query without a single word matches nothing, like an empty tsquery. */
export function matchesSearch(message: Message, query: SearchQuery): boolean {
  if (query.words.length === 0) return false;
  for (const phrase of query.phrases) {
    const inContent = message.content.toLowerCase().includes(phrase);
    const inTopic = message.channelId !== null && message.topic.toLowerCase().includes(phrase);
    if (!inContent && !inTopic) return false;
  }
  const words = indexedWords(message);
  return query.words.every((word) => words.has(word));
}
