import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentSavedSnippet } from '../../present/saved-snippets.js';
import { selectSavedSnippets } from '../../rules/saved-snippets.js';

/** GET /saved_snippets: the caller's own snippets (reference server-messages-channels §11). */
export const getSavedSnippets = defineEndpoint({
  operation: 'get-saved-snippets',
  method: 'GET',
  path: '/saved_snippets',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    return succeed(state, { saved_snippets: selectSavedSnippets(state, actor).map(presentSavedSnippet) });
  },
});
