/**
 * Narrow terms: as the client sent them (after the term-format checks) and as
 * resolved against the state for one user (reference server-messages-channels §6).
 */

/** A JSON operand after the per-operator type check (§6.1). */
export type Operand = string | number | readonly number[];

/**
 * One term as sent. The operator keeps the client's spelling: the `with`
 * rewrite looks at the raw names, as the real server does.
 */
export interface NarrowTerm {
  readonly operator: string;
  readonly operand: Operand;
  readonly negated: boolean;
}

/** The legacy and underscore spellings the real server still routes (NarrowBuilder.by_method_map). */
export const OPERATOR_ALIASES: Readonly<Record<string, string>> = {
  stream: 'channel',
  streams: 'channels',
  'pm-with': 'dm',
  pm_with: 'dm',
  group_pm_with: 'group-pm-with',
};

export function canonicalOperator(operator: string): string {
  return OPERATOR_ALIASES[operator] ?? operator;
}

export type IsOperand = 'dm' | 'starred' | 'unread' | 'mentioned' | 'alerted' | 'resolved' | 'followed' | 'muted';
export type HasOperand = 'attachment' | 'image' | 'link' | 'reaction';

/** A term resolved to ids, with its negation. `near` and `in:all` are dropped: they never filter. */
export type ResolvedTerm = { readonly negated: boolean } & (
  | { readonly kind: 'channel'; readonly channelId: number }
  | { readonly kind: 'channels'; readonly which: 'public' | 'web-public' }
  /** `key` is the lower-cased topic (tables/messages.ts topicKey). */
  | { readonly kind: 'topic'; readonly key: string }
  | { readonly kind: 'sender'; readonly userId: number }
  /** The conversation key (tables/messages.ts conversationKey), or null when the operand names nobody: it matches nothing. */
  | { readonly kind: 'dm'; readonly conversation: string | null }
  | { readonly kind: 'dm-including'; readonly userId: number }
  | { readonly kind: 'group-pm-with'; readonly userId: number }
  | { readonly kind: 'id'; readonly messageId: number }
  | { readonly kind: 'is'; readonly operand: IsOperand }
  | { readonly kind: 'has'; readonly operand: HasOperand }
  | { readonly kind: 'in-home' }
);

/** The search operands, joined into one query as the real server does. */
export interface SearchQuery {
  /** Lower-cased words that must all occur in the topic or the rendered text. */
  readonly words: readonly string[];
  /** Lower-cased quoted phrases that must each occur in the Markdown source or the topic. */
  readonly phrases: readonly string[];
}

/** A narrow ready to be matched against messages for one user. */
export interface ResolvedNarrow {
  readonly userId: number;
  readonly terms: readonly ResolvedTerm[];
  readonly search: SearchQuery | null;
  /**
   * Whether messages the user holds no row for count (public history): only
   * when a term pins the query to channels whose history the user may read,
   * and no `is` term but `is:resolved` is present (the real server's ok_to_include_history).
   */
  readonly includeHistory: boolean;
  /** A term requires a direct message: the first-unread search then ignores muting. */
  readonly isDmNarrow: boolean;
  /** Whether some term names a channel (negated or not): channel mutes then do not hide unread messages. */
  readonly namesChannel: boolean;
  /** The user's subscriptions they have muted: `in:home`, `is:muted` and `first_unread` read them. */
  readonly mutedChannelIds: ReadonlySet<number>;
}
