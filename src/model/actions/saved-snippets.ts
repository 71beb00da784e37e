/**
 * Writing saved snippets (the real server's zerver/actions/saved_snippets.py):
 * each write tells only the owner, with a `saved_snippets` event (reference
 * server-events §5.7).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentSavedSnippet } from '../present/saved-snippets.js';
import type { SavedSnippet, User, WritableState } from '../state.js';
import { emptyTable, getRow, withoutRow, withRow } from '../tables/table.js';

function putSavedSnippetMutably(tx: Tx, user: User, snippet: SavedSnippet): void {
  const state = tx.draft as WritableState;
  const own = getRow(state.savedSnippetsByUser, user.id) ?? emptyTable<number, SavedSnippet>();
  state.savedSnippetsByUser = withRow(state.savedSnippetsByUser, user.id, withRow(own, snippet.id, Object.freeze(snippet)));
}

export function createSavedSnippet(tx: Tx, user: User, snippet: SavedSnippet): void {
  tx.draft.counters.nextSavedSnippetId += 1;
  putSavedSnippetMutably(tx, user, snippet);
  tx.emit({ type: 'saved_snippets', op: 'add', saved_snippet: presentSavedSnippet(snippet) }, Audiences.users([user.id]));
}

export function editSavedSnippet(tx: Tx, user: User, snippet: SavedSnippet): void {
  putSavedSnippetMutably(tx, user, snippet);
  tx.emit({ type: 'saved_snippets', op: 'update', saved_snippet: presentSavedSnippet(snippet) }, Audiences.users([user.id]));
}

export function deleteSavedSnippet(tx: Tx, user: User, snippet: SavedSnippet): void {
  const state = tx.draft as WritableState;
  const own = getRow(state.savedSnippetsByUser, user.id);
  if (own === undefined) return;
  const rest = withoutRow(own, snippet.id);
  state.savedSnippetsByUser = rest.size === 0 ? withoutRow(state.savedSnippetsByUser, user.id) : withRow(state.savedSnippetsByUser, user.id, rest);
  tx.emit({ type: 'saved_snippets', op: 'remove', saved_snippet_id: snippet.id }, Audiences.users([user.id]));
}
