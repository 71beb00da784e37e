/**
 * Storing and forgetting a user's mobile push tokens (add_push_device_token,
 * remove_push_device_token). No event describes them: clients never read
 * these tokens back.
 */
import type { Tx } from '../events/commit.js';
import { type PushTokenKind, pushTokenKey } from '../rules/push-devices.js';
import type { PushDeviceToken, User, WritableState } from '../state.js';
import { emptyTable, getRow, withoutRow, withRow } from '../tables/table.js';

/** Keeps the first registration of a (kind, token) pair, as the real server's insert that ignores conflicts. */
export function addPushToken(tx: Tx, user: User, kind: PushTokenKind, token: string, iosAppId: string | null): void {
  const draft = tx.draft as WritableState;
  const own = getRow(draft.pushDeviceTokensByUser, user.id) ?? emptyTable<string, PushDeviceToken>();
  const key = pushTokenKey(kind, token);
  if (getRow(own, key) !== undefined) return;
  const row: PushDeviceToken = { kind, token, iosAppId, dateCreated: Math.floor(tx.now) };
  draft.pushDeviceTokensByUser = withRow(draft.pushDeviceTokensByUser, user.id, withRow(own, key, Object.freeze(row)));
}

export function removePushToken(tx: Tx, user: User, kind: PushTokenKind, token: string): void {
  const draft = tx.draft as WritableState;
  const own = getRow(draft.pushDeviceTokensByUser, user.id);
  if (own === undefined) return;
  const rest = withoutRow(own, pushTokenKey(kind, token));
  draft.pushDeviceTokensByUser = rest.size === 0 ? withoutRow(draft.pushDeviceTokensByUser, user.id) : withRow(draft.pushDeviceTokensByUser, user.id, rest);
}
