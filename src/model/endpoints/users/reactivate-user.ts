import { z } from 'zod';
import { changeBotOwner } from '../../actions/bots.js';
import { reactivateUser as reactivateUserAction } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { canCreateBot, checkBotNameAvailable } from '../../rules/bots.js';
import { isBot } from '../../rules/roles.js';
import { accessUserForAdmin, selectUser } from '../../rules/users.js';

/**
 * POST /users/{user_id}/reactivate (reactivate_user_backend): an
 * administrator (or a bot's owner) brings back a deactivated user or bot.
 * A bot needs its reactivator to be allowed to create such a bot and its
 * name to be free; a bot whose owner is deactivated passes to the reactivator.
 */
export const reactivateUser = defineEndpoint({
  operation: 'reactivate-user',
  method: 'POST',
  path: '/users/{user_id}/reactivate',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessUserForAdmin(state, actor, selectUser(state, path.user_id), { allowBots: true, allowDeactivated: true });
    if (!access.ok) return fail(access.error);
    const target = access.value;
    if (target.isActive) return fail(Errors.userAlreadyActive());
    if (isBot(target)) {
      if (!canCreateBot(state, actor, target.botType ?? 1, now)) return fail(Errors.insufficientPermission());
      const free = checkBotNameAvailable(state, target.fullName, true);
      if (!free.ok) return fail(free.error);
    }
    const owner = target.botOwnerId === null ? undefined : selectUser(state, target.botOwnerId);
    const ownerGone = isBot(target) && owner !== undefined && !owner.isActive;
    return succeed(
      commit(state, now, (tx) => {
        const user = reactivateUserAction(tx, target);
        if (ownerGone) changeBotOwner(tx, user, owner, actor);
      }),
    );
  },
});
