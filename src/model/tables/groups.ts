/** Writing user groups: the row and the name index change together, here and nowhere else. */
import type { Draft } from 'immer';
import type { State, UserGroup, WritableState } from '../state.js';
import { getRow, withIndexKey, withRow } from './table.js';

export function groupNameKey(name: string): string {
  return name.toLowerCase();
}

/** Inserts or replaces a group row, keeping the name index in step. */
export function putGroupMutably(draft: Draft<State> | WritableState, group: UserGroup): void {
  const state = draft as WritableState;
  const previous = getRow(state.groups, group.id);
  state.groups = withRow(state.groups, group.id, Object.freeze(group));
  state.groupIdByName = withIndexKey(state.groupIdByName, previous === undefined ? undefined : groupNameKey(previous.name), groupNameKey(group.name), group.id);
}

/**
 * The state as it would be with `group` written, outside any draft: later
 * steps of one request are checked against it. The name index is left as
 * it is, so use it only for changes that keep the name.
 */
export function withGroup(state: State, group: UserGroup): State {
  return { ...state, groups: withRow(state.groups, group.id, group) };
}
