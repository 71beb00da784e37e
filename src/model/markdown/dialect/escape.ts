/** HTML escaping as the real server's serialisers do it (server-markdown §1.3, §2.4, §2.5). */

// Python-Markdown keeps an `&` that starts something shaped like an entity, in text and in attributes.
const LONE_AMP = /&(?!(?:#[0-9]+|#x[0-9a-f]+|[0-9a-z]+);)/gi;
const TEXT_SPECIAL = /[&<>]/;

/** Element text: `<` and `>` escaped, `&` unless it starts an entity; quotes left alone. */
export function escapeText(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(LONE_AMP, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value: as text, plus `"`. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** Code span contents (`code_escape`): every `&`, `<`, `>`. */
export function escapeCode(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Pygments' `escape_html`. */
export function escapePygments(text: string): string {
  return escapeCode(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Python's `html.escape(text, quote=True)`. */
export function escapePython(text: string): string {
  return escapeCode(text).replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
