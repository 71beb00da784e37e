/**
 * Muted users (the real server's zerver/lib/muted_users.py and
 * zerver/views/muted_users.py): whom a user muted and since when, and who
 * may be muted.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { State, User } from '../state.js';
import { emptyTable, entries, getRow, type Table } from '../tables/table.js';
import { canMuteBots } from './feature-levels.js';
import { accessUserForRead, selectUser } from './users.js';

export function selectMutedUsers(state: State, userId: number): Table<number, number> {
  return getRow(state.mutedUsersByUser, userId) ?? emptyTable();
}

/** Whether `userId` has muted `otherId`. */
export function hasMuted(state: State, userId: number, otherId: number): boolean {
  const muted = getRow(state.mutedUsersByUser, userId);
  return muted !== undefined && getRow(muted, otherId) !== undefined;
}

/** The user's mutes as the API lists them: `{id, timestamp}`, by user id. */
export function presentMutedUsers(state: State, userId: number): { id: number; timestamp: number }[] {
  return [...entries(selectMutedUsers(state, userId))].sort((a, b) => a[0] - b[0]).map(([id, timestamp]) => ({ id, timestamp }));
}

/**
 * A user that may be muted or unmuted (access_user_by_id_including_cross_realm
 * with bots and deactivated users allowed): any realm user the actor may
 * access, or one of the server's system bots.
 */
export function accessMutableUser(state: State, actor: User, userId: number): Checked<User> {
  const bot = state.systemBots.notificationBot;
  if (userId === bot.id) return canMuteBots(state) ? accept(bot) : reject(Errors.noSuchUser());
  const user = accessUserForRead(state, actor, selectUser(state, userId));
  return user.ok && user.value.botType !== null && !canMuteBots(state) ? reject(Errors.noSuchUser()) : user;
}

/** POST /users/me/muted_users/{id}: not oneself (checked before the user is looked up), someone accessible, not muted yet. */
export function checkCanMute(state: State, actor: User, userId: number): Checked<User> {
  if (userId === actor.id) return reject(Errors.cannotMuteSelf());
  const target = accessMutableUser(state, actor, userId);
  if (!target.ok) return target;
  if (hasMuted(state, actor.id, userId)) return reject(Errors.userAlreadyMuted());
  return target;
}

/** DELETE /users/me/muted_users/{id}: someone accessible whom the actor has muted. */
export function checkCanUnmute(state: State, actor: User, userId: number): Checked<User> {
  const target = accessMutableUser(state, actor, userId);
  if (!target.ok) return target;
  if (!hasMuted(state, actor.id, userId)) return reject(Errors.userNotMuted());
  return target;
}
