import { z } from 'zod';
import { addNavigationView as add } from '../../actions/navigation-views.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkNewNavigationView } from '../../rules/navigation-views.js';
import { viewText } from './params.js';

/** POST /navigation_views: a setting for a built-in view (no name) or a named view of the caller's own. */
export const addNavigationView = defineEndpoint({
  operation: 'add-navigation-view',
  method: 'POST',
  path: '/navigation_views',
  auth: 'basic',
  params: z.object({
    fragment: viewText(),
    is_pinned: wire.bool(),
    name: viewText().optional(),
  }),
  reduce(state, { actor, params, now }) {
    const checked = checkNewNavigationView(state, actor, params.fragment, params.name);
    if (!checked.ok) return fail(checked.error);
    const view = { fragment: params.fragment, isPinned: params.is_pinned, name: params.name ?? null };
    return succeed(commit(state, now, (tx) => add(tx, actor, view)));
  },
});
