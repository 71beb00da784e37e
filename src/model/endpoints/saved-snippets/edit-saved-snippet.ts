import { z } from 'zod';
import { editSavedSnippet as edit } from '../../actions/saved-snippets.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessSavedSnippet, isSavedSnippetEditEmpty, SAVED_SNIPPET_CONTENT_MAX, SAVED_SNIPPET_TITLE_MAX } from '../../rules/saved-snippets.js';
import { snippetText } from './params.js';

/** PATCH /saved_snippets/{saved_snippet_id}: a new title and/or content for one of the caller's snippets (spec; reference §11). */
export const editSavedSnippet = defineEndpoint({
  operation: 'edit-saved-snippet',
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  pathParams: { saved_snippet_id: 'int' },
  auth: 'basic',
  params: z.object({
    title: snippetText(SAVED_SNIPPET_TITLE_MAX).optional(),
    content: snippetText(SAVED_SNIPPET_CONTENT_MAX).optional(),
  }),
  reduce(state, { actor, path, params, now }) {
    if (isSavedSnippetEditEmpty(params.title, params.content)) return succeed(state);
    const access = accessSavedSnippet(state, actor, path.saved_snippet_id);
    if (!access.ok) return fail(access.error);
    const snippet = {
      ...access.value,
      ...(params.title === undefined ? {} : { title: params.title }),
      ...(params.content === undefined ? {} : { content: params.content }),
    };
    return succeed(commit(state, now, (tx) => edit(tx, actor, snippet)));
  },
});
