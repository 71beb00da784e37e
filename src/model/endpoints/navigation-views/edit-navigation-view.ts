import { z } from 'zod';
import { updateNavigationView as update } from '../../actions/navigation-views.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkNavigationViewEdit } from '../../rules/navigation-views.js';
import { trimWhiteSpace } from '../saved-snippets/params.js';
import { viewText } from './params.js';

/**
 * PATCH /navigation_views/{fragment}: the fragment may hold slashes
 * (`narrow/is/starred`), sent raw or percent-encoded. As in the real view, a
 * request that changes nothing still succeeds with an event.
 */
export const editNavigationView = defineEndpoint({
  operation: 'edit-navigation-view',
  method: 'PATCH',
  path: '/navigation_views/{fragment}',
  pathParams: { fragment: 'path' },
  auth: 'basic',
  params: z.object({
    is_pinned: wire.bool().optional(),
    name: viewText().optional(),
  }),
  reduce(state, { actor, params, path, now }) {
    const fragment = trimWhiteSpace(path.fragment);
    const checked = checkNavigationViewEdit(state, actor, fragment, params.name);
    if (!checked.ok) return fail(checked.error);
    const change = { ...(params.is_pinned === undefined ? {} : { isPinned: params.is_pinned }), ...(params.name === undefined ? {} : { name: params.name }) };
    return succeed(commit(state, now, (tx) => update(tx, actor, checked.value.fragment, change)));
  },
});
