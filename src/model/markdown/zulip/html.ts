/** Elements as the real server's serializer prints them: attributes sorted by name (server-markdown.md §1.3). */
import { escapeAttribute } from '../dialect/escape.js';

export { escapeAttribute, escapeText } from '../dialect/escape.js';

export type Attributes = Readonly<Record<string, string>>;

function openTag(tag: string, attributes: Attributes): string {
  let out = `<${tag}`;
  for (const name of Object.keys(attributes).sort()) out += ` ${name}="${escapeAttribute(attributes[name]!)}"`;
  return `${out}>`;
}

/** `innerHtml` must already be escaped. */
export function element(tag: string, attributes: Attributes, innerHtml: string): string {
  return `${openTag(tag, attributes)}${innerHtml}</${tag}>`;
}

export function voidElement(tag: string, attributes: Attributes): string {
  return openTag(tag, attributes);
}
