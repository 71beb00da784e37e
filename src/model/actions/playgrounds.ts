/**
 * Adding and removing code playgrounds (the real server's
 * check_add_realm_playground and do_remove_realm_playground): each write tells
 * every active user the whole new list.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentPlaygrounds } from '../present/playgrounds.js';
import type { PlaygroundDefinition } from '../rules/playgrounds.js';
import type { RealmPlayground, State } from '../state.js';
import { changeRealmSetting } from './realm.js';

function notifyPlaygrounds(tx: Tx): void {
  tx.emit({ type: 'realm_playgrounds', realm_playgrounds: presentPlaygrounds(tx.draft as unknown as State) }, Audiences.everyone());
}

export function addPlayground(tx: Tx, definition: PlaygroundDefinition): number {
  const id = tx.draft.counters.nextPlaygroundId;
  tx.draft.counters.nextPlaygroundId = id + 1;
  tx.draft.realmPlaygrounds.push({ id, ...definition });
  notifyPlaygrounds(tx);
  return id;
}

/** The organization's default code block language is cleared first when it is the playground's language. */
export function removePlayground(tx: Tx, playground: RealmPlayground): void {
  if (tx.before.realm.settings.defaultCodeBlockLanguage === playground.pygmentsLanguage) {
    changeRealmSetting(tx, { kind: 'field', name: 'default_code_block_language', key: 'defaultCodeBlockLanguage', value: '' });
  }
  tx.draft.realmPlaygrounds = tx.before.realmPlaygrounds.filter((candidate) => candidate.id !== playground.id);
  notifyPlaygrounds(tx);
}
