import { z } from 'zod';
import { deactivateUser } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessBotById } from '../../rules/bots.js';

/** DELETE /bots/{bot_id} (deactivate_bot_backend): the bot's owner or an administrator; an already deactivated bot is left as it is. */
export const deactivateBot = defineEndpoint({
  operation: 'deactivate-bot',
  method: 'DELETE',
  path: '/bots/{bot_id}',
  pathParams: { bot_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessBotById(state, actor, path.bot_id);
    if (!access.ok) return fail(access.error);
    const bot = access.value;
    if (!bot.isActive) return succeed(state);
    return succeed(commit(state, now, (tx) => deactivateUser(tx, bot, { deleteProfile: false })));
  },
});
