import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentOwnBot } from '../../present/bots.js';
import { botsOwnedBy } from '../../rules/users.js';

/** GET /bots (get_bots_backend): the caller's active bots, oldest first, with their API keys. */
export const getBots = defineEndpoint({
  operation: 'get-bots',
  method: 'GET',
  path: '/bots',
  auth: 'basic',
  requiresMember: true,
  allowBots: false,
  params: z.object({}),
  reduce(state, { actor }) {
    const bots = botsOwnedBy(state, actor.id)
      .filter((bot) => bot.isActive)
      .sort((a, b) => a.dateCreated - b.dateCreated || a.id - b.id);
    return succeed(state, { bots: bots.map((bot) => presentOwnBot(state, bot)) });
  },
});
