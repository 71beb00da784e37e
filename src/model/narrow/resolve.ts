/**
 * Building a narrow for one user (reference server-messages-channels §6.2; the
 * real server's NarrowBuilder and ok_to_include_history): terms are resolved
 * in order, so the first bad term is the one reported, and search operands
 * are joined into one query at the end.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { selectChannel, selectChannelByName } from '../rules/channels.js';
import { knowsNarrowIsOperand, legacyNarrowOperandError, narrowTermUnknownAtLevel } from '../rules/feature-levels.js';
import { canReadChannelHistory } from '../rules/messages.js';
import { isGuest } from '../rules/roles.js';
import type { Channel, State, Subscription, User } from '../state.js';
import { conversationKey, topicKey } from '../tables/messages.js';
import { emptyTable, getRow, rows, type Table } from '../tables/table.js';
import { parseSearchQuery } from './search.js';
import { canonicalOperator, type HasOperand, type IsOperand, type NarrowTerm, type Operand, type ResolvedNarrow, type ResolvedTerm } from './terms.js';
import { selectNarrowUser } from './users.js';

/** Message.MAX_POSSIBLE_MESSAGE_ID: ids are PostgreSQL integers. */
const MAX_POSSIBLE_MESSAGE_ID = 2_147_483_647n;

const HAS_OPERANDS: ReadonlySet<string> = new Set<HasOperand>(['attachment', 'image', 'link', 'reaction']);
const IS_OPERANDS: ReadonlySet<string> = new Set<IsOperand | 'private'>([
  'dm',
  'private',
  'starred',
  'unread',
  'mentioned',
  'alerted',
  'resolved',
  'followed',
  'muted',
]);

/** The operand as Python's str() prints it in error descriptions. */
function describe(operand: Operand): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}

/** A channel by id or name, whoever asks: a user may narrow to a channel they can no longer read and still see their own rows there. */
function selectNarrowChannel(state: State, operand: Operand): Channel | undefined {
  if (typeof operand === 'number') return selectChannel(state, operand);
  return typeof operand === 'string' ? selectChannelByName(state, operand.trim()) : undefined;
}

/** Tracks the channel-or-direct-message contradiction as the terms come; negated terms do not count. */
class ConversationKind {
  private channel = false;
  private direct = false;

  mark(kind: 'channel' | 'direct'): Checked<true> {
    if (kind === 'channel') this.channel = true;
    else this.direct = true;
    return this.channel && this.direct ? reject(Errors.badNarrow('No message can be both a channel message and direct message')) : accept(true);
  }

  get isDirect(): boolean {
    return this.direct;
  }
}

type Resolution = Checked<ResolvedTerm | null>;

function resolveUser(state: State, user: User, operand: Operand): Checked<number> {
  const target = typeof operand === 'string' || typeof operand === 'number' ? selectNarrowUser(state, user, operand) : undefined;
  return target === undefined ? reject(Errors.badNarrow(`unknown user ${describe(operand)}`)) : accept(target.id);
}

function resolveDm(state: State, user: User, operand: Operand, negated: boolean): Resolution {
  const names: ReadonlyArray<string | number> = typeof operand === 'string' ? operand.split(',') : typeof operand === 'number' ? [operand] : operand;
  const ids: number[] = [];
  for (const name of names) {
    const target = selectNarrowUser(state, user, name);
    if (target === undefined) return reject(Errors.badNarrow(`unknown user in ${describe(operand)}`));
    ids.push(target.id);
  }
  return accept({ kind: 'dm', negated, conversation: ids.length === 0 ? null : conversationKey([...ids, user.id]) });
}

function resolveMessageId(operand: Operand, negated: boolean): Resolution {
  const text = describe(operand);
  if (!/^[0-9]+$/.test(text) || BigInt(text) > MAX_POSSIBLE_MESSAGE_ID) return reject(Errors.badNarrow('Invalid message ID'));
  return accept({ kind: 'id', negated, messageId: Number(text) });
}

function resolveIs(operand: string, negated: boolean, kind: ConversationKind): Resolution {
  if (!IS_OPERANDS.has(operand)) return reject(Errors.badNarrow(`unknown 'is' operand ${operand}`));
  if (operand === 'dm' || operand === 'private') {
    // A negated term takes no side in the channel-or-direct contradiction (the real server's check skips it).
    if (!negated) {
      const marked = kind.mark('direct');
      if (!marked.ok) return marked;
    }
    return accept({ kind: 'is', negated, operand: 'dm' });
  }
  return accept({ kind: 'is', negated, operand: operand as IsOperand });
}

/** One non-search term; null for the terms that never filter (`near`, `in:all`). */
function resolveTerm(state: State, user: User, term: NarrowTerm, kind: ConversationKind): Resolution {
  const { operand, negated } = term;
  const text = typeof operand === 'string' ? operand : '';
  const markUnlessNegated = (conversation: 'channel' | 'direct'): Checked<true> => (negated ? accept(true) : kind.mark(conversation));
  const unknownAtLevel = narrowTermUnknownAtLevel(state, term);
  if (unknownAtLevel !== null) return reject(Errors.badNarrow(unknownAtLevel));
  switch (canonicalOperator(term.operator)) {
    case 'has':
      return HAS_OPERANDS.has(text) ? accept({ kind: 'has', negated, operand: text as HasOperand }) : reject(Errors.badNarrow(`unknown 'has' operand ${text}`));
    case 'in':
      if (text === 'home') return accept({ kind: 'in-home', negated });
      // The real server ignores the negation of in:all.
      return text === 'all' ? accept(null) : reject(Errors.badNarrow(`unknown 'in' operand ${text}`));
    case 'is':
      if (!knowsNarrowIsOperand(state, text)) return reject(Errors.badNarrow(`unknown 'is' operand ${text}`));
      return resolveIs(text, negated, kind);
    case 'channel': {
      const marked = markUnlessNegated('channel');
      if (!marked.ok) return marked;
      const channel = selectNarrowChannel(state, operand);
      return channel === undefined
        ? reject(Errors.badNarrow(`unknown channel ${describe(operand)}`))
        : accept({ kind: 'channel', negated, channelId: channel.id });
    }
    case 'channels': {
      const marked = markUnlessNegated('channel');
      if (!marked.ok) return marked;
      if (text !== 'public' && text !== 'web-public') return reject(Errors.badNarrow(`unknown channels operand ${text}`));
      return accept({ kind: 'channels', negated, which: text });
    }
    case 'topic': {
      const marked = markUnlessNegated('channel');
      return marked.ok ? accept({ kind: 'topic', negated, key: topicKey(text) }) : marked;
    }
    case 'sender': {
      const sender = resolveUser(state, user, operand);
      return sender.ok ? accept({ kind: 'sender', negated, userId: sender.value }) : sender;
    }
    case 'near':
      return accept(null);
    case 'id':
      return resolveMessageId(operand, negated);
    case 'dm': {
      const marked = markUnlessNegated('direct');
      return marked.ok ? resolveDm(state, user, operand, negated) : marked;
    }
    case 'dm-including':
    case 'group-pm-with': {
      const marked = markUnlessNegated('direct');
      if (!marked.ok) return marked;
      const target = resolveUser(state, user, operand);
      if (!target.ok) return target;
      const resolvedKind = canonicalOperator(term.operator) as 'dm-including' | 'group-pm-with';
      return accept({ kind: resolvedKind, negated, userId: target.value });
    }
    default:
      return reject(Errors.badNarrow(`unknown operator ${term.operator}`));
  }
}

const CHANNEL_OPERATORS: ReadonlySet<string> = new Set(['channel', 'stream']);
const CHANNELS_OPERATORS: ReadonlySet<string> = new Set(['channels', 'streams']);

/** The real server's ok_to_include_history, on the terms as sent (the last pinning term decides; any `is` but `is:resolved` vetoes). */
function includesHistory(state: State, user: User, terms: readonly NarrowTerm[], now: number): boolean {
  let include = false;
  for (const term of terms) {
    if (term.negated) continue;
    if (CHANNEL_OPERATORS.has(term.operator)) {
      const channel = selectNarrowChannel(state, term.operand);
      include = channel !== undefined && canReadChannelHistory(state, user, channel, now);
    } else if (CHANNELS_OPERATORS.has(term.operator) && (term.operand === 'public' || term.operand === 'web-public') && !isGuest(user)) {
      include = true;
    }
  }
  return include && !terms.some((term) => term.operator === 'is' && term.operand !== 'resolved');
}

/** The channels the user is subscribed to and has muted. */
export function selectMutedChannelIds(state: State, userId: number): ReadonlySet<number> {
  const subscriptions: Table<number, Subscription> = getRow(state.subscriptionsByUser, userId) ?? emptyTable();
  const muted = new Set<number>();
  for (const subscription of rows(subscriptions)) if (subscription.isMuted) muted.add(subscription.channelId);
  return muted;
}

/**
 * The narrow for `user`, or the first error the real server's builder would
 * raise. `with` is not rewritten here (GET /messages does that first, see
 * with.ts), so it is an unknown operator, as in GET /messages/matches_narrow.
 */
export function resolveNarrow(state: State, user: User, terms: readonly NarrowTerm[], now: number): Checked<ResolvedNarrow> {
  const legacyOperand = legacyNarrowOperandError(state, terms);
  if (legacyOperand !== null) return reject(legacyOperand);
  const kind = new ConversationKind();
  const resolved: ResolvedTerm[] = [];
  const searchOperands: string[] = [];
  for (const term of terms) {
    // Search terms are collected and joined; the real server drops their negation when it does so.
    if (term.operator === 'search') {
      searchOperands.push(term.operand as string);
      continue;
    }
    const result = resolveTerm(state, user, term, kind);
    if (!result.ok) return reject(result.error);
    if (result.value !== null) resolved.push(result.value);
  }
  return accept({
    userId: user.id,
    terms: resolved,
    search: searchOperands.length === 0 ? null : parseSearchQuery(searchOperands.join(' ')),
    includeHistory: includesHistory(state, user, terms, now),
    isDmNarrow: kind.isDirect,
    namesChannel: terms.some((term) => CHANNEL_OPERATORS.has(term.operator)),
    mutedChannelIds: selectMutedChannelIds(state, user.id),
  });
}
