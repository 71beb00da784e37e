/**
 * What GET /messages does to a narrow before building it (reference
 * server-messages-channels §6.2; the real server's clean_narrow_for_message_fetch):
 * the empty topic's display name becomes the empty topic, and a `with` term
 * becomes the conversation of the message it names.
 */

import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { knowsWithOperator } from '../rules/feature-levels.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../rules/message-rendering.js';
import { accessMessage } from '../rules/messages.js';
import type { State, User } from '../state.js';
import { parsePythonInt } from './python-int.js';
import type { NarrowTerm } from './terms.js';

/** The first `topic` term naming the empty topic by its display name names it as "" (matches_narrow does this too). */
export function renameEmptyTopicFallback(terms: readonly NarrowTerm[]): NarrowTerm[] {
  const index = terms.findIndex((term) => term.operator === 'topic');
  if (index < 0 || terms[index]!.operand !== EMPTY_TOPIC_DISPLAY_NAME) return [...terms];
  return terms.map((term, position) => (position === index ? { ...term, operand: '' } : term));
}

/** The raw operator names the rewrite replaces; the underscore spelling `pm_with` is not among them in the real server either. */
const CONVERSATION_OPERATORS: ReadonlySet<string> = new Set(['stream', 'channel', 'topic', 'dm', 'pm-with']);

/** Whether the terms alone pick one conversation: a `dm` term, or a channel with a topic. */
function definesConversation(terms: readonly NarrowTerm[]): boolean {
  let channel = false;
  let topic = false;
  for (const term of terms) {
    if (term.operator === 'dm' || term.operator === 'pm-with') return true;
    if (term.operator === 'stream' || term.operator === 'channel') channel = true;
    else if (term.operator === 'topic') topic = true;
    if (channel && topic) return true;
  }
  return false;
}

function messageIdOf(operand: NarrowTerm['operand']): number | undefined {
  if (typeof operand === 'number') return operand;
  if (typeof operand !== 'string') return undefined;
  const value = parsePythonInt(operand);
  // An id beyond the safe range names no message; any stand-in that selects nothing will do.
  return value === undefined ? undefined : value > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(value);
}

/**
 * The narrow with its `with` term replaced by the terms of the conversation
 * holding that message (its negation is ignored, as the real server does).
 * A message the user cannot read leaves the other terms as they are when they
 * pick a conversation by themselves; otherwise the narrow is refused.
 */
export function rewriteWith(state: State, user: User, terms: readonly NarrowTerm[], now: number): Checked<NarrowTerm[]> {
  if (!knowsWithOperator(state)) return accept([...terms]);
  const withTerms = terms.filter((term) => term.operator === 'with');
  if (withTerms.length > 1) return reject(Errors.badNarrowCombination("Duplicate 'with' operators."));
  const withTerm = withTerms[0];
  if (withTerm === undefined) return accept([...terms]);
  const rest = terms.filter((term) => term !== withTerm);
  const messageId = messageIdOf(withTerm.operand);
  if (messageId === undefined) return reject(Errors.badNarrow("Invalid 'with' operator"));
  const access = accessMessage(state, user, messageId, now);
  if (!access.ok) return definesConversation(rest) ? accept(rest) : reject(Errors.badNarrow("Invalid 'with' operator"));
  const { message } = access.value;
  const others = rest.filter((term) => !CONVERSATION_OPERATORS.has(term.operator));
  if (message.channelId !== null) {
    return accept([
      { operator: 'channel', operand: message.channelId, negated: false },
      { operator: 'topic', operand: message.topic, negated: false },
      ...others,
    ]);
  }
  // Every participant names the message's own conversation for any reader; the real server's 1:1 recipient alone would give the receiver their self-conversation.
  return accept([{ operator: 'dm', operand: message.directUserIds, negated: false }, ...others]);
}

/** GET /messages' preparation of a parsed narrow: the empty-topic rename, then the `with` rewrite. */
export function cleanNarrowForFetch(state: State, user: User, terms: readonly NarrowTerm[], now: number): Checked<NarrowTerm[]> {
  return rewriteWith(state, user, renameEmptyTopicFallback(terms), now);
}
