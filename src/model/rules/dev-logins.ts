/**
 * The development server's password-less logins (zerver/views/development/
 * dev_login.py): on only where the server turned on its DevAuthBackend.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { State, User } from '../state.js';
import { rows } from '../tables/table.js';
import { isAdministrator, isBot } from './roles.js';

export function checkDevAuthEnabled(state: State): Checked<true> {
  return state.server.devAuthBackend ? accept(true) : reject(Errors.devAuthDisabled());
}

/** Byte order, as PostgreSQL's C collation orders the real server's `order_by("email")`. */
function byEmail(a: User, b: User): number {
  return a.deliveryEmail < b.deliveryEmail ? -1 : a.deliveryEmail > b.deliveryEmail ? 1 : 0;
}

/**
 * get_dev_users: the active humans, ordered by address, the "extrauser"
 * accounts last and at most ten of them.
 */
export function selectDevUsers(state: State): readonly User[] {
  const people = [...rows(state.users)].filter((user) => user.isActive && !isBot(user));
  const extra = (user: User) => user.deliveryEmail.startsWith('extrauser');
  return [...people.filter((user) => !extra(user)).sort(byEmail), ...people.filter(extra).sort(byEmail).slice(0, 10)];
}

/** dev_list_users splits them into administrators (owners included) and everyone else. */
export function partitionDevUsers(state: State): { readonly admins: readonly User[]; readonly others: readonly User[] } {
  const users = selectDevUsers(state);
  return { admins: users.filter(isAdministrator), others: users.filter((user) => !isAdministrator(user)) };
}
