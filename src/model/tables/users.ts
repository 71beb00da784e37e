/**
 * Writing users: the primary row and every index that depends on it change
 * together, here and nowhere else.
 */
import type { Draft } from 'immer';
import { nameKey } from '../rules/names.js';
import type { State, User } from '../state.js';
import { deleteRowMutably, getRow, setRowMutably, type Table } from './table.js';

function isActiveHumanOwner(user: User | undefined): boolean {
  return user !== undefined && user.isActive && user.botType === null && user.role === 100;
}

function addToListMutably<K extends string | number>(table: Table<K, readonly number[]>, key: K, id: number): void {
  const list = getRow(table, key) ?? [];
  if (!list.includes(id)) setRowMutably(table, key, [...list, id]);
}

function removeFromListMutably<K extends string | number>(table: Table<K, readonly number[]>, key: K, id: number): void {
  const list = getRow(table, key);
  if (list === undefined) return;
  const rest = list.filter((other) => other !== id);
  if (rest.length === 0) deleteRowMutably(table, key);
  else setRowMutably(table, key, rest);
}

/** Inserts or replaces a user row on a draft state, keeping the indexes in step. */
export function putUserMutably(draft: Draft<State> | State, user: User): void {
  const state = draft as State;
  const previous = getRow(state.users, user.id);
  setRowMutably(state.users, user.id, user);

  const newEmailKey = user.deliveryEmail.toLowerCase();
  const oldEmailKey = previous?.deliveryEmail.toLowerCase();
  if (oldEmailKey !== newEmailKey) {
    if (oldEmailKey !== undefined) deleteRowMutably(state.userIdByEmail, oldEmailKey);
    setRowMutably(state.userIdByEmail, newEmailKey, user.id);
  }

  const newNameKey = nameKey(user.fullName);
  const oldNameKey = previous === undefined ? undefined : nameKey(previous.fullName);
  if (oldNameKey !== newNameKey) {
    if (oldNameKey !== undefined) removeFromListMutably(state.userIdsByName, oldNameKey, user.id);
    addToListMutably(state.userIdsByName, newNameKey, user.id);
  }

  if (isActiveHumanOwner(previous) !== isActiveHumanOwner(user)) {
    const owners = (draft as { activeHumanOwnerIds: number[] }).activeHumanOwnerIds;
    if (isActiveHumanOwner(user)) {
      owners.push(user.id);
      owners.sort((a, b) => a - b);
    } else {
      owners.splice(owners.indexOf(user.id), 1);
    }
  }

  if (previous?.botOwnerId !== user.botOwnerId) {
    if (previous?.botOwnerId != null) removeFromListMutably(state.botIdsByOwner, previous.botOwnerId, user.id);
    if (user.botOwnerId !== null) addToListMutably(state.botIdsByOwner, user.botOwnerId, user.id);
  }
}
