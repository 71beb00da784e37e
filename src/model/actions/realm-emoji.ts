/**
 * Writing custom emoji (the real server's check_add_realm_emoji and
 * do_remove_realm_emoji): the record and its indexes, and the realm_emoji
 * event with every custom emoji of the realm, to every user (reference
 * server-events §5).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentRealmEmojiDict } from '../present/realm-emoji.js';
import type { RealmEmoji, RealmEmojiTables, State, User } from '../state.js';
import { withoutRow, withRow } from '../tables/table.js';

export interface NewRealmEmoji {
  readonly name: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly contentKey: string;
  readonly size: number;
}

type WritableTables = { -readonly [K in keyof RealmEmojiTables]: RealmEmojiTables[K] };

/** The draft's emoji tables, assignable (Tables are opaque to immer: a write assigns a new one). */
function tablesOf(tx: Tx): WritableTables {
  return tx.draft.realmEmoji as unknown as WritableTables;
}

function notifyRealmEmoji(tx: Tx): void {
  const current = tx.draft as unknown as State;
  tx.emit({ type: 'realm_emoji', op: 'update', realm_emoji: presentRealmEmojiDict(current) }, Audiences.everyone());
}

/** Records a new active custom emoji by `author`, with the next id, and tells everyone. */
export function addRealmEmoji(tx: Tx, author: User, upload: NewRealmEmoji): RealmEmoji {
  const id = tx.draft.counters.nextRealmEmojiId;
  tx.draft.counters.nextRealmEmojiId = id + 1;
  const emoji: RealmEmoji = Object.freeze({ id, ...upload, authorId: author.id, deactivated: false, dateCreated: tx.now });
  const tables = tablesOf(tx);
  tables.byId = withRow(tables.byId, id, emoji);
  tables.activeIdByName = withRow(tables.activeIdByName, emoji.name, id);
  tables.idByFileName = withRow(tables.idByFileName, emoji.fileName, id);
  notifyRealmEmoji(tx);
  return emoji;
}

/** Deactivates the emoji: its name is free again; the record and its image stay. */
export function deactivateRealmEmoji(tx: Tx, emoji: RealmEmoji): void {
  const tables = tablesOf(tx);
  tables.byId = withRow(tables.byId, emoji.id, Object.freeze({ ...emoji, deactivated: true }));
  tables.activeIdByName = withoutRow(tables.activeIdByName, emoji.name);
  notifyRealmEmoji(tx);
}
