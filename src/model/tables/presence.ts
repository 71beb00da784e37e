/**
 * Writing presence rows: the row, its sequence number and the index from
 * sequence numbers to users change together, here and nowhere else. Works on
 * an immer draft or on a State under construction (a fixture's presence).
 */
import type { Draft } from 'immer';
import type { Presence, State, WritableState } from '../state.js';
import { getRow, withoutRow, withRow } from './table.js';

/**
 * Stores the user's presence times under the realm's next sequence number
 * (each change of a row takes a new one, as the real server's
 * PresenceSequence hands them out) and returns that number.
 */
export function putPresenceMutably(draft: Draft<State> | WritableState, userId: number, times: Pick<Presence, 'lastActiveTime' | 'lastConnectedTime'>): number {
  const state = draft as WritableState;
  const updateId = state.counters.nextPresenceUpdateId;
  const previous = getRow(state.presenceByUser, userId);
  if (previous !== undefined) state.presenceUserIdByUpdateId = withoutRow(state.presenceUserIdByUpdateId, previous.lastUpdateId);
  const row: Presence = { lastActiveTime: times.lastActiveTime, lastConnectedTime: times.lastConnectedTime, lastUpdateId: updateId };
  state.presenceByUser = withRow(state.presenceByUser, userId, Object.freeze(row));
  state.presenceUserIdByUpdateId = withRow(state.presenceUserIdByUpdateId, updateId, userId);
  state.counters = { ...state.counters, nextPresenceUpdateId: updateId + 1 };
  return updateId;
}
