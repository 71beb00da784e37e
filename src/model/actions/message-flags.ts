/**
 * Changing a user's own message flags (reference server-messages-channels §5;
 * the real server's do_update_message_flags and do_mark_stream_messages_as_read):
 * the rows, the historical rows of messages read from history, and the
 * update_message_flags event, which only the user's own queues get.
 */

import { Errors } from '../errors.js';
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { accept, type Checked, reject } from '../outcome.js';
import { ANY_MENTION, applyFlagChange, canBeUnreadFor, FLAG_BITS, type FlagChange, HISTORICAL_READ, isNoOpFlagChange } from '../rules/message-flags.js';
import { messageFlagsFor, selectMessage, selectUserMessageFlags } from '../rules/messages.js';
import { selectSubscription } from '../rules/subscriptions.js';
import type { Message, State, User } from '../state.js';
import { type IdTree, idTreeGet, walkUp } from '../tables/id-tree.js';
import { putUserMessageMutably, topicKey } from '../tables/messages.js';
import { emptyTable, getRow } from '../tables/table.js';

/** A checked flag update: what will change, decided on the state before it. */
export interface FlagUpdate {
  readonly change: FlagChange;
  /** The ids whose flag changes, in the order asked; a repeated id stays repeated, as in the real server's event. */
  readonly messageIds: readonly number[];
  /** Those messages, each once; one the user holds no row for gets a historical row. */
  readonly messages: readonly Message[];
  /** The channels a mark-unread skipped because the user is not subscribed to them, ascending. */
  readonly ignoredChannelIds: readonly number[];
}

/**
 * Which of the asked ids change, in the real server's steps: a mark-unread
 * drops the messages of channels the user is not subscribed to; an id
 * whose flag already has the requested state drops out, a row-less id
 * judged by the implicit read+historical flags (so a missing id is ignored
 * when the change would be a no-op); a row-less id that remains must be a
 * message the user may read, or the whole update is `Invalid message(s)`.
 * Cost: the number of ids asked.
 */
export function planFlagUpdate(state: State, user: User, change: FlagChange, requestedIds: readonly number[], now: number): Checked<FlagUpdate> {
  const ignored = new Set<number>();
  const markingUnread = change.flag === 'read' && change.op === 'remove';
  const rows: IdTree | undefined = getRow(state.userMessages, user.id);
  const rowOf = (id: number) => (rows === undefined ? undefined : idTreeGet(rows, id));
  const messageIds: number[] = [];
  for (const id of requestedIds) {
    const message = selectMessage(state, id);
    if (markingUnread && message?.channelId !== null && message !== undefined && !canBeUnreadFor(state, user.id, message)) {
      ignored.add(message.channelId);
      continue;
    }
    if (!isNoOpFlagChange(rowOf(id) ?? HISTORICAL_READ, change)) messageIds.push(id);
  }
  const messages = new Map<number, Message>();
  for (const id of messageIds) {
    if (messages.has(id)) continue;
    const message = selectMessage(state, id);
    const hasRow = rowOf(id) !== undefined;
    if (message === undefined || (!hasRow && messageFlagsFor(state, user, message, now) === undefined)) return reject(Errors.invalidMessage());
    messages.set(id, message);
  }
  return accept({ change, messageIds, messages: [...messages.values()], ignoredChannelIds: [...ignored].sort((a, b) => a - b) });
}

/** What a client needs to put a message back among its unread ones (the real server's format_unread_message_details). */
function unreadDetails(state: State, user: User, message: Message, bits: number): Record<string, unknown> {
  if (message.channelId === null) {
    const mentioned = (bits & ANY_MENTION) !== 0;
    return { type: 'private', user_ids: message.directUserIds.filter((id) => id !== user.id), ...(mentioned ? { mentioned: true } : {}) };
  }
  const muted = selectSubscription(state, user.id, message.channelId)?.isMuted === true;
  // A wildcard mention in a muted channel does not count as a mention.
  const wildcard = (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0;
  const mentioned = (bits & FLAG_BITS.mentioned) !== 0 || (wildcard && !muted);
  return {
    type: 'stream',
    stream_id: message.channelId,
    topic: message.topic,
    unmuted_stream_msg: !muted,
    ...(mentioned ? { mentioned: true } : {}),
  };
}

/**
 * Applies a planned update: each changed row (a historical one created from
 * read+historical), then one update_message_flags event to the user's own
 * queues, sent even when nothing changed, as the real server does. A
 * mark-unread carries `message_details` for each message.
 */
export function updateMessageFlags(tx: Tx, user: User, update: FlagUpdate): void {
  const { change } = update;
  const details: Record<string, unknown> = {};
  for (const message of update.messages) {
    const bits = applyFlagChange(selectUserMessageFlags(tx.before, user.id, message.id) ?? HISTORICAL_READ, change);
    putUserMessageMutably(tx.draft, user.id, message, bits);
    if (change.flag === 'read' && change.op === 'remove') details[String(message.id)] = unreadDetails(tx.before, user, message, bits);
  }
  const event = { type: 'update_message_flags', op: change.op, operation: change.op, flag: change.flag, messages: [...update.messageIds], all: false };
  tx.emit(change.flag === 'read' && change.op === 'remove' ? { ...event, message_details: details } : event, Audiences.users([user.id]));
}

/**
 * The user's unread messages in a channel, or in one of its topics (any
 * case), ascending. It walks whichever is shorter, the user's unread index
 * or the channel's (topic's) message index, so the cost never grows with
 * the realm.
 */
export function selectUnreadInConversation(state: State, userId: number, channelId: number, topic: string | null): number[] {
  const unread = getRow(state.unreadMessageIds, userId);
  const rows = getRow(state.userMessages, userId);
  if (unread === undefined || rows === undefined || unread.size === 0) return [];
  const key = topic === null ? null : topicKey(topic);
  const conversation =
    key === null ? getRow(state.messageIdsByChannel, channelId) : getRow(getRow(state.messageIdsByTopic, channelId) ?? emptyTable<string, IdTree>(), key);
  if (conversation === undefined) return [];
  const ids: number[] = [];
  if (conversation.size <= unread.size) {
    walkUp(conversation, 0, (id) => {
      const bits = idTreeGet(rows, id);
      if (bits !== undefined && (bits & FLAG_BITS.read) === 0) ids.push(id);
      return true;
    });
  } else {
    walkUp(unread, 0, (id) => {
      const message = getRow(state.messages, id);
      if (message !== undefined && message.channelId === channelId && (key === null || topicKey(message.topic) === key)) ids.push(id);
      return true;
    });
  }
  return ids;
}

/** Marks the given unread messages of the user read, with the update_message_flags event; nothing when there are none. */
export function markMessagesRead(tx: Tx, userId: number, messageIds: readonly number[]): void {
  if (messageIds.length === 0) return;
  for (const id of messageIds) {
    const message = getRow(tx.before.messages, id);
    const bits = selectUserMessageFlags(tx.before, userId, id);
    if (message !== undefined && bits !== undefined) putUserMessageMutably(tx.draft, userId, message, bits | FLAG_BITS.read);
  }
  tx.emit({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [...messageIds], all: false }, Audiences.users([userId]));
}
