import { z } from 'zod';
import { deactivateUser } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { botsOwnedBy, isOnlyActiveOwner } from '../../rules/users.js';
import type { State, User } from '../../state.js';
import { rows } from '../../tables/table.js';

/** Whether anyone but `user` is active; stops at the first found (the realm's owner usually is). */
function hasOtherActiveUser(state: State, user: User): boolean {
  for (const other of rows(state.users)) if (other.isActive && other.id !== user.id) return true;
  return false;
}

/**
 * DELETE /users/me (deactivate_user_own_backend): the caller deactivates
 * their own account and then their bots (CANNOT_DEACTIVATE_LAST_USER for
 * the realm's only active user or only owner).
 */
export const deactivateOwnUser = defineEndpoint({
  operation: 'deactivate-own-user',
  method: 'DELETE',
  path: '/users/me',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, now }) {
    // Only an owner can be the last active user (a realm keeps an active owner), so others skip the pass over users.
    if (isOnlyActiveOwner(state, actor)) return fail(Errors.cannotDeactivateLastUser(hasOtherActiveUser(state, actor)));
    const bots = botsOwnedBy(state, actor.id).filter((bot) => bot.isActive);
    return succeed(
      commit(state, now, (tx) => {
        // Bots first, as the real server does.
        for (const user of [...bots, actor]) deactivateUser(tx, user, { deleteProfile: false });
      }),
    );
  },
});
