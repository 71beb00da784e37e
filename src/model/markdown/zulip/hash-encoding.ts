/** Narrow-URL encoding shared with notification messages and narrow links (server-markdown.md §2.2, `encode_hash_component`). */

const utf8 = new TextEncoder();
// Python's quote() never encodes these; `*` is the one extra safe character.
const SAFE = /[A-Za-z0-9_.\-~*]/;
const HEX = '0123456789ABCDEF';

/** Percent-encodes as the real server's `quote(text, safe="*")`, then `.` → `.2E` and `%` → `.`. Lone surrogates encode as U+FFFD. */
export function encodeHashComponent(text: string): string {
  let out = '';
  let run = '';
  const flush = (): void => {
    if (!run) return;
    for (const byte of utf8.encode(run)) out += `.${HEX[byte >> 4]}${HEX[byte & 15]}`;
    run = '';
  };
  for (const char of text) {
    if (char.length === 1 && SAFE.test(char)) {
      flush();
      out += char === '.' ? '.2E' : char;
    } else {
      run += char;
    }
  }
  flush();
  return out;
}

/** `<id>-<name>` with spaces as `-`, for `#narrow/channel/…` (the real server's `encode_channel`). */
export function channelNarrowSlug(id: number, name: string): string {
  return `${id}-${encodeHashComponent(name.replaceAll(' ', '-'))}`;
}
