/**
 * Presence rows in the real server's API formats (zerver/lib/presence.py):
 * the modern one keyed by user id, the legacy per-client one keyed by API
 * email, and the single-user form of GET /users/{user_id_or_email}/presence.
 * Timestamps are whole seconds; a time the row never had reads as the
 * user's date_joined, as the real server fills it in.
 */
import { OFFLINE_THRESHOLD_SECS, PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS, type PresenceQuery, selectRealmPresences } from '../rules/presence.js';
import { apiEmail } from '../rules/users.js';
import type { Presence, State, User } from '../state.js';
import { dateJoined } from './user.js';

function timesOf(user: User, presence: Presence): { active: number; connected: number } {
  return { active: presence.lastActiveTime ?? dateJoined(user), connected: presence.lastConnectedTime ?? dateJoined(user) };
}

export interface ModernPresence {
  readonly active_timestamp: number;
  readonly idle_timestamp: number;
}

export function presentModernPresence(user: User, presence: Presence): ModernPresence {
  const { active, connected } = timesOf(user, presence);
  return { active_timestamp: Math.floor(active), idle_timestamp: Math.floor(connected) };
}

export interface LegacyClientPresence {
  readonly client: 'website';
  readonly status: 'active' | 'idle';
  readonly timestamp: number;
  readonly pushable: false;
}

/** One client's entry in the legacy format: the server no longer records clients, so it is always "website". */
export function presentLegacyClientPresence(user: User, presence: Presence): LegacyClientPresence {
  const { active, connected } = timesOf(user, presence);
  const isActive = active + PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS >= connected;
  return { client: 'website', status: isActive ? 'active' : 'idle', timestamp: Math.floor(isActive ? active : connected), pushable: false };
}

/** A user's legacy entry in a realm-wide fetch: `aggregated` (the newest client's status) and `website`. */
export function presentLegacyPresence(user: User, presence: Presence): Record<string, unknown> {
  const website = presentLegacyClientPresence(user, presence);
  return { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
}

/**
 * GET /users/{user_id_or_email}/presence: `website` and `aggregated` with
 * status and timestamp only; `aggregated` says offline once its timestamp is
 * more than OFFLINE_THRESHOLD_SECS old.
 */
export function presentSingleUserPresence(user: User, presence: Presence, now: number): Record<string, unknown> {
  const { status, timestamp } = presentLegacyClientPresence(user, presence);
  const aggregated = Math.floor(now) - timestamp > OFFLINE_THRESHOLD_SECS ? 'offline' : status;
  return { website: { status, timestamp }, aggregated: { status: aggregated, timestamp } };
}

/**
 * The realm's presence as POST /users/me/presence, GET /realm/presence and
 * register give it (get_presence_response): `presences` in the modern format
 * keyed by user id when `slim`, else in the legacy format keyed by API
 * email; the fetch time; the presence_last_update_id to pass next time.
 */
export function presentRealmPresences(state: State, viewer: User, query: PresenceQuery & { readonly slim: boolean }): Record<string, unknown> {
  const { listed, lastUpdateId } = selectRealmPresences(state, viewer, query);
  const presences: Record<string, unknown> = {};
  for (const { user, presence } of listed) {
    if (query.slim) presences[String(user.id)] = presentModernPresence(user, presence);
    else presences[apiEmail(state, user)] = presentLegacyPresence(user, presence);
  }
  return { presences, server_timestamp: query.now, presence_last_update_id: lastUpdateId };
}
