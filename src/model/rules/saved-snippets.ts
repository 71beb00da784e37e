/**
 * Saved snippets (reference server-messages-channels §11): each user reads
 * and changes only their own; anyone else's is answered as a missing one.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { SavedSnippet, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { MAX_MESSAGE_LENGTH } from './addressees.js';

/** SavedSnippet.MAX_TITLE_LENGTH. */
export const SAVED_SNIPPET_TITLE_MAX = 60;
/** The content may be as long as a message. */
export const SAVED_SNIPPET_CONTENT_MAX = MAX_MESSAGE_LENGTH;

/** The caller's snippets in creation order (the real server lists them unsorted, which is id order in practice). */
export function selectSavedSnippets(state: State, user: User): SavedSnippet[] {
  const own = getRow(state.savedSnippetsByUser, user.id);
  return own === undefined ? [] : [...rows(own)];
}

/** The caller's own snippet; another user's answers exactly as a missing one. */
export function accessSavedSnippet(state: State, user: User, snippetId: number): Checked<SavedSnippet> {
  const own = getRow(state.savedSnippetsByUser, user.id);
  const snippet = own === undefined ? undefined : getRow(own, snippetId);
  return snippet === undefined ? reject(Errors.savedSnippetNotFound()) : accept(snippet);
}

/** Whether a PATCH changes anything: with neither title nor content the real server answers success at once, even for an unknown id. */
export function isSavedSnippetEditEmpty(title: string | undefined, content: string | undefined): boolean {
  return title === undefined && content === undefined;
}
