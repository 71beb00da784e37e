import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';

/**
 * POST /users/me/tutorial_status (below feature level 282, where the real
 * server removed it for onboarding_steps): marks the web tutorial started
 * or finished. chatref keeps no tutorial state, so it only answers success.
 */
export const fl282TutorialStatus = defineEndpoint({
  operation: 'fl282-set-tutorial-status',
  method: 'POST',
  path: '/users/me/tutorial_status',
  auth: 'basic',
  params: z.object({ status: z.string() }),
  reduce(state) {
    return succeed(state);
  },
});
