/** ```spoiler fences (server-markdown §2.4): raw frame pieces around a header and content that stay Markdown. */
import type { Stash } from './stash.js';

const OPEN = '<div class="spoiler-block"><div class="spoiler-header">';
const BETWEEN = '</div><div class="spoiler-content" aria-hidden="true">';
const CLOSE = '</div></div>';

/** The lines that replace the fence: frame placeholders, the header and the content, each a block of its own. */
export function spoilerLines(stash: Stash, header: string, content: string): string[] {
  return [stash.store(OPEN), header, stash.store(BETWEEN), content, stash.store(CLOSE)].join('\n\n').split('\n');
}
