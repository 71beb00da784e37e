/**
 * Marking everything read (the real server's do_mark_all_as_read): every
 * unread row of the user gets `read`, and one update_message_flags event
 * with `all: true` and no ids (clients reload their unread state) goes to
 * the user's own queues, even when nothing was unread. Cost: the user's
 * unread rows.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { FLAG_BITS } from '../rules/message-flags.js';
import type { Message } from '../state.js';
import { idTreeGet, walkUp } from '../tables/id-tree.js';
import { putUserMessageMutably } from '../tables/messages.js';
import { getRow } from '../tables/table.js';

export function markAllAsRead(tx: Tx, userId: number): void {
  const state = tx.before;
  const unread = getRow(state.unreadMessageIds, userId);
  const rows = getRow(state.userMessages, userId);
  if (unread !== undefined && rows !== undefined) {
    const marked: [Message, number][] = [];
    walkUp(unread, 0, (id) => {
      const message = getRow(state.messages, id);
      const bits = idTreeGet(rows, id);
      if (message !== undefined && bits !== undefined) marked.push([message, bits]);
      return true;
    });
    for (const [message, bits] of marked) putUserMessageMutably(tx.draft, userId, message, bits | FLAG_BITS.read);
  }
  tx.emit({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true }, Audiences.users([userId]));
}
