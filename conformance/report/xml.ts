/** Escaping for XML and HTML text and attributes. */

// XML 1.0 forbids most control characters and lone surrogates even as references: shown as \uXXXX.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
