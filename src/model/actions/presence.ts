/**
 * Presence writes, after the real server's zerver/actions/presence.py: a
 * report moves the user's row, and the `presence` event goes out only when
 * others should see the change at once (a new row, or coming back online);
 * clients poll for the rest.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { CapabilityFilter } from '../events/event.js';
import { presentLegacyClientPresence, presentModernPresence } from '../present/presence.js';
import { PRESENCE_LIMITED_BY_USER_ACCESS, type PresenceStatus, type PresenceTimes, presenceBackdatedForDisabling, presenceReport } from '../rules/presence.js';
import { apiEmail } from '../rules/users.js';
import type { Presence, State, User } from '../state.js';
import { putPresenceMutably } from '../tables/presence.js';
import { getRow } from '../tables/table.js';

const SIMPLIFIED: CapabilityFilter = { name: 'simplified_presence_events', has: true };
const LEGACY: CapabilityFilter = { name: 'simplified_presence_events', has: false };

/**
 * send_presence_changed: the modern form (`presences` keyed by user id) to
 * queues with simplified_presence_events, the legacy per-client form to the
 * others (slim_presence queues get it without `email`, see queue-filter.ts).
 * It goes to every active user, or to those who can access the user when the
 * server limits presence by user access.
 */
function notifyPresence(tx: Tx, user: User, presence: Presence): void {
  const audience = PRESENCE_LIMITED_BY_USER_ACCESS ? Audiences.whoCanAccessUser(user.id) : Audiences.everyone();
  tx.emit({ type: 'presence', presences: { [String(user.id)]: presentModernPresence(user, presence) } }, audience, SIMPLIFIED);
  const legacy = presentLegacyClientPresence(user, presence);
  tx.emit(
    {
      type: 'presence',
      user_id: user.id,
      email: apiEmail(tx.before, user),
      server_timestamp: tx.now,
      presence: { [legacy.client]: legacy },
    },
    audience,
    LEGACY,
  );
}

function putAndRead(tx: Tx, user: User, times: PresenceTimes): Presence {
  putPresenceMutably(tx.draft, user.id, times);
  return getRow((tx.draft as unknown as State).presenceByUser, user.id)!;
}

/** A client's report (do_update_user_presence): the row moves as presenceReport says; others hear of it when it says so. */
export function reportPresence(tx: Tx, user: User, status: PresenceStatus): void {
  const report = presenceReport(getRow(tx.before.presenceByUser, user.id), tx.now, status);
  if (report.times === null) return;
  const presence = putAndRead(tx, user, report.times);
  if (report.notify) notifyPresence(tx, user, presence);
}

/**
 * presence_enabled changed (do_change_user_setting): turned on, the user is
 * reported active now; turned off, recent times are backdated so that the
 * user looks offline. Either way everyone is told at once.
 */
export function applyPresenceEnabled(tx: Tx, user: User, enabled: boolean): void {
  const previous = getRow(tx.before.presenceByUser, user.id);
  if (enabled) {
    const report = presenceReport(previous, tx.now, 'active');
    const presence = report.times === null ? previous : putAndRead(tx, user, report.times);
    if (presence !== undefined) notifyPresence(tx, user, presence);
    return;
  }
  const backdated = presenceBackdatedForDisabling(previous, tx.now);
  if (backdated !== null) notifyPresence(tx, user, putAndRead(tx, user, backdated));
}
