/**
 * Presence: when a report counts, whom it reaches, and whose presence a
 * realm-wide fetch lists (the real server's zerver/actions/presence.py and
 * zerver/lib/presence.py, with its default settings).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Presence, State, User } from '../state.js';
import { entries, getRow, walkRowsUp } from '../tables/table.js';
import { isBot } from './roles.js';
import { apiEmail, canAccessUser, selectUserByDeliveryEmail } from './users.js';

/** Settings the real server ships with (zproject/default_settings.py); register reports the first two. */
export const PRESENCE_PING_INTERVAL_SECS = 60;
export const OFFLINE_THRESHOLD_SECS = 140;
/** How much newer a report must be than the stored time to change it. */
export const PRESENCE_UPDATE_MIN_FREQ_SECONDS = 55;
/** Legacy formats call a user active while their last activity is this close to their last connection. */
export const PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS = 70;
/** Days of presence a fetch without history_limit_days returns. */
export const DEFAULT_PRESENCE_HISTORY_DAYS = 14;
/**
 * The server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE, off by
 * default: presence then ignores can_access_all_users_group.
 */
export const PRESENCE_LIMITED_BY_USER_ACCESS = false;

/** A report older than the stored times by this much backdates nothing when presence is turned off. */
const PRESENCE_DISABLED_BACKDATE_SECS = OFFLINE_THRESHOLD_SECS + PRESENCE_UPDATE_MIN_FREQ_SECONDS + 10;

export type PresenceStatus = 'active' | 'idle';

/** The `status` parameter of POST /users/me/presence; anything else is refused in the real server's words. */
export function checkPresenceStatus(status: string): Checked<PresenceStatus> {
  return status === 'active' || status === 'idle' ? accept(status) : reject(Errors.invalidPresenceStatus(status));
}

export type PresenceTimes = Pick<Presence, 'lastActiveTime' | 'lastConnectedTime'>;

/** What a report does to a user's row: the new times (null when nothing changes) and whether others hear of it at once. */
export interface PresenceReport {
  readonly times: PresenceTimes | null;
  readonly notify: boolean;
}

/**
 * The real server's do_update_user_presence: a first report creates the row;
 * later ones move a time only when it is PRESENCE_UPDATE_MIN_FREQ_SECONDS
 * older than the report. Others get an event at once for a new row, and when
 * an active report follows a gap long enough that clients may already show
 * the user offline (OFFLINE_THRESHOLD_SECS − PRESENCE_PING_INTERVAL_SECS − 10).
 */
export function presenceReport(previous: Presence | undefined, now: number, status: PresenceStatus): PresenceReport {
  if (previous === undefined) {
    return { times: { lastActiveTime: status === 'active' ? now : null, lastConnectedTime: now }, notify: true };
  }
  const sinceActive = previous.lastActiveTime === null ? Number.POSITIVE_INFINITY : now - previous.lastActiveTime;
  const sinceConnected = previous.lastConnectedTime === null ? Number.POSITIVE_INFINITY : now - previous.lastConnectedTime;
  const becameOnline = status === 'active' && sinceActive > OFFLINE_THRESHOLD_SECS - PRESENCE_PING_INTERVAL_SECS - 10;
  let { lastActiveTime, lastConnectedTime } = previous;
  let changed = false;
  if (sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
    lastConnectedTime = now;
    changed = true;
  }
  if (status === 'active' && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECONDS) {
    lastActiveTime = now;
    if (lastConnectedTime === null || now > lastConnectedTime) lastConnectedTime = now;
    changed = true;
  }
  return { times: changed ? { lastActiveTime, lastConnectedTime } : null, notify: becameOnline };
}

/**
 * Turning presence_enabled off makes the user look offline at once: recent
 * times move back to a little before the offline threshold; old ones stay,
 * and a user with no presence gets none (zerver/tests/test_presence.py).
 */
export function presenceBackdatedForDisabling(previous: Presence | undefined, now: number): PresenceTimes | null {
  if (previous === undefined) return null;
  const cutoff = now - PRESENCE_DISABLED_BACKDATE_SECS;
  const backdate = (time: number | null) => (time !== null && time > cutoff ? cutoff : time);
  const times = { lastActiveTime: backdate(previous.lastActiveTime), lastConnectedTime: backdate(previous.lastConnectedTime) };
  return times.lastActiveTime === previous.lastActiveTime && times.lastConnectedTime === previous.lastConnectedTime ? null : times;
}

/** Whether the user has presence at all: bots never do (their reports are refused, their rows never listed). */
export function hasPresence(user: User): boolean {
  return user.isActive && !isBot(user);
}

/** Whether `viewer` may see `target`'s presence (only restricted by user access when the server setting says so). */
export function canSeePresence(state: State, viewer: User, target: User): boolean {
  return !PRESENCE_LIMITED_BY_USER_ACCESS || canAccessUser(state, viewer, target);
}

export interface PresenceQuery {
  /** The client's presence_last_update_id: only rows changed after it. */
  readonly lastUpdateId?: number | undefined;
  readonly historyLimitDays?: number | undefined;
  readonly now: number;
}

export interface ListedPresence {
  readonly user: User;
  readonly presence: Presence;
}

/**
 * The rows a realm-wide presence fetch returns (get_presence_dict_by_realm)
 * and the presence_last_update_id to answer: the newest listed row's, else
 * the client's own, else -1. A client that has fetched before (an id above
 * 0) gets every newer row, however old; otherwise rows whose last connection
 * is within the history limit (14 days by default; 0 asks for none).
 */
export function selectRealmPresences(state: State, viewer: User, query: PresenceQuery): { listed: ListedPresence[]; lastUpdateId: number } {
  const listed: ListedPresence[] = [];
  const days = query.historyLimitDays ?? DEFAULT_PRESENCE_HISTORY_DAYS;
  const since = query.lastUpdateId;
  const timeLimited = since === undefined || since <= 0;
  const cutoff = query.now - days * 86_400;
  const consider = (userId: number, presence: Presence): void => {
    if (timeLimited && (presence.lastConnectedTime === null || presence.lastConnectedTime < cutoff)) return;
    const user = getRow(state.users, userId);
    if (user === undefined || !hasPresence(user) || !canSeePresence(state, viewer, user)) return;
    listed.push({ user, presence });
  };
  if (query.historyLimitDays !== 0) {
    if (since === undefined) {
      for (const [userId, presence] of entries(state.presenceByUser)) consider(userId, presence);
    } else {
      // Walks only the rows changed since the client's fetch, not the whole realm.
      walkRowsUp(state.presenceUserIdByUpdateId, Math.max(0, Math.floor(since) + 1), (userId) => {
        consider(userId, getRow(state.presenceByUser, userId)!);
        return true;
      });
    }
  }
  const newest = listed.reduce((max, entry) => Math.max(max, entry.presence.lastUpdateId), Number.NEGATIVE_INFINITY);
  const lastUpdateId = listed.length > 0 ? newest : (since ?? -1);
  return { listed, lastUpdateId };
}

/**
 * The user a presence path names: digits are a user id (Python's int()
 * rules: signs and surrounding spaces allowed), anything else is matched
 * case-insensitively against API emails, so a hidden real address finds
 * no one.
 */
export function selectUserByIdOrApiEmail(state: State, asked: string): User | undefined {
  if (/^\s*[+-]?\d+(_\d+)*\s*$/.test(asked)) {
    const id = Number(asked.trim().replaceAll('_', ''));
    return Number.isSafeInteger(id) ? getRow(state.users, id) : undefined;
  }
  const email = asked.toLowerCase();
  const byAddress = selectUserByDeliveryEmail(state, asked);
  if (byAddress !== undefined && apiEmail(state, byAddress).toLowerCase() === email) return byAddress;
  const placeholder = /^user([0-9]+)@/.exec(email);
  const byId = placeholder === null ? undefined : getRow(state.users, Number(placeholder[1]));
  return byId !== undefined && apiEmail(state, byId).toLowerCase() === email ? byId : undefined;
}

/** The target of GET /users/{user_id_or_email}/presence, with the real server's errors in its order. */
export function accessPresenceTarget(state: State, viewer: User, target: User | undefined, asked: string): Checked<{ user: User; presence: Presence }> {
  if (target === undefined || !target.isActive) return reject(Errors.noSuchUser());
  if (isBot(target)) return reject(Errors.presenceNotForBots());
  if (!canSeePresence(state, viewer, target)) return reject(Errors.insufficientPermission());
  const presence = getRow(state.presenceByUser, target.id);
  if (presence === undefined) return reject(Errors.noPresenceData(asked));
  return accept({ user: target, presence });
}
