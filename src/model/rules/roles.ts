/** Named rules about roles. Every function is a pure question about records. */
import type { Role, User } from '../state.js';

export const ROLE_OWNER = 100;
export const ROLE_ADMINISTRATOR = 200;
export const ROLE_MODERATOR = 300;
export const ROLE_MEMBER = 400;
export const ROLE_GUEST = 600;

/** Each role's name, as the real server's settings pages call it. */
export const ROLE_NAMES = { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' } as const satisfies Record<Role, string>;

export function isOwner(user: User): boolean {
  return user.role === ROLE_OWNER;
}

/** Owners are administrators too. */
export function isAdministrator(user: User): boolean {
  return user.role <= ROLE_ADMINISTRATOR;
}

export function isModeratorOrAbove(user: User): boolean {
  return user.role <= ROLE_MODERATOR;
}

export function isGuest(user: User): boolean {
  return user.role === ROLE_GUEST;
}

export function isBot(user: User): boolean {
  return user.botType !== null;
}

export function roleIsAdministrative(role: Role): boolean {
  return role <= ROLE_ADMINISTRATOR;
}

/** Granting or taking away the owner role needs an owner. */
export function roleChangeTouchesOwner(from: Role, to: Role): boolean {
  return from !== to && (from === ROLE_OWNER || to === ROLE_OWNER);
}

/** Spec (PATCH /users): a guest may not be made an administrator (or owner) directly. */
export function isGuestPromotionToAdministrator(from: Role, to: Role): boolean {
  return from === ROLE_GUEST && roleIsAdministrative(to);
}
