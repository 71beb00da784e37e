/** Alert words: whether raw message source contains one (server-markdown.md §2.12). They change no HTML. */

const ALLOWED_BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const ALLOWED_AFTER = new Set([' ', '\n', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * Case-insensitive search on the raw source. As on the real server, positions found in the lowercased source are
 * checked against the original, and the character before is not checked at all when the word starts at index 1.
 */
export function findAlertWords(content: string, words: readonly string[]): boolean {
  const lowered = content.toLowerCase();
  for (const word of words) {
    const needle = word.toLowerCase();
    if (!needle) continue;
    for (let start = lowered.indexOf(needle); start !== -1; start = lowered.indexOf(needle, start + 1)) {
      const end = start + needle.length;
      const beforeOk = start - 1 <= 0 || ALLOWED_BEFORE.has(content[start - 1]!);
      const afterOk = end >= content.length || ALLOWED_AFTER.has(content[end]!);
      if (beforeOk && afterOk) return true;
    }
  }
  return false;
}
