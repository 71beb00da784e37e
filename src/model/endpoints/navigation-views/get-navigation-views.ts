import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentNavigationView } from '../../present/navigation-views.js';
import { selectNavigationViews } from '../../rules/navigation-views.js';

/** GET /navigation_views: the caller's views, in the order they were added. */
export const getNavigationViews = defineEndpoint({
  operation: 'get-navigation-views',
  method: 'GET',
  path: '/navigation_views',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    return succeed(state, { navigation_views: selectNavigationViews(state, actor).map(presentNavigationView) });
  },
});
