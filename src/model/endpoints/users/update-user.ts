import { produce } from 'immer';
import { z } from 'zod';
import { defineEndpoint, type AuthenticatedContext } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed, type Outcome } from '../../outcome.js';
import { profileDataEntries, roleParam } from '../../params/common.js';
import { isValidEmail } from '../../rules/emails.js';
import { checkFullName } from '../../rules/names.js';
import { checkProfileDataChanges } from '../../rules/profile-fields.js';
import { isAdministrator, isGuestPromotionToAdministrator, isOwner, roleChangeTouchesOwner } from '../../rules/roles.js';
import { accessUserForAdmin, canChangeUserEmails, isOnlyActiveOwner, selectUser, selectUserByDeliveryEmail } from '../../rules/users.js';
import type { State, User } from '../../state.js';
import { putUserMutably } from '../../tables/users.js';

export const updateUserParams = z.object({
  full_name: z.string().optional(),
  role: roleParam.optional(),
  profile_data: profileDataEntries.optional(),
  new_email: z.string().optional(),
});

type UpdateUserParams = z.output<typeof updateUserParams>;

/**
 * The shared body of PATCH /users/{user_id} and PATCH /users/{email}: every
 * rule is checked before anything changes, so a failed request changes nothing.
 */
export function updateUserReducer(state: State, ctx: AuthenticatedContext<UpdateUserParams>, found: User | undefined): Outcome {
  const { actor, params } = ctx;
  const access = accessUserForAdmin(state, actor, found, { allowBots: true, allowDeactivated: true });
  if (!access.ok) return fail(access.error);
  const target = access.value;
  let next: User = target;

  if (params.role !== undefined && params.role !== target.role) {
    if (roleChangeTouchesOwner(target.role, params.role) && !isOwner(actor)) return fail(Errors.mustBe('owner'));
    if (!isAdministrator(actor)) return fail(Errors.mustBe('administrator'));
    if (isOnlyActiveOwner(state, target)) {
      return fail(Errors.badRequest('The owner permission cannot be removed from the only organization owner.'));
    }
    if (isGuestPromotionToAdministrator(target.role, params.role)) {
      return fail(Errors.badRequest('Guests cannot be organization administrators'));
    }
    next = { ...next, role: params.role };
  }

  // A blank name is silently ignored, as the real server does.
  if (params.full_name !== undefined && params.full_name.trim() !== '' && params.full_name !== target.fullName) {
    const name = checkFullName(state, params.full_name, target.id);
    if (!name.ok) return fail(name.error);
    next = { ...next, fullName: name.value };
  }

  if (params.profile_data !== undefined) {
    const profileData = checkProfileDataChanges(state, actor, target, params.profile_data);
    if (!profileData.ok) return fail(profileData.error);
    next = { ...next, profileData: profileData.value };
  }

  if (params.new_email !== undefined) {
    if (!isOwner(actor)) return fail(Errors.mustBe('owner'));
    if (!canChangeUserEmails(actor)) return fail(Errors.badRequest('User not authorized to change user emails'));
    const email = params.new_email.trim();
    if (!isValidEmail(email)) return fail(Errors.invalidEmailAddress());
    const holder = selectUserByDeliveryEmail(state, email);
    if (holder && holder.id !== target.id) return fail(Errors.badRequest(`Email '${email}' already in use`));
    next = { ...next, deliveryEmail: email };
  }

  if (next === target) return succeed(state);
  return succeed(
    produce(state, (draft) => {
      putUserMutably(draft, next);
    }),
  );
}

/** PATCH /users/{user_id}: role, name, profile data and address, by administrators (or a bot's owner). */
export const updateUser = defineEndpoint({
  operation: 'update-user',
  method: 'PATCH',
  path: '/users/{user_id}',
  pathParams: { user_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: updateUserParams,
  reduce(state, ctx) {
    return updateUserReducer(state, ctx, selectUser(state, ctx.path['user_id'] as number));
  },
});
