/**
 * Per-user message flags as bits of a user's message row, and their API
 * names in the real server's order (UserMessage.ALL_FLAGS, with the
 * deprecated `wildcard_mentioned` derived last).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Message, State } from '../state.js';
import { isSubscribed } from './channels.js';

export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  has_alert_word: 32,
  historical: 64,
  topic_wildcard_mentioned: 128,
} as const;

export type StoredFlag = keyof typeof FLAG_BITS;

/** Every flag name the API shows. */
export type MessageFlag = StoredFlag | 'wildcard_mentioned';

const STORED_ORDER = Object.keys(FLAG_BITS) as StoredFlag[];

/** The flags a user may add or remove (spec: Message flags). */
export const CHANGEABLE_FLAGS: readonly StoredFlag[] = ['read', 'starred', 'collapsed'];

/** The bits of a message row the user reads without holding one (public history). */
export const HISTORICAL_READ = FLAG_BITS.read | FLAG_BITS.historical;

export const ANY_MENTION = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

export function hasFlag(bits: number, flag: StoredFlag): boolean {
  return (bits & FLAG_BITS[flag]) !== 0;
}

export function flagNames(bits: number): MessageFlag[] {
  const names: MessageFlag[] = STORED_ORDER.filter((flag) => (bits & FLAG_BITS[flag]) !== 0);
  if ((bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0) names.push('wildcard_mentioned');
  return names;
}

/** The flags a user may add or remove, and the two operations. */
export type ChangeableFlag = 'read' | 'starred' | 'collapsed';
export type FlagOperation = 'add' | 'remove';

export interface FlagChange {
  readonly op: FlagOperation;
  readonly flag: ChangeableFlag;
}

/**
 * Every flag name the API takes on input: the stored flags, including the
 * three the model never sets (group_mentioned, force_expand,
 * force_collapse), without the internal ones. `wildcard_mentioned` is
 * output only (reference server-messages-channels §5.1).
 */
const API_FLAG_NAMES: ReadonlySet<string> = new Set([...STORED_ORDER, 'group_mentioned', 'force_expand', 'force_collapse']);

function isChangeableFlag(flag: string): flag is ChangeableFlag {
  return (CHANGEABLE_FLAGS as readonly string[]).includes(flag);
}

/** The flag and operation of a flag update, checked in the real server's order (§5.2): the flag, whether it may change, the operation. */
export function checkFlagChange(flag: string, op: string): Checked<FlagChange> {
  if (!API_FLAG_NAMES.has(flag)) return reject(Errors.invalidFlag(flag));
  if (!isChangeableFlag(flag)) return reject(Errors.flagNotEditable(flag));
  if (op !== 'add' && op !== 'remove') return reject(Errors.invalidFlagOperation(op));
  return accept({ op, flag });
}

/**
 * Whether the user may have this message unread: a direct message always,
 * a channel message only while subscribed to its channel (spec: Message
 * flags, the invariant). Marking unread skips the others.
 */
export function canBeUnreadFor(state: State, userId: number, message: Message): boolean {
  return message.channelId === null || isSubscribed(state, userId, message.channelId);
}

/** The row bits after the change. */
export function applyFlagChange(bits: number, change: FlagChange): number {
  return change.op === 'add' ? bits | FLAG_BITS[change.flag] : bits & ~FLAG_BITS[change.flag];
}

/** Whether the change leaves these bits as they are (the flag already has the requested state). */
export function isNoOpFlagChange(bits: number, change: FlagChange): boolean {
  return applyFlagChange(bits, change) === bits;
}
