/** Characters allowed right before a mention or channel link (server-markdown.md §2.1, §2.2). */
import { PY_SPACE } from '../dialect/python.js';

const ALLOWED_BEFORE = new RegExp(`[${PY_SPACE}'"({[/<]`);

/** Whether `src[pos]` may start a mention: at the start, or after whitespace or one of the allowed punctuation marks. */
export function mentionMayStartAt(src: string, pos: number): boolean {
  // Every allowed character lies in the BMP, so one code unit is enough.
  return pos === 0 || ALLOWED_BEFORE.test(src.charAt(pos - 1));
}
