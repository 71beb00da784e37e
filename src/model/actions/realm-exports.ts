/** Asking for a data export (the real server's export_realm view): the administrators hear of the pending export. */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentRealmExports } from '../rules/realm-exports.js';
import type { State, User } from '../state.js';

export function requestRealmExport(tx: Tx, actor: User, exportType: 1 | 2): number {
  const id = tx.draft.counters.nextRealmExportId;
  tx.draft.counters.nextRealmExportId = id + 1;
  tx.draft.realmExports.push({ id, actingUserId: actor.id, requestedAt: Math.floor(tx.now), exportType });
  tx.emit({ type: 'realm_export', exports: presentRealmExports(tx.draft as unknown as State) }, Audiences.administrators());
  return id;
}
