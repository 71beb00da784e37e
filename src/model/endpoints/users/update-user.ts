import { z } from 'zod';
import { changeDeliveryEmail, changeFullName, changeProfileData, changeUserRole } from '../../actions/users.js';
import { type AuthenticatedContext, defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, type Outcome, succeed } from '../../outcome.js';
import { profileDataEntries, roleParam } from '../../params/common.js';
import { isValidEmail } from '../../rules/emails.js';
import { checkFullName } from '../../rules/names.js';
import { checkProfileDataChanges, isRemoval } from '../../rules/profile-fields.js';
import { isAdministrator, isGuestPromotionToAdministrator, isOwner, roleChangeTouchesOwner } from '../../rules/roles.js';
import { accessUserForAdmin, canChangeUserEmails, isOnlyActiveOwner, selectUser, selectUserByDeliveryEmail } from '../../rules/users.js';
import type { Role, State, User } from '../../state.js';

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
  let role: Role | undefined;
  let fullName: string | undefined;
  let profileData: User['profileData'] | undefined;
  let deliveryEmail: string | undefined;

  if (params.role !== undefined && params.role !== target.role) {
    if (roleChangeTouchesOwner(target.role, params.role) && !isOwner(actor)) return fail(Errors.mustBe('owner'));
    if (!isAdministrator(actor)) return fail(Errors.mustBe('administrator'));
    if (isOnlyActiveOwner(state, target)) {
      return fail(Errors.cannotRemoveOnlyOwner());
    }
    if (isGuestPromotionToAdministrator(target.role, params.role)) {
      return fail(Errors.guestCannotBeAdministrator());
    }
    role = params.role;
  }

  // A blank name is silently ignored, as the real server does.
  if (params.full_name !== undefined && params.full_name.trim() !== '' && params.full_name !== target.fullName) {
    const name = checkFullName(state, params.full_name, target.id);
    if (!name.ok) return fail(name.error);
    fullName = name.value;
  }

  if (params.profile_data !== undefined) {
    const checked = checkProfileDataChanges(state, actor, target, params.profile_data);
    if (!checked.ok) return fail(checked.error);
    profileData = checked.value;
  }

  if (params.new_email !== undefined) {
    if (!isOwner(actor)) return fail(Errors.mustBe('owner'));
    if (!canChangeUserEmails(actor)) return fail(Errors.cannotChangeUserEmails());
    const email = params.new_email.trim();
    if (!isValidEmail(email)) return fail(Errors.invalidEmailAddress());
    const holder = selectUserByDeliveryEmail(state, email);
    if (holder && holder.id !== target.id) return fail(Errors.emailInUse(email));
    if (email !== target.deliveryEmail) deliveryEmail = email;
  }

  if (role === undefined && fullName === undefined && profileData === undefined && deliveryEmail === undefined) return succeed(state);
  // The real server's order: role, name, profile values (removals first), address.
  const entries = params.profile_data ?? [];
  const fieldOrder = [...entries.filter((entry) => isRemoval(entry.value)), ...entries.filter((entry) => !isRemoval(entry.value))].map((entry) => entry.id);
  return succeed(
    commit(state, ctx.now, (tx) => {
      let user = target;
      if (role !== undefined) user = changeUserRole(tx, user, role);
      if (fullName !== undefined) user = changeFullName(tx, user, fullName);
      if (profileData !== undefined) user = changeProfileData(tx, user, profileData, fieldOrder);
      if (deliveryEmail !== undefined) changeDeliveryEmail(tx, user, deliveryEmail);
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
    return updateUserReducer(state, ctx, selectUser(state, ctx.path.user_id));
  },
});
