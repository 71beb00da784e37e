/**
 * Setting a user's alert words (the real server's do_add_alert_words and
 * do_remove_alert_words): the whole list goes to the user's own queues in an
 * `alert_words` event, even when it did not change.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { User, WritableState } from '../state.js';
import { withoutRow, withRow } from '../tables/table.js';

export function setAlertWords(tx: Tx, user: User, words: readonly string[]): void {
  const state = tx.draft as WritableState;
  state.alertWordsByUser =
    words.length === 0 ? withoutRow(state.alertWordsByUser, user.id) : withRow(state.alertWordsByUser, user.id, Object.freeze([...words]));
  tx.emit({ type: 'alert_words', alert_words: [...words] }, Audiences.users([user.id]));
}
