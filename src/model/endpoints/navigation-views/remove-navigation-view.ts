import { z } from 'zod';
import { removeNavigationView as remove } from '../../actions/navigation-views.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessNavigationView } from '../../rules/navigation-views.js';
import { trimWhiteSpace } from '../saved-snippets/params.js';

/** DELETE /navigation_views/{fragment}: one of the caller's views. */
export const removeNavigationView = defineEndpoint({
  operation: 'remove-navigation-view',
  method: 'DELETE',
  path: '/navigation_views/{fragment}',
  pathParams: { fragment: 'path' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessNavigationView(state, actor, trimWhiteSpace(path.fragment));
    if (!access.ok) return fail(access.error);
    const { fragment } = access.value;
    return succeed(commit(state, now, (tx) => remove(tx, actor, fragment)));
  },
});
