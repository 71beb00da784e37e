/** Named questions about messages. */
import type { State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';

/**
 * The newest message the user has (register's max_message_id), -1 when none.
 * Until messages keep per-user rows, a user has the messages of the channels
 * they are subscribed to; the walk is over their subscriptions, not the messages.
 */
export function selectNewestMessageId(state: State, user: User): number {
  let newest = -1;
  const subscriptions = getRow(state.subscriptionsByUser, user.id);
  if (subscriptions === undefined) return newest;
  for (const subscription of rows(subscriptions)) {
    const last = getRow(state.lastMessageIdByChannel, subscription.channelId);
    if (last !== undefined && last > newest) newest = last;
  }
  return newest;
}
