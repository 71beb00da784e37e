/**
 * Reading POST /messages' `to`, `topic` and `content` the way the real server
 * does (its Addressee, extract_stream_indicator, extract_private_recipients,
 * normalize_body and truncate_topic).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;
const TOPIC_ELLIPSIS = '...';
const CONTENT_TRUNCATED = '\n[message truncated]';

/** What JSON text can start with, after optional whitespace. */
const JSON_START = /^\s*(?:[[{"\-0-9]|(?:true|false|null)\s*$)/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // A plain channel name is the common case: skip the throw-and-catch of JSON.parse for it.
  if (!JSON_START.test(text)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A channel by id or by name: an id, a name, a JSON name, or a one-element JSON list of either. */
export function parseChannelIndicator(to: string): Checked<number | string> {
  const parsed = parseJson(to);
  if (!parsed.ok) return accept(to);
  let value = parsed.value;
  if (Array.isArray(value)) {
    if (value.length !== 1) return reject(Errors.expectedOneChannel());
    value = value[0];
  }
  if (typeof value === 'string') return accept(value);
  // Python's bool is an int: `true` addresses channel 1.
  if (typeof value === 'boolean') return accept(value ? 1 : 0);
  if (typeof value === 'number' && Number.isInteger(value)) return accept(value);
  return reject(Errors.invalidChannelDataType());
}

/** Direct-message recipients: a JSON list of ids or of emails, or a comma-separated string of emails. */
export function parseDirectRecipients(to: string): Checked<{ readonly ids: readonly number[] } | { readonly emails: readonly string[] }> {
  const parsed = parseJson(to);
  let value: unknown = parsed.ok ? parsed.value : to;
  if (typeof value === 'string') value = value.split(',');
  if (!Array.isArray(value)) return reject(Errors.invalidParam('Invalid data type for recipients'));
  if (value.length === 0) return accept({ ids: [] });
  if (typeof value[0] === 'string') {
    if (value.some((entry) => typeof entry !== 'string')) return reject(Errors.mixedRecipients());
    return accept({ emails: [...new Set((value as string[]).map((email) => email.trim()))].filter((email) => email !== '') });
  }
  if (typeof value[0] !== 'number' || !Number.isInteger(value[0])) return reject(Errors.invalidParam('Invalid data type for recipients'));
  if (value.some((entry) => typeof entry !== 'number' || !Number.isInteger(entry))) return reject(Errors.mixedRecipients());
  return accept({ ids: [...new Set(value as number[])] });
}

/** Control, surrogate and unassigned characters (Unicode Cc, Cs, Cn) may not appear in a topic. */
const UNPRINTABLE = /^[\p{Cc}\p{Cs}\p{Cn}]$/u;

/** The 1-based position of the first character a topic may not hold, if any. */
export function firstUnprintablePosition(text: string): number | undefined {
  let position = 0;
  for (const character of text) {
    position++;
    if (UNPRINTABLE.test(character)) return position;
  }
  return undefined;
}

/** Trims the topic and reads `(no topic)` and the empty topic's display name as the empty topic. */
export function normalizeTopic(raw: string): Checked<string> {
  const topic = raw.trim();
  const position = firstUnprintablePosition(topic);
  if (position !== undefined) return reject(Errors.invalidTopicCharacter(position));
  if (topic === '(no topic)' || topic === EMPTY_TOPIC_DISPLAY_NAME) return accept('');
  return accept(topic);
}

/** Cuts by code points, as Python slices strings. */
function truncate(text: string, maxLength: number, marker: string): string {
  const characters = [...text];
  if (characters.length <= maxLength) return text;
  return characters.slice(0, maxLength - [...marker].length).join('') + marker;
}

/** Topics longer than 60 characters keep 57 and end with `...`: not an error. */
export function truncateTopic(topic: string): string {
  return truncate(topic, MAX_TOPIC_LENGTH, TOPIC_ELLIPSIS);
}

/** Strips trailing whitespace and leading newlines; refuses empty content and NUL; truncates long content with a notice. */
export function normalizeContent(raw: string): Checked<string> {
  const content = raw.trimEnd().replace(/^\n+/, '');
  if (content.length === 0) return reject(Errors.emptyMessage());
  if (content.includes('\u0000')) return reject(Errors.nullBytesInMessage());
  return accept(truncate(content, MAX_MESSAGE_LENGTH, CONTENT_TRUNCATED));
}
