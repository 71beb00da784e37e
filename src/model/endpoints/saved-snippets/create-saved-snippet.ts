import { z } from 'zod';
import { createSavedSnippet as create } from '../../actions/saved-snippets.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { strip } from '../../markdown/dialect/python.js';
import { succeed } from '../../outcome.js';
import { SAVED_SNIPPET_CONTENT_MAX, SAVED_SNIPPET_TITLE_MAX } from '../../rules/saved-snippets.js';
import type { SavedSnippet } from '../../state.js';
import { snippetText } from './params.js';

/** POST /saved_snippets: a new snippet of the caller's, stamped with the request's time (reference server-messages-channels §11). */
export const createSavedSnippet = defineEndpoint({
  operation: 'create-saved-snippet',
  method: 'POST',
  path: '/saved_snippets',
  auth: 'basic',
  params: z.object({
    title: snippetText(SAVED_SNIPPET_TITLE_MAX),
    content: snippetText(SAVED_SNIPPET_CONTENT_MAX),
  }),
  reduce(state, { actor, params, now }) {
    const id = state.counters.nextSavedSnippetId;
    // After the parameters' own trim the real view strips both again, the Python way.
    const snippet: SavedSnippet = { id, title: strip(params.title), content: strip(params.content), dateCreated: now };
    return succeed(
      commit(state, now, (tx) => create(tx, actor, snippet)),
      { saved_snippet_id: id },
    );
  },
});
