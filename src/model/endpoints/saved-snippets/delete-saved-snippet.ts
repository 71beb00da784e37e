import { z } from 'zod';
import { deleteSavedSnippet as remove } from '../../actions/saved-snippets.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessSavedSnippet } from '../../rules/saved-snippets.js';

/** DELETE /saved_snippets/{saved_snippet_id}: one of the caller's snippets (reference server-messages-channels §11). */
export const deleteSavedSnippet = defineEndpoint({
  operation: 'delete-saved-snippet',
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  pathParams: { saved_snippet_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessSavedSnippet(state, actor, path.saved_snippet_id);
    if (!access.ok) return fail(access.error);
    const snippet = access.value;
    return succeed(commit(state, now, (tx) => remove(tx, actor, snippet)));
  },
});
