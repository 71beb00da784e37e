/**
 * Alert words (the real server's zerver/lib/alert_words.py and its Markdown
 * AlertWordNotificationProcessor): each user's own list, kept in the order
 * added, unique case-insensitively, and the rule that decides whether a
 * message's content holds one of them.
 */
import type { State } from '../state.js';
import { getRow } from '../tables/table.js';

/** The longest alert word the real server accepts, in characters. */
export const MAX_ALERT_WORD_LENGTH = 100;

const NO_WORDS: readonly string[] = Object.freeze([]);

export function selectAlertWords(state: State, userId: number): readonly string[] {
  return getRow(state.alertWordsByUser, userId) ?? NO_WORDS;
}

/** Added words are stripped and empty ones dropped (the real server's clean_alert_words). */
export function cleanAlertWords(words: readonly string[]): string[] {
  return words.map((word) => word.trim()).filter((word) => word !== '');
}

/**
 * The list after adding: a word already there in any case is skipped; among
 * new words equal but for case, the last spelling wins at the first one's place.
 */
export function withAddedAlertWords(existing: readonly string[], added: readonly string[]): readonly string[] {
  const present = new Set(existing.map((word) => word.toLowerCase()));
  const fresh = new Map<string, string>();
  for (const word of added) {
    const key = word.toLowerCase();
    if (!present.has(key)) fresh.set(key, word);
  }
  return fresh.size === 0 ? existing : [...existing, ...fresh.values()];
}

/** The list after removing: each given word removes the word equal to it case-insensitively. */
export function withoutAlertWords(existing: readonly string[], removed: readonly string[]): readonly string[] {
  const gone = new Set(removed.map((word) => word.toLowerCase()));
  const kept = existing.filter((word) => !gone.has(word.toLowerCase()));
  return kept.length === existing.length ? existing : kept;
}

const ALLOWED_BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
// The real server's set holds the two-character string '",' rather than '"', so a closing quote does not end a word.
const ALLOWED_AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * Whether the content holds one of the words: case-insensitive, on the raw
 * Markdown, and only as a whole word: start of text or one of a few
 * punctuation marks before, end of text or one of a few after (so not inside
 * a URL or another word).
 */
export function contentHasAlertWord(content: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = content.toLowerCase();
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === '') continue;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const startsWord = at === 0 || ALLOWED_BEFORE.has(text[at - 1]!);
      const endsWord = end >= text.length || ALLOWED_AFTER.has(text[end]!);
      if (startsWord && endsWord) return true;
    }
  }
  return false;
}

/** Whether the user's alert words make this content alert them (cost: their words, not the realm's). */
export function alertsUser(state: State, userId: number, content: string): boolean {
  return contentHasAlertWord(content, selectAlertWords(state, userId));
}
