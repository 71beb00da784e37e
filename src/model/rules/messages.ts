/**
 * Who may read which message, and with which flags. A message someone may
 * not read looks exactly like a missing one (`Invalid message(s)`).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, Message, State, User } from '../state.js';
import { idTreeGet, idTreeLast, walkUp } from '../tables/id-tree.js';
import { getRow } from '../tables/table.js';
import { isSubscribed, selectChannel } from './channels.js';
import { HISTORICAL_READ } from './message-flags.js';
import { isGuest } from './roles.js';

export function selectMessage(state: State, messageId: number): Message | undefined {
  return Number.isSafeInteger(messageId) ? getRow(state.messages, messageId) : undefined;
}

/** The user's row for a message (its flag bits), if they have one. */
export function selectUserMessageFlags(state: State, userId: number, messageId: number): number | undefined {
  const rows = getRow(state.userMessages, userId);
  return rows === undefined ? undefined : idTreeGet(rows, messageId);
}

/**
 * Whether the channel's whole history is open to the user (the real server's
 * can_access_stream_history): web-public; public for a non-guest; shared
 * history for a subscriber.
 */
export function canReadChannelHistory(state: State, user: User, channel: Channel, _now: number): boolean {
  if (channel.isWebPublic) return true;
  if (!channel.inviteOnly && channel.historyPublicToSubscribers && !isGuest(user)) return true;
  return channel.historyPublicToSubscribers && isSubscribed(state, user.id, channel.id);
}

/**
 * The flag bits the user reads the message with, or undefined when they may
 * not read it (the real server's has_message_access). A direct message needs
 * a row. A web-public channel, or a public one for a non-guest, is open: the
 * row, else `read` + `historical`. Any other channel needs a subscription:
 * with shared history the same, with protected history only the rows.
 */
export function messageFlagsFor(state: State, user: User, message: Message, _now: number): number | undefined {
  const bits = selectUserMessageFlags(state, user.id, message.id);
  if (message.channelId === null) return bits;
  const channel = selectChannel(state, message.channelId);
  if (channel === undefined) return undefined;
  const open = channel.isWebPublic || (!channel.inviteOnly && !isGuest(user));
  if (!open && !isSubscribed(state, user.id, channel.id)) return undefined;
  return bits ?? (channel.historyPublicToSubscribers ? HISTORICAL_READ : undefined);
}

export function canReadMessage(state: State, user: User, message: Message, now: number): boolean {
  return messageFlagsFor(state, user, message, now) !== undefined;
}

/** The message by id with the user's flags, or `Invalid message(s)` for a missing and an unreadable one alike. */
export function accessMessage(state: State, user: User, messageId: number, now: number): Checked<{ message: Message; flags: number }> {
  const message = selectMessage(state, messageId);
  const flags = message === undefined ? undefined : messageFlagsFor(state, user, message, now);
  if (message === undefined || flags === undefined) return reject(Errors.invalidMessage());
  return accept({ message, flags });
}

/** The newest message the user has a row for (register's max_message_id), -1 when none. */
export function selectNewestMessageId(state: State, user: User): number {
  const rows = getRow(state.userMessages, user.id);
  return (rows === undefined ? undefined : idTreeLast(rows)) ?? -1;
}

/** The ids of the messages the user starred, oldest first (the real server's get_starred_message_ids). */
export function selectStarredMessageIds(state: State, user: User): number[] {
  const starred = getRow(state.starredMessageIds, user.id);
  const ids: number[] = [];
  if (starred !== undefined) walkUp(starred, 0, (id) => ids.push(id) > 0);
  return ids;
}
