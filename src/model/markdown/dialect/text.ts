/**
 * Inline rule `text` (replacing markdown-it's): skips characters no rule starts with. Besides markdown-it's
 * terminators, STX stops it, where a stashed-HTML placeholder begins.
 */
import type { StateInline } from 'markdown-it';

function isTerminator(ch: number): boolean {
  switch (ch) {
    case 0x02:
    case 0x0a:
    case 0x21:
    case 0x23:
    case 0x24:
    case 0x25:
    case 0x26:
    case 0x2a:
    case 0x2b:
    case 0x2d:
    case 0x3a:
    case 0x3c:
    case 0x3d:
    case 0x3e:
    case 0x40:
    case 0x5b:
    case 0x5c:
    case 0x5d:
    case 0x5e:
    case 0x5f:
    case 0x60:
    case 0x7b:
    case 0x7d:
    case 0x7e:
      return true;
    default:
      return false;
  }
}

export function textRule(state: StateInline, silent: boolean): boolean {
  let pos = state.pos;
  while (pos < state.posMax && !isTerminator(state.src.charCodeAt(pos))) pos++;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}
