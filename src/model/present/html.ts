/** Python's html.escape (quote=True): what the real server applies to names it puts into error messages. */
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export function escapeHtmlLikePython(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}
