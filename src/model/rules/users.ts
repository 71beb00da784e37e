/** Named rules about users: lookups that fail like the real server, and yes/no questions. */
import { Errors } from '../errors.js';
import { accept, reject, type Checked } from '../outcome.js';
import type { State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { isAdministrator, isBot, isGuest, isModeratorOrAbove, isOwner } from './roles.js';

export function selectUser(state: State, userId: number): User | undefined {
  return Number.isSafeInteger(userId) ? getRow(state.users, userId) : undefined;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function selectUserByDeliveryEmail(state: State, email: string): User | undefined {
  const id = getRow(state.userIdByEmail, normalizeEmail(email));
  return id === undefined ? undefined : getRow(state.users, id);
}

/** The placeholder address shown when the real one is hidden. */
export function placeholderEmail(state: State, user: User): string {
  return `user${user.id}@${state.realm.host}`;
}

/** Whether `viewer` may see `target`'s real address (delivery_email). */
export function canSeeDeliveryEmail(viewer: User | null, target: User): boolean {
  if (isBot(target)) return true;
  if (viewer === null) return false;
  if (viewer.id === target.id) return true;
  switch (target.emailAddressVisibility) {
    case 1:
      return true;
    case 2:
      return !isGuest(viewer);
    case 3:
      return isAdministrator(viewer);
    case 4:
      return false;
    case 5:
      return isModeratorOrAbove(viewer);
  }
}

/** The API email: real only when everyone may see it (always for bots). */
export function apiEmail(state: State, target: User): string {
  return isBot(target) || target.emailAddressVisibility === 1 ? target.deliveryEmail : placeholderEmail(state, target);
}

/**
 * Lookup by address as the real server does it: the placeholder address works
 * for everyone, a real address only where the viewer may see it.
 */
export function selectUserByVisibleEmail(state: State, viewer: User, email: string): User | undefined {
  const placeholder = /^user([0-9]+)@(.+)$/i.exec(email.trim());
  if (placeholder && placeholder[2]!.toLowerCase() === state.realm.host.toLowerCase()) {
    const byId = selectUser(state, Number(placeholder[1]));
    if (byId) return byId;
  }
  const byEmail = selectUserByDeliveryEmail(state, email);
  return byEmail && canSeeDeliveryEmail(viewer, byEmail) ? byEmail : undefined;
}

/**
 * Whether `viewer` may know that `target` exists. Every member may see every
 * user until the realm restricts guests (can_access_all_users_group), which
 * comes with the organization-settings work.
 */
export function canAccessUser(_state: State, _viewer: User, _target: User): boolean {
  return true;
}

/** A user the viewer may read: unknown and inaccessible both answer "No such user". */
export function accessUserForRead(state: State, viewer: User, target: User | undefined): Checked<User> {
  if (!target || !canAccessUser(state, viewer, target)) return reject(Errors.noSuchUser());
  return accept(target);
}

export interface AdminAccessOptions {
  readonly allowBots: boolean;
  readonly allowDeactivated: boolean;
}

/**
 * A target for an administrative change (the real server's access_user_by_id
 * with for_admin): administrators may act on anyone, a bot's owner on the bot.
 */
export function accessUserForAdmin(
  state: State,
  actor: User,
  target: User | undefined,
  options: AdminAccessOptions,
): Checked<User> {
  if (!target) return reject(Errors.noSuchUser());
  if (isBot(target) && !options.allowBots) return reject(Errors.noSuchUser());
  if (!target.isActive && !options.allowDeactivated) return reject(Errors.userIsDeactivated());
  if (isAdministrator(actor)) return accept(target);
  if (isBot(target) && target.botOwnerId === actor.id) return accept(target);
  return reject(Errors.insufficientPermission());
}

/** Active human owners: the realm always keeps at least one. */
export function activeHumanOwnerIds(state: State): readonly number[] {
  return state.activeHumanOwnerIds;
}

export function isOnlyActiveOwner(state: State, user: User): boolean {
  const owners = activeHumanOwnerIds(state);
  return isOwner(user) && user.isActive && !isBot(user) && owners.length === 1 && owners[0] === user.id;
}

/** Whether `actor` may create users: an administrator holding the can_create_users special permission. */
export function canCreateUsers(actor: User): boolean {
  return isAdministrator(actor) && actor.canCreateUsers;
}

/** Whether `actor` may change other users' addresses: an owner holding can_change_user_emails. */
export function canChangeUserEmails(actor: User): boolean {
  return isOwner(actor) && actor.canChangeUserEmails;
}

export function botsOwnedBy(state: State, ownerId: number): readonly User[] {
  const ids = getRow(state.botIdsByOwner, ownerId) ?? [];
  return ids.map((id) => getRow(state.users, id)).filter((bot): bot is User => bot !== undefined);
}
