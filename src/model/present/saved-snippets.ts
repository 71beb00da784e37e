/** A saved snippet as the API shows it (the real server's SavedSnippet.to_api_dict). */
import type { SavedSnippet } from '../state.js';

export function presentSavedSnippet(snippet: SavedSnippet): Record<string, unknown> {
  return { id: snippet.id, title: snippet.title, content: snippet.content, date_created: snippet.dateCreated };
}
