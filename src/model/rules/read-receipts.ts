/**
 * Read receipts (the real server's zerver/views/read_receipts.py): the users
 * whose row of a message is read, among those who let it be known.
 */
import type { Message, State, User } from '../state.js';
import { selectPossibleRowHolderIds } from '../tables/messages.js';
import { getRow } from '../tables/table.js';
import { FLAG_BITS } from './message-flags.js';
import { selectUserMessageFlags } from './messages.js';
import { hasMuted } from './muted-users.js';

/**
 * Whether `reader`'s read row of the message shows in `viewer`'s receipts:
 * an active user with send_read_receipts on, not the sender, and neither
 * muting the viewer nor muted by them.
 */
export function showsReadReceipt(state: State, viewer: User, reader: User, message: Message): boolean {
  if (!reader.isActive || !reader.settings.send_read_receipts || reader.id === message.senderId) return false;
  if (hasMuted(state, reader.id, viewer.id) || hasMuted(state, viewer.id, reader.id)) return false;
  const bits = selectUserMessageFlags(state, reader.id, message.id);
  return bits !== undefined && (bits & FLAG_BITS.read) !== 0;
}

/** The readers `viewer` may see, ascending; cost: the users who may hold a row of the message. */
export function selectReadReceiptUserIds(state: State, viewer: User, message: Message): number[] {
  const ids: number[] = [];
  for (const userId of selectPossibleRowHolderIds(state, message)) {
    const reader = getRow(state.users, userId);
    if (reader !== undefined && showsReadReceipt(state, viewer, reader, message)) ids.push(userId);
  }
  return ids.sort((a, b) => a - b);
}
