import { z } from 'zod';
import { removeLinkifier } from '../../actions/linkifiers.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessLinkifierById } from '../../rules/linkifiers.js';

/** DELETE /realm/filters/{filter_id}: an administrator removes a linkifier; the others keep their order. */
export const removeLinkifierEndpoint = defineEndpoint({
  operation: 'remove-linkifier',
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  pathParams: { filter_id: 'int' },
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({}),
  reduce(state, { path, now }) {
    const linkifier = accessLinkifierById(state, path.filter_id);
    if (!linkifier.ok) return fail(linkifier.error);
    return succeed(commit(state, now, (tx) => removeLinkifier(tx, linkifier.value)));
  },
});
