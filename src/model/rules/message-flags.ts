/**
 * Per-user message flags as bits of a user's message row, and their API
 * names in the real server's order (UserMessage.ALL_FLAGS, with the
 * deprecated `wildcard_mentioned` derived last).
 */

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
