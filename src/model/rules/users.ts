/** Named rules about users: lookups that fail like the real server, and yes/no questions. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { State, User } from '../state.js';
import { getRow, hasRow, rows } from '../tables/table.js';
import { isAdministrator, isBot, isGuest, isModeratorOrAbove, isOwner } from './roles.js';
import { isDirectSystemGroupMember, SYSTEM_GROUPS } from './system-groups.js';

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

/** Whether the organization restricts which users guests may see (can_access_all_users_group is not role:everyone). */
export function isUserAccessRestricted(state: State): boolean {
  return state.realm.settings.groups.can_access_all_users_group !== state.systemGroupIds['role:everyone'];
}

/**
 * Whether the viewer sees every user. The setting holds role:everyone or
 * role:members only, so just guests of a restricted organization do not.
 */
export function canAccessAllUsers(state: State, viewer: User): boolean {
  return !isGuest(viewer) || !isUserAccessRestricted(state);
}

/** Whether the two share a channel subscription, counting only a target who is active (the real server's is_user_active). */
export function sharesSubscription(state: State, viewer: User, target: User): boolean {
  if (!target.isActive) return false;
  const mine = getRow(state.subscriptionsByUser, viewer.id);
  const theirs = getRow(state.subscriptionsByUser, target.id);
  if (mine === undefined || theirs === undefined) return false;
  const [smaller, larger] = mine.size <= theirs.size ? [mine, theirs] : [theirs, mine];
  for (const subscription of rows(smaller)) {
    if (hasRow(larger, subscription.channelId)) return true;
  }
  return false;
}

/**
 * Whether `viewer` may know `target` (the real server's check_can_access_user).
 * Bots and oneself are always accessible; when the organization limits
 * can_access_all_users_group to members, a guest sees only the users they
 * share a channel subscription (with an active target) or a one-to-one
 * conversation (active or not) with.
 */
export function canAccessUser(state: State, viewer: User, target: User): boolean {
  if (isBot(target) || viewer.id === target.id) return true;
  if (canAccessAllUsers(state, viewer)) return true;
  return sharesSubscription(state, viewer, target) || sharesDirectMessages(state, viewer, target);
}

export function sharesDirectMessages(state: State, viewer: User, target: User): boolean {
  const partners = getRow(state.directMessagePartnerIds, viewer.id);
  return partners !== undefined && hasRow(partners, target.id);
}

/** A user the viewer may read: unknown → "No such user"; known but inaccessible → "Insufficient permission", as GET /users/{id} answers. */
export function accessUserForRead(state: State, viewer: User, target: User | undefined): Checked<User> {
  if (!target) return reject(Errors.noSuchUser());
  if (!canAccessUser(state, viewer, target)) return reject(Errors.insufficientPermission());
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
export function accessUserForAdmin(state: State, actor: User, target: User | undefined, options: AdminAccessOptions): Checked<User> {
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

/** The ids of the groups the user is a direct member of: their role's system group and the user groups that list them, ascending. */
export function selectDirectGroupIds(state: State, user: User, now: number): number[] {
  const ids: number[] = [];
  for (const definition of SYSTEM_GROUPS) {
    if (isDirectSystemGroupMember(state, user, definition.name, now)) ids.push(state.systemGroupIds[definition.name]);
  }
  for (const group of rows(state.groups)) {
    if (!group.isSystemGroup && group.directMemberIds.includes(user.id)) ids.push(group.id);
  }
  return ids.sort((a, b) => a - b);
}

/** Active guests other than the user who share a channel subscription with them: the guests who know them through channels. */
export function selectGuestPeerIds(state: State, user: User): number[] {
  const ids = new Set<number>();
  const subscriptions = getRow(state.subscriptionsByUser, user.id);
  if (subscriptions === undefined) return [];
  for (const subscription of rows(subscriptions)) {
    const subscribers = getRow(state.subscriberIdsByChannel, subscription.channelId);
    if (subscribers === undefined) continue;
    for (const id of rows(subscribers)) {
      const peer = getRow(state.users, id);
      if (peer !== undefined && peer.id !== user.id && peer.isActive && isGuest(peer)) ids.add(peer.id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}
