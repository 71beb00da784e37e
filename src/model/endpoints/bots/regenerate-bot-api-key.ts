import { z } from 'zod';
import { regenerateApiKey } from '../../actions/bots.js';
import { defineEndpoint } from '../../endpoint.js';
import { drawApiKey } from '../../entropy.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessBotById } from '../../rules/bots.js';

/** POST /bots/{bot_id}/api_key/regenerate (regenerate_bot_api_key): a new key for a bot the caller administers. */
export const regenerateBotApiKey = defineEndpoint({
  operation: 'regenerate-bot-api-key',
  method: 'POST',
  path: '/bots/{bot_id}/api_key/regenerate',
  pathParams: { bot_id: 'int' },
  auth: 'basic',
  requiresMember: true,
  allowBots: false,
  params: z.object({}),
  reduce(state, { actor, path, now, entropy }) {
    const access = accessBotById(state, actor, path.bot_id);
    if (!access.ok) return fail(access.error);
    const apiKey = drawApiKey(entropy);
    return succeed(
      commit(state, now, (tx) => regenerateApiKey(tx, access.value, apiKey)),
      { api_key: apiKey },
    );
  },
});
