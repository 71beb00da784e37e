/** The `anchor` parameter (reference server-messages-channels §3.3; the real server's parse_anchor_value). */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { parsePythonInt } from './python-int.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from './range.js';

export type Anchor = number | 'first_unread';

const LARGEST = BigInt(LARGER_THAN_MAX_MESSAGE_ID);
/** The largest double below LARGER_THAN_MAX_MESSAGE_ID: an anchor just under it must not round up onto it. */
const JUST_BELOW_LARGEST = 9_999_999_999_999_998;

/** An anchor id, or `first_unread` (also what the legacy `use_first_unread_anchor` asks for). Negative ids are 0, huge ones `newest`. */
export function parseAnchor(value: string | undefined, useFirstUnread: boolean): Checked<Anchor> {
  if (useFirstUnread) return accept('first_unread');
  if (value === undefined) return reject(Errors.missingAnchor());
  if (value === 'oldest') return accept(0);
  if (value === 'newest') return accept(LARGER_THAN_MAX_MESSAGE_ID);
  if (value === 'first_unread') return accept('first_unread');
  const anchor = parsePythonInt(value);
  if (anchor === undefined) return reject(Errors.invalidAnchor());
  if (anchor < 0n) return accept(0);
  if (anchor >= LARGEST) return accept(LARGER_THAN_MAX_MESSAGE_ID);
  return accept(Math.min(Number(anchor), JUST_BELOW_LARGEST));
}
