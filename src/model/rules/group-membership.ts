/**
 * Who is in a group or a group-setting value. Membership is transitive
 * through subgroups; system groups answer by role (rules/system-groups.ts).
 */
import { includesSorted } from '../sorted-ids.js';
import type { GroupSettingValue, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { isSystemGroupMember, systemGroupNameOf } from './system-groups.js';

/** Whether the user is in the group, directly or through any depth of subgroups. */
export function isUserInGroup(state: State, user: User, groupId: number, now: number, seen: Set<number> = new Set()): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const group = getRow(state.groups, groupId);
  if (group === undefined) return false;
  if (group.isSystemGroup) {
    const name = systemGroupNameOf(state, groupId);
    return name !== undefined && isSystemGroupMember(state, user, name, now);
  }
  if (includesSorted(group.directMemberIds, user.id)) return true;
  return group.directSubgroupIds.some((subgroupId) => isUserInGroup(state, user, subgroupId, now, seen));
}

/** Whether the user is in the group-setting value (a group id or an anonymous group). */
export function isUserInGroupSetting(state: State, user: User, value: GroupSettingValue, now: number): boolean {
  if (typeof value === 'number') return isUserInGroup(state, user, value, now);
  if (includesSorted(value.directMembers, user.id)) return true;
  const seen = new Set<number>();
  return value.directSubgroups.some((groupId) => isUserInGroup(state, user, groupId, now, seen));
}

/** Every group reachable downwards from `groupId` (its subgroups, their subgroups, …), not including itself. */
export function selectRecursiveSubgroupIds(state: State, groupId: number): Set<number> {
  const found = new Set<number>();
  const pending = [...(getRow(state.groups, groupId)?.directSubgroupIds ?? [])];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(getRow(state.groups, id)?.directSubgroupIds ?? []));
  }
  return found;
}

/** The groups and every group that holds one of them, at any depth (their recursive supergroups). */
export function selectGroupsAndSupergroupIds(state: State, groupIds: readonly number[]): Set<number> {
  const supergroupsOf = new Map<number, number[]>();
  for (const group of rows(state.groups)) {
    for (const subgroupId of group.directSubgroupIds) {
      const holders = supergroupsOf.get(subgroupId);
      if (holders === undefined) supergroupsOf.set(subgroupId, [group.id]);
      else holders.push(group.id);
    }
  }
  const found = new Set<number>();
  const pending = [...groupIds];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(supergroupsOf.get(id) ?? []));
  }
  return found;
}
