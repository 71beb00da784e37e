/**
 * The four membership changes of a group (add and remove users, add and
 * remove subgroups), each checked against the state as earlier steps of the
 * same request left it, and the sorted id lists they keep.
 */

import { changeGroupMembership, type MembershipOp, type MembershipStep } from '../../actions/groups.js';
import { type ApiError, Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { type Checked, fail, type Outcome, reject, succeed } from '../../outcome.js';
import { canChangeDeactivatedGroupMembership } from '../../rules/feature-levels.js';
import { selectRecursiveSubgroupIds } from '../../rules/group-membership.js';
import {
  accessUserGroupForUpdate,
  canAddMembers,
  canAddSubgroups,
  canJoinGroup,
  canLeaveGroup,
  canRemoveMembers,
  canRemoveSubgroups,
  checkActiveUserIds,
  checkPotentialSubgroupIds,
  type GroupPermission,
} from '../../rules/groups.js';
import { frozenAscendingIds, includesSorted } from '../../sorted-ids.js';
import type { State, User, UserGroup } from '../../state.js';
import { withGroup } from '../../tables/groups.js';

export function withIds(sorted: readonly number[], added: readonly number[]): readonly number[] {
  return frozenAscendingIds([...sorted, ...added]);
}

export function withoutIds(sorted: readonly number[], removed: readonly number[]): readonly number[] {
  const gone = new Set(removed);
  return Object.freeze(sorted.filter((id) => !gone.has(id)));
}

export interface Step {
  readonly state: State;
  readonly actor: User;
  readonly groupId: number;
  readonly now: number;
}

function access(step: Step, permission: GroupPermission): Checked<UserGroup> {
  const allowDeactivated = canChangeDeactivatedGroupMembership(step.state);
  return accessUserGroupForUpdate(step.state, step.actor, step.groupId, permission, step.now, { allowDeactivated });
}

/** Only oneself: the join/leave permission suffices. */
function isOnlySelf(step: Step, ids: readonly number[]): boolean {
  return ids.length === 1 && ids[0] === step.actor.id;
}

export function addMembers(step: Step, ids: readonly number[]): Checked<UserGroup> {
  const group = access(step, isOnlySelf(step, ids) ? canJoinGroup : canAddMembers);
  if (!group.ok) return group;
  const users = checkActiveUserIds(step.state, ids);
  if (!users.ok) return users;
  for (const userId of frozenAscendingIds(users.value)) {
    if (includesSorted(group.value.directMemberIds, userId)) {
      return reject(Errors.alreadyGroupMember(userId));
    }
  }
  return { ok: true, value: { ...group.value, directMemberIds: withIds(group.value.directMemberIds, users.value) } };
}

export function removeMembers(step: Step, ids: readonly number[]): Checked<UserGroup> {
  // The real server validates the users before the group here (the reverse of adding).
  const users = checkActiveUserIds(step.state, ids);
  if (!users.ok) return users;
  const group = access(step, isOnlySelf(step, ids) ? canLeaveGroup : canRemoveMembers);
  if (!group.ok) return group;
  for (const userId of ids) {
    if (!includesSorted(group.value.directMemberIds, userId)) {
      return reject(Errors.notGroupMember(userId));
    }
  }
  return { ok: true, value: { ...group.value, directMemberIds: withoutIds(group.value.directMemberIds, users.value) } };
}

export function addSubgroups(step: Step, ids: readonly number[]): Checked<UserGroup> {
  const group = access(step, canAddSubgroups);
  if (!group.ok) return group;
  const subgroups = checkPotentialSubgroupIds(step.state, ids);
  if (!subgroups.ok) return subgroups;
  for (const subgroupId of subgroups.value) {
    if (includesSorted(group.value.directSubgroupIds, subgroupId)) {
      return reject(Errors.alreadySubgroup(subgroupId));
    }
  }
  // A group is among its own recursive subgroups here, so adding a group to itself is a cycle too.
  const cycle = subgroups.value.some((subgroupId) => subgroupId === step.groupId || selectRecursiveSubgroupIds(step.state, subgroupId).has(step.groupId));
  if (cycle) return reject(Errors.subgroupCycle(step.groupId));
  return { ok: true, value: { ...group.value, directSubgroupIds: withIds(group.value.directSubgroupIds, subgroups.value) } };
}

export function removeSubgroups(step: Step, ids: readonly number[]): Checked<UserGroup> {
  const group = access(step, canRemoveSubgroups);
  if (!group.ok) return group;
  const subgroups = checkPotentialSubgroupIds(step.state, ids);
  if (!subgroups.ok) return subgroups;
  for (const subgroupId of subgroups.value) {
    if (!includesSorted(group.value.directSubgroupIds, subgroupId)) {
      return reject(Errors.notSubgroup(subgroupId));
    }
  }
  return { ok: true, value: { ...group.value, directSubgroupIds: withoutIds(group.value.directSubgroupIds, subgroups.value) } };
}

export type MembershipCheck = (step: Step, ids: readonly number[]) => Checked<UserGroup>;

export type MembershipOperation = readonly [MembershipOp, readonly number[] | undefined, MembershipCheck];

/**
 * Runs the non-empty operations in order, each checked against the state
 * the earlier ones leave, and returns the steps for the request's one commit.
 */
function planMembershipChange(
  state: State,
  actor: User,
  groupId: number,
  now: number,
  operations: readonly MembershipOperation[],
): Checked<readonly MembershipStep[]> {
  let step: Step = { state, actor, groupId, now };
  const planned: MembershipStep[] = [];
  for (const [op, ids, check] of operations) {
    if (ids === undefined || ids.length === 0) continue;
    const result = check(step, ids);
    if (!result.ok) return result;
    planned.push({ op, ids, base: step.state, group: result.value });
    step = { ...step, state: withGroup(step.state, result.value) };
  }
  if (planned.length === 0) throw new Error('planMembershipChange needs at least one operation');
  return { ok: true, value: planned };
}

/**
 * The body of both membership endpoints: `nothingToDo` when every id list is
 * empty; otherwise every step is checked, then one commit sends an event per step.
 */
export function changeMembership(
  state: State,
  actor: User,
  groupId: number,
  now: number,
  operations: readonly MembershipOperation[],
  nothingToDo: ApiError,
): Outcome {
  if (operations.every(([, ids]) => ids === undefined || ids.length === 0)) return fail(nothingToDo);
  const planned = planMembershipChange(state, actor, groupId, now, operations);
  if (!planned.ok) return fail(planned.error);
  const written = commit(state, now, (tx) => {
    for (const step of planned.value) changeGroupMembership(tx, step);
  });
  return succeed(written);
}
