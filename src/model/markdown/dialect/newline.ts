/**
 * Inline rule `zulip_newline` (nl2br, server-markdown §1.3): every newline is a line break, spaces around it kept.
 * Inside link text, which is atomic, the newline stays a newline.
 */
import type { StateInline } from 'markdown-it';

import type { LinkLevelState } from './links.js';

export function newlineRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) {
    if ((state as LinkLevelState).linkLevel > 0) state.pending += '\n';
    else state.push('hardbreak', 'br', 0);
  }
  state.pos++;
  return true;
}
