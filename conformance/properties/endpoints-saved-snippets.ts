/**
 * The saved snippet endpoints, as the property checks see them. They are
 * called as the run's owner so that the owner's list (the read-back) shows
 * any change; paths name an id no snippet has, and a snippet a chance
 * success creates is deleted again.
 */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { STRING } from './param-kinds.js';

const ownSnippets: ReadBack = { path: '/saved_snippets' };

const BAD_TITLES = ['', '   ', '\n\t', 'x'.repeat(61)];
const BAD_CONTENTS = ['', ' \n ', 'x'.repeat(10_001)];

/** A snippet a chance success added is removed again. */
async function removeCreated(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as { saved_snippet_id?: unknown } | null)?.saved_snippet_id;
  if (response.status === 200 && typeof id === 'number') await call(env.owner, 'DELETE', `/saved_snippets/${id}`);
}

export const SAVED_SNIPPET_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-saved-snippets', method: 'GET', path: '/saved_snippets', auth: 'basic', actor: 'owner', params: [], observe: () => [ownSnippets] },
  {
    operation: 'create-saved-snippet',
    method: 'POST',
    path: '/saved_snippets',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'title', kind: STRING, required: true, valid: (env) => env.unique('snippet').slice(-60), invalid: BAD_TITLES },
      { name: 'content', kind: STRING, required: true, valid: () => 'made by the bad-input property', invalid: BAD_CONTENTS },
    ],
    observe: () => [ownSnippets],
    cleanUp: removeCreated,
  },
  {
    operation: 'edit-saved-snippet',
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    pathParams: { saved_snippet_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    // The base sends a title, so it reaches the (missing) snippet and is refused.
    params: [
      { name: 'title', kind: STRING, valid: () => 'renamed by the bad-input property', invalid: BAD_TITLES },
      { name: 'content', kind: STRING, invalid: BAD_CONTENTS },
    ],
    // With neither field the real server answers success at once, whatever the id names.
    acceptsAnyway: (params) => !Object.hasOwn(params, 'title') && !Object.hasOwn(params, 'content'),
    observe: () => [ownSnippets],
  },
  {
    operation: 'delete-saved-snippet',
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    pathParams: { saved_snippet_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [ownSnippets],
  },
];
