/**
 * Writing drafts (the real server's do_create_drafts, do_edit_draft,
 * do_delete_draft): each write tells only the owner, with a `drafts` event.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentDraft } from '../present/drafts.js';
import type { Draft, User, WritableState } from '../state.js';
import { emptyTable, getRow, withoutRow, withRow } from '../tables/table.js';

function putDraftMutably(tx: Tx, user: User, draft: Draft): void {
  const state = tx.draft as WritableState;
  const own = getRow(state.draftsByUser, user.id) ?? emptyTable<number, Draft>();
  state.draftsByUser = withRow(state.draftsByUser, user.id, withRow(own, draft.id, Object.freeze(draft)));
}

/** Creates the drafts in order, numbering them from the counter; one `add` event lists them all. Returns their ids. */
export function createDrafts(tx: Tx, user: User, drafts: readonly Omit<Draft, 'id'>[]): number[] {
  const created: Draft[] = [];
  for (const data of drafts) {
    const draft: Draft = { id: tx.draft.counters.nextDraftId, ...data };
    tx.draft.counters.nextDraftId += 1;
    putDraftMutably(tx, user, draft);
    created.push(draft);
  }
  tx.emit({ type: 'drafts', op: 'add', drafts: created.map(presentDraft) }, Audiences.users([user.id]));
  return created.map((draft) => draft.id);
}

export function editDraft(tx: Tx, user: User, draft: Draft): void {
  putDraftMutably(tx, user, draft);
  tx.emit({ type: 'drafts', op: 'update', draft: presentDraft(draft) }, Audiences.users([user.id]));
}

export function deleteDraft(tx: Tx, user: User, draft: Draft): void {
  const state = tx.draft as WritableState;
  const own = getRow(state.draftsByUser, user.id);
  if (own === undefined) return;
  const rest = withoutRow(own, draft.id);
  state.draftsByUser = rest.size === 0 ? withoutRow(state.draftsByUser, user.id) : withRow(state.draftsByUser, user.id, rest);
  tx.emit({ type: 'drafts', op: 'remove', draft_id: draft.id }, Audiences.users([user.id]));
}

/**
 * A user who stops synchronising drafts loses the server's copies, without
 * `drafts` events: their clients keep their own (the real server's
 * do_change_user_setting for enable_drafts_synchronization).
 */
export function forgetDrafts(tx: Tx, user: User): void {
  const state = tx.draft as WritableState;
  state.draftsByUser = withoutRow(state.draftsByUser, user.id);
}
