/** Rules shared by the key-fetch endpoints. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { State, User } from '../state.js';

/**
 * After the lookup: an unknown account fails like a wrong secret; then the
 * realm, then the account, are reported whatever the secret.
 */
export function checkAccountCanLogIn(state: State, user: User | undefined): Checked<User> {
  if (!user) return reject(Errors.authenticationFailed());
  if (state.realm.deactivated) return reject(Errors.realmDeactivated());
  if (!user.isActive) return reject(Errors.userDeactivated());
  return accept(user);
}
