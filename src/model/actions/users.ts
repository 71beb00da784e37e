/** Actions on users: each changes the draft and emits the events that describe the change. */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { User, UserStatus } from '../state.js';
import { putUserMutably } from '../tables/users.js';

export interface StatusChange {
  readonly status: UserStatus;
  /** Null when the request did not pass `away`. */
  readonly away: boolean | null;
  readonly textChanged: boolean;
  readonly emojiChanged: boolean;
}

/** POST /users/me/status: the user_status event carries the fields the request set ("" where cleared). */
export function changeUserStatus(tx: Tx, user: User, change: StatusChange): void {
  putUserMutably(tx.draft, { ...user, status: change.status, presenceEnabled: change.away === null ? user.presenceEnabled : !change.away });
  const event: Record<string, unknown> = { type: 'user_status', user_id: user.id };
  if (change.away !== null) event['away'] = change.away;
  if (change.textChanged) event['status_text'] = change.status.statusText;
  if (change.emojiChanged) {
    event['emoji_name'] = change.status.emojiName;
    event['emoji_code'] = change.status.emojiCode;
    event['reaction_type'] = change.status.reactionType;
  }
  tx.emit(event as { type: string }, Audiences.whoCanAccessUser(user.id));
}
