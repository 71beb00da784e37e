/** The real server's rules for full names (check_full_name). */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { State } from '../state.js';
import { getRow } from '../tables/table.js';

export const MAX_NAME_LENGTH = 100;
export const MIN_NAME_LENGTH = 2;
const FORBIDDEN_CHARACTERS = /[*`\\>"@]/u;
const CONTROL_CHARACTERS = /\p{Cc}/u;
const TRAILING_ID = /\|\d+$/;

/** The key names are unique under, when the realm requires unique names. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export function checkFullName(state: State, rawName: string, renamingUserId?: number): Checked<string> {
  const name = rawName.trim();
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) return reject(Errors.nameTooLong());
  if (length < MIN_NAME_LENGTH) return reject(Errors.nameTooShort());
  if (FORBIDDEN_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(name)) {
    return reject(Errors.invalidNameCharacters());
  }
  if (TRAILING_ID.test(name)) return reject(Errors.invalidNameFormat());
  if (state.realm.settings.requireUniqueNames) {
    const holders = getRow(state.userIdsByName, nameKey(name)) ?? [];
    if (holders.some((id) => id !== renamingUserId)) {
      return reject(Errors.uniqueNamesRequired());
    }
  }
  return accept(name);
}
