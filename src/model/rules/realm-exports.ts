/** Data exports (the real server's zerver/views/realm_export.py): how many may be asked for, and their API form. */
import type { RealmExport, State } from '../state.js';

/** At most this many exports in a week (EXPORT_LIMIT). */
export const EXPORTS_PER_WEEK = 5;

export function isExportRateLimited(state: State, now: number): boolean {
  const weekAgo = now - 7 * 86_400;
  return state.realmExports.filter((entry) => entry.requestedAt >= weekAgo).length >= EXPORTS_PER_WEEK;
}

/** The export dict; chatref runs no export job, so every export stays pending, with no URL. */
export function presentRealmExport(entry: RealmExport): Record<string, unknown> {
  return {
    id: entry.id,
    export_time: entry.requestedAt,
    acting_user_id: entry.actingUserId,
    export_url: null,
    deleted_timestamp: null,
    failed_timestamp: null,
    pending: true,
    export_type: entry.exportType,
  };
}

export function presentRealmExports(state: State): Record<string, unknown>[] {
  return state.realmExports.map(presentRealmExport);
}
