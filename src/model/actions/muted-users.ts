/**
 * Muting and unmuting a user (the real server's do_mute_user and
 * do_unmute_user). Muting also marks the muter's unread messages from that
 * user read (do_mark_muted_user_messages_as_read), with the
 * update_message_flags event; then the full list goes to the muter's own
 * queues in a `muted_users` event.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentMutedUsers } from '../rules/muted-users.js';
import type { State, User, WritableState } from '../state.js';
import { walkUp } from '../tables/id-tree.js';
import { emptyTable, getRow, type Table, withoutRow, withRow } from '../tables/table.js';
import { markMessagesRead } from './message-flags.js';

function notifyMutedUsers(tx: Tx, user: User): void {
  tx.emit({ type: 'muted_users', muted_users: presentMutedUsers(tx.draft as unknown as State, user.id) }, Audiences.users([user.id]));
}

/** The user's unread messages sent by `senderId`, ascending; cost: the user's unread rows. */
function selectUnreadFrom(state: State, userId: number, senderId: number): number[] {
  const unread = getRow(state.unreadMessageIds, userId);
  const ids: number[] = [];
  if (unread === undefined) return ids;
  walkUp(unread, 0, (id) => {
    if (getRow(state.messages, id)?.senderId === senderId) ids.push(id);
    return true;
  });
  return ids;
}

export function muteUser(tx: Tx, user: User, muted: User): void {
  const state = tx.draft as WritableState;
  const own: Table<number, number> = getRow(state.mutedUsersByUser, user.id) ?? emptyTable();
  state.mutedUsersByUser = withRow(state.mutedUsersByUser, user.id, withRow(own, muted.id, tx.now));
  markMessagesRead(tx, user.id, selectUnreadFrom(tx.before, user.id, muted.id));
  notifyMutedUsers(tx, user);
}

export function unmuteUser(tx: Tx, user: User, muted: User): void {
  const state = tx.draft as WritableState;
  const own = getRow(state.mutedUsersByUser, user.id);
  if (own === undefined) return;
  const rest = withoutRow(own, muted.id);
  state.mutedUsersByUser = rest.size === 0 ? withoutRow(state.mutedUsersByUser, user.id) : withRow(state.mutedUsersByUser, user.id, rest);
  notifyMutedUsers(tx, user);
}
