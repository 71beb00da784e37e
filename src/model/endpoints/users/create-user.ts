import { z } from 'zod';
import { createUser as createUserAction } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { drawApiKey } from '../../entropy.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { makeSubscription, makeUser, pickSubscriptionColor } from '../../records.js';
import { isValidEmail } from '../../rules/emails.js';
import { checkFullName } from '../../rules/names.js';
import { isPasswordStrongEnough } from '../../rules/passwords.js';
import { withRealmUserDefaults } from '../../rules/realm-user-defaults.js';
import { ROLE_MEMBER } from '../../rules/roles.js';
import { canCreateUsers, selectUserByDeliveryEmail } from '../../rules/users.js';
import { hashPassword } from '../../secrets.js';
import type { State, Subscription } from '../../state.js';
import { getRow } from '../../tables/table.js';

/** A new user joins the organization's default channels (archived ones excepted). */
function defaultSubscriptions(state: State, userId: number): Subscription[] {
  const colors = new Set<string>();
  const subscriptions: Subscription[] = [];
  for (const channelId of state.defaultChannelIds) {
    const channel = getRow(state.channels, channelId);
    if (channel === undefined || channel.isArchived) continue;
    const color = pickSubscriptionColor(colors, channelId);
    colors.add(color);
    subscriptions.push(makeSubscription({ userId, channelId, color }));
  }
  return subscriptions;
}

/** POST /users: an administrator with can_create_users makes a member account. */
export const createUser = defineEndpoint({
  operation: 'create-user',
  method: 'POST',
  path: '/users',
  auth: 'basic',
  allowBots: true,
  requiresAdministrator: true,
  params: z.object({ email: z.string(), password: z.string(), full_name: z.string() }),
  reduce(state, { actor, params, now, entropy }) {
    if (!canCreateUsers(actor)) return fail(Errors.cannotCreateUsers());
    const fullName = checkFullName(state, params.full_name);
    if (!fullName.ok) return fail(fullName.error);
    const email = params.email.trim();
    if (!isValidEmail(email)) return fail(Errors.badNameOrUsername());
    if (selectUserByDeliveryEmail(state, email)) return fail(Errors.emailInUse(email));
    if (!isPasswordStrongEnough(params.password)) return fail(Errors.passwordTooWeak());

    const userId = state.counters.nextUserId;
    const user = withRealmUserDefaults(
      state,
      makeUser({
        id: userId,
        deliveryEmail: email,
        fullName: fullName.value,
        role: ROLE_MEMBER,
        apiKey: drawApiKey(entropy),
        passwordHash: hashPassword(params.password, entropy.take(16)),
        dateCreated: Math.floor(now),
        joinedByFirstLogin: true,
      }),
    );
    const subscriptions = defaultSubscriptions(state, userId);
    return succeed(
      commit(state, now, (tx) => createUserAction(tx, user, subscriptions)),
      { user_id: userId },
    );
  },
});
