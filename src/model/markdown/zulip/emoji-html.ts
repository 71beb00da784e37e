/** The two emoji shapes (the real server's make_emoji and make_realm_emoji, server-markdown.md §2.3). */
import { element, voidElement } from './html.js';

/** `display` is the colon syntax shown as text; the title is its name with `_` as spaces. */
export function unicodeEmojiHtml(code: string, display: string): string {
  const title = display.slice(1, -1).replaceAll('_', ' ');
  return element('span', { 'aria-label': title, class: `emoji emoji-${code}`, role: 'img', title }, display);
}

export function imageEmojiHtml(src: string, display: string): string {
  return voidElement('img', { alt: display, class: 'emoji', src, title: display.slice(1, -1).replaceAll('_', ' ') });
}
