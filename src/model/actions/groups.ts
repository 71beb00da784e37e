/**
 * Actions on user groups, after the real server's zerver/actions/user_groups.py:
 * each writes the group and emits the user_group events, which every active
 * user receives, then the channel events for users whose access to a
 * private channel the change moved.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { type CapabilityFilter, keepingDeactivatedGroups } from '../events/event.js';
import { presentChannel } from '../present/channel.js';
import { selectSubscriberIds } from '../present/subscription.js';
import { presentUserGroup } from '../present/user-group.js';
import { canAccessChannelMetadata } from '../rules/channels.js';
import { selectGroupsAndSupergroupIds } from '../rules/group-membership.js';
import { presentGroupSetting } from '../rules/group-settings.js';
import { selectPrivateChannelsUsingGroups } from '../rules/groups.js';
import { ROLE_MEMBER } from '../rules/roles.js';
import { isDirectSystemGroupMember, isFullMember } from '../rules/system-groups.js';
import { ascendingIds } from '../sorted-ids.js';
import type { GroupSettingValue, State, SystemGroupName, User, UserGroup, UserGroupSettingName } from '../state.js';
import { putGroupMutably, withGroup } from '../tables/groups.js';
import { getRow, rows } from '../tables/table.js';
import { streamDeleteEvent } from './stream-events.js';

function emitGroupUpdate(tx: Tx, groupId: number, data: Record<string, unknown>, capability?: CapabilityFilter): void {
  tx.emit({ type: 'user_group', op: 'update', group_id: groupId, data }, Audiences.everyone(), capability);
}

/**
 * POST /user_groups/create: the add event shows the group as register does,
 * but without subgroups; they follow in an add_subgroups event, as the real
 * server adds them in a second step.
 */
export function addUserGroup(tx: Tx, group: UserGroup): void {
  tx.draft.counters.nextGroupId += 1;
  putGroupMutably(tx.draft, group);
  const withoutSubgroups = { ...group, directSubgroupIds: [] };
  tx.emit({ type: 'user_group', op: 'add', group: presentUserGroup(tx.before, withoutSubgroups, tx.now) }, Audiences.everyone());
  if (group.directSubgroupIds.length > 0) emitMembershipEvent(tx, 'add_subgroups', group.id, group.directSubgroupIds);
}

/** A rename of a deactivated group reaches only the queues that keep deactivated groups. */
export function renameGroup(tx: Tx, group: UserGroup, name: string): UserGroup {
  const renamed = { ...group, name };
  putGroupMutably(tx.draft, renamed);
  emitGroupUpdate(tx, group.id, { name }, group.deactivated ? keepingDeactivatedGroups(true) : undefined);
  return renamed;
}

export function changeGroupDescription(tx: Tx, group: UserGroup, description: string): UserGroup {
  const described = { ...group, description };
  putGroupMutably(tx.draft, described);
  emitGroupUpdate(tx, group.id, { description });
  return described;
}

export function changeGroupSetting(tx: Tx, group: UserGroup, setting: UserGroupSettingName, value: GroupSettingValue): UserGroup {
  const changed = { ...group, settings: { ...group.settings, [setting]: value } };
  putGroupMutably(tx.draft, changed);
  emitGroupUpdate(tx, group.id, { [setting]: presentGroupSetting(tx.before, value) });
  return changed;
}

/** Queues that keep deactivated groups learn the flag; the others lose the group. */
export function deactivateGroup(tx: Tx, group: UserGroup): void {
  putGroupMutably(tx.draft, { ...group, deactivated: true });
  emitGroupUpdate(tx, group.id, { deactivated: true }, keepingDeactivatedGroups(true));
  tx.emit({ type: 'user_group', op: 'remove', group_id: group.id }, Audiences.everyone(), keepingDeactivatedGroups(false));
}

/** Queues that keep deactivated groups learn the flag; the others get the whole group back. */
export function reactivateGroup(tx: Tx, group: UserGroup): UserGroup {
  const reactivated = { ...group, deactivated: false };
  putGroupMutably(tx.draft, reactivated);
  emitGroupUpdate(tx, group.id, { deactivated: false }, keepingDeactivatedGroups(true));
  tx.emit({ type: 'user_group', op: 'add', group: presentUserGroup(tx.before, reactivated, tx.now) }, Audiences.everyone(), keepingDeactivatedGroups(false));
  return reactivated;
}

export type MembershipOp = 'add_members' | 'remove_members' | 'add_subgroups' | 'remove_subgroups';

/** One step of a membership request: the users or subgroups it names, and the group before and after it. */
export interface MembershipStep {
  readonly op: MembershipOp;
  readonly ids: readonly number[];
  /** The state the step starts from: tx.before, or as the earlier steps of the request left it. */
  readonly base: State;
  readonly group: UserGroup;
}

/**
 * The user_group event of a membership change, and nothing else. System
 * groups, whose members follow from roles, change through this alone
 * (the users actions may call it for role changes and deactivation).
 */
export function emitMembershipEvent(tx: Tx, op: MembershipOp, groupId: number, ids: readonly number[]): void {
  const key = op === 'add_members' || op === 'remove_members' ? 'user_ids' : 'direct_subgroup_ids';
  tx.emit({ type: 'user_group', op, group_id: groupId, [key]: ascendingIds(ids) }, Audiences.everyone());
}

export function changeGroupMembership(tx: Tx, step: MembershipStep): void {
  putGroupMutably(tx.draft, step.group);
  emitMembershipEvent(tx, step.op, step.group.id, step.ids);
  const touched = step.op === 'add_members' || step.op === 'remove_members' ? step.ids : 'all';
  announceChannelAccessChanges(tx, step.base, withGroup(step.base, step.group), [step.group.id], touched);
}

function candidateUsers(state: State, userIds: readonly number[] | 'all'): Iterable<User> {
  if (userIds === 'all') return rows(state.users);
  return userIds.map((id) => getRow(state.users, id)).filter((user): user is User => user !== undefined);
}

/**
 * After a membership change of `groupIds`: users who now know a private
 * channel through its group settings get stream create and its subscribers
 * (peer_add); users who no longer do get stream delete. Only the live
 * private channels whose settings use the groups or their supergroups are
 * looked at (the real server's bulk_add_members_to_user_groups and friends).
 */
export function announceChannelAccessChanges(tx: Tx, before: State, after: State, groupIds: readonly number[], userIds: readonly number[] | 'all'): void {
  const channels = selectPrivateChannelsUsingGroups(before, selectGroupsAndSupergroupIds(before, groupIds));
  for (const channel of channels) {
    const gained: number[] = [];
    const lost: number[] = [];
    for (const user of candidateUsers(before, userIds)) {
      if (!user.isActive) continue;
      const had = canAccessChannelMetadata(before, user, channel, tx.now);
      const has = canAccessChannelMetadata(after, user, channel, tx.now);
      if (has && !had) gained.push(user.id);
      if (had && !has) lost.push(user.id);
    }
    if (gained.length > 0) {
      const to = Audiences.users(gained);
      tx.emit({ type: 'stream', op: 'create', streams: [presentChannel(after, channel)] }, to);
      tx.emit({ type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: selectSubscriberIds(after, channel.id) }, to);
    }
    if (lost.length > 0) {
      tx.emit(streamDeleteEvent([channel.id]), Audiences.users(lost));
    }
  }
}

const FULL_MEMBER_GROUPS: readonly SystemGroupName[] = ['role:fullmembers', 'role:members'];

/**
 * After the waiting period changed (`after` has the new one): members whose
 * full-member standing changed move between role:fullmembers and
 * role:members, as the real server's update_users_in_full_members_system_group
 * does: removals before additions.
 */
export function announceFullMemberChanges(tx: Tx, before: State, after: State): void {
  const changed: User[] = [];
  for (const user of rows(before.users)) {
    if (user.isActive && user.role === ROLE_MEMBER && isFullMember(before, user, tx.now) !== isFullMember(after, user, tx.now)) changed.push(user);
  }
  if (changed.length === 0) return;
  const moves = FULL_MEMBER_GROUPS.map((name) => {
    const holds = (state: State, user: User) => isDirectSystemGroupMember(state, user, name, tx.now);
    return {
      groupId: before.systemGroupIds[name],
      removed: changed.filter((user) => holds(before, user) && !holds(after, user)).map((user) => user.id),
      added: changed.filter((user) => !holds(before, user) && holds(after, user)).map((user) => user.id),
    };
  });
  for (const move of moves) if (move.removed.length > 0) emitMembershipEvent(tx, 'remove_members', move.groupId, move.removed);
  for (const move of [...moves].reverse()) if (move.added.length > 0) emitMembershipEvent(tx, 'add_members', move.groupId, move.added);
  announceChannelAccessChanges(
    tx,
    before,
    after,
    moves.map((move) => move.groupId),
    changed.map((user) => user.id),
  );
}
