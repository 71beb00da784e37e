import { z } from 'zod';
import { regenerateApiKey as regenerateApiKeyAction } from '../../actions/bots.js';
import { defineEndpoint } from '../../endpoint.js';
import { drawApiKey } from '../../entropy.js';
import { commit } from '../../events/commit.js';
import { succeed } from '../../outcome.js';

/** POST /users/me/api_key/regenerate (regenerate_api_key, human users only): a new key; the old one stops working at once. */
export const regenerateApiKey = defineEndpoint({
  operation: 'regenerate-api-key',
  method: 'POST',
  path: '/users/me/api_key/regenerate',
  auth: 'basic',
  allowBots: false,
  params: z.object({}),
  reduce(state, { actor, now, entropy }) {
    const apiKey = drawApiKey(entropy);
    return succeed(
      commit(state, now, (tx) => regenerateApiKeyAction(tx, actor, apiKey)),
      { api_key: apiKey },
    );
  },
});
