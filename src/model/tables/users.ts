/**
 * Writing users: the primary row and every index that depends on it change
 * together, here and nowhere else. Works on an immer draft (inside the
 * reducer's produce) or on a State under construction.
 */
import type { Draft } from 'immer';
import { nameKey } from '../rules/names.js';
import { isBot, isOwner } from '../rules/roles.js';
import type { State, User, WritableState } from '../state.js';
import { emptyTable, getRow, type Table, withIndexKey, withoutRow, withRow } from './table.js';

function isActiveHumanOwner(user: User | undefined): boolean {
  return user !== undefined && user.isActive && !isBot(user) && isOwner(user);
}

function withListMember<K extends string | number>(table: Table<K, readonly number[]>, key: K, id: number): Table<K, readonly number[]> {
  const list = getRow(table, key) ?? [];
  return list.includes(id) ? table : withRow(table, key, Object.freeze([...list, id]));
}

function withoutListMember<K extends string | number>(table: Table<K, readonly number[]>, key: K, id: number): Table<K, readonly number[]> {
  const list = getRow(table, key);
  if (list === undefined) return table;
  const rest = list.filter((other) => other !== id);
  return rest.length === 0 ? withoutRow(table, key) : withRow(table, key, Object.freeze(rest));
}

/** Inserts or replaces a user row, keeping the indexes in step. */
export function putUserMutably(draft: Draft<State> | WritableState, user: User): void {
  const state = draft as WritableState;
  const previous = getRow(state.users, user.id);
  state.users = withRow(state.users, user.id, Object.freeze(user));

  state.userIdByEmail = withIndexKey(state.userIdByEmail, previous?.deliveryEmail.toLowerCase(), user.deliveryEmail.toLowerCase(), user.id);

  if (previous?.fullName !== user.fullName) {
    const newNameKey = nameKey(user.fullName);
    const oldNameKey = previous === undefined ? undefined : nameKey(previous.fullName);
    if (oldNameKey !== newNameKey) {
      if (oldNameKey !== undefined) state.userIdsByName = withoutListMember(state.userIdsByName, oldNameKey, user.id);
      state.userIdsByName = withListMember(state.userIdsByName, newNameKey, user.id);
    }
  }

  if (isActiveHumanOwner(previous) !== isActiveHumanOwner(user)) {
    const owners = state.activeHumanOwnerIds.filter((id) => id !== user.id);
    if (isActiveHumanOwner(user)) owners.push(user.id);
    state.activeHumanOwnerIds = Object.freeze(owners.sort((a, b) => a - b));
  }

  if (previous?.botOwnerId !== user.botOwnerId) {
    if (previous?.botOwnerId != null) state.botIdsByOwner = withoutListMember(state.botIdsByOwner, previous.botOwnerId, user.id);
    if (user.botOwnerId !== null) state.botIdsByOwner = withListMember(state.botIdsByOwner, user.botOwnerId, user.id);
  }

  if (previous?.profileData !== user.profileData) indexProfileValueHolder(state, user.id, previous?.profileData ?? {}, user.profileData);
}

/** Keeps field id → holders in step with one user's values (a field deletion visits only its holders). */
function indexProfileValueHolder(state: WritableState, userId: number, before: User['profileData'], after: User['profileData']): void {
  for (const fieldId of Object.keys(before)) {
    if (Object.hasOwn(after, fieldId)) continue;
    const holders = getRow(state.profileValueHolderIds, Number(fieldId));
    if (holders === undefined) continue;
    const rest = withoutRow(holders, userId);
    state.profileValueHolderIds =
      rest.size === 0 ? withoutRow(state.profileValueHolderIds, Number(fieldId)) : withRow(state.profileValueHolderIds, Number(fieldId), rest);
  }
  for (const fieldId of Object.keys(after)) {
    if (Object.hasOwn(before, fieldId)) continue;
    const holders = getRow(state.profileValueHolderIds, Number(fieldId)) ?? emptyTable<number, number>();
    state.profileValueHolderIds = withRow(state.profileValueHolderIds, Number(fieldId), withRow(holders, userId, userId));
  }
}
