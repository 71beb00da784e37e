import { z } from 'zod';
import { removePlayground } from '../../actions/playgrounds.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessPlaygroundById } from '../../rules/playgrounds.js';

/** DELETE /realm/playgrounds/{playground_id}: an administrator removes a playground. */
export const removeCodePlayground = defineEndpoint({
  operation: 'remove-code-playground',
  method: 'DELETE',
  path: '/realm/playgrounds/{playground_id}',
  pathParams: { playground_id: 'int' },
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({}),
  reduce(state, { path, now }) {
    const playground = accessPlaygroundById(state, path.playground_id);
    if (!playground.ok) return fail(playground.error);
    return succeed(commit(state, now, (tx) => removePlayground(tx, playground.value)));
  },
});
