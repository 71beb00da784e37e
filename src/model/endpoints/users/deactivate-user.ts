import type { Draft } from 'immer';
import { z } from 'zod';
import { deactivateUser as deactivateUserAction } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { isOwner } from '../../rules/roles.js';
import { accessUserForAdmin, botsOwnedBy, isOnlyActiveOwner, selectUser } from '../../rules/users.js';
import type { State, User } from '../../state.js';
import { withRow } from '../../tables/table.js';

export { DELETED_USER_NAME } from '../../actions/users.js';
export const MAX_DEACTIVATION_COMMENT = 2000;

const deactivationActions = z.strictObject({
  delete_profile: z.boolean().optional(),
  delete_public_channel_messages: z.boolean().optional(),
  delete_private_channel_messages: z.boolean().optional(),
  delete_direct_messages: z.boolean().optional(),
});

type DeactivationActions = z.output<typeof deactivationActions>;

function anyAction(actions: DeactivationActions): boolean {
  return Object.values(actions).some((value) => value === true);
}

function notificationBody(state: State, comment: string): string {
  const lines = [`Your account in ${state.realm.name} (${state.realm.host}) was deactivated; you can no longer log in.`];
  if (comment !== '') lines.push('', 'Comment from the administrators:', comment);
  return lines.join('\n');
}

/**
 * DELETE /users/{user_id}: deactivates a human user, their bots first. On an
 * already deactivated user, only a data-deletion action is meaningful (the
 * spec's "user deactivated → profile deleted" transition).
 */
export const deactivateUser = defineEndpoint({
  operation: 'deactivate-user',
  method: 'DELETE',
  path: '/users/{user_id}',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: z.object({
    actions: wire.json(deactivationActions).default({}),
    deactivation_notification_comment: maxChars(MAX_DEACTIVATION_COMMENT).optional(),
  }),
  reduce(state, { actor, params, path, now }) {
    const { actions } = params;
    const access = accessUserForAdmin(state, actor, selectUser(state, path.user_id), {
      allowBots: false,
      allowDeactivated: anyAction(actions),
    });
    if (!access.ok) return fail(access.error);
    const target = access.value;
    if (isOwner(target) && !isOwner(actor)) return fail(Errors.mustBe('owner'));
    if (isOnlyActiveOwner(state, target)) return fail(Errors.cannotDeactivateOnlyOwner());

    const bots = botsOwnedBy(state, target.id).filter((bot) => bot.isActive || anyAction(actions));
    const comment = params.deactivation_notification_comment?.trim();
    const notify = comment !== undefined && target.isActive;
    const deactivation = { deleteProfile: actions.delete_profile === true };
    return succeed(
      commit(state, now, (tx) => {
        // Bots first, as the real server does: their events come before their owner's.
        for (const user of [...bots, target]) deactivateUserAction(tx, user, deactivation);
        if (notify) recordNotificationMutably(tx.draft, state, target, comment, now);
      }),
    );
  },
});

function recordNotificationMutably(draft: Draft<State>, state: State, target: User, comment: string, now: number): void {
  const id = draft.counters.nextEmailId;
  draft.counters.nextEmailId += 1;
  draft.outbox = withRow(draft.outbox as State['outbox'], id, {
    id,
    to: target.deliveryEmail,
    template: 'user_deactivated',
    subject: `Notification of account deactivation on ${state.realm.name}`,
    body: notificationBody(state, comment),
    sentAt: Math.floor(now),
  }) as Draft<State>['outbox'];
}
