/**
 * Who may read and change user groups, and what a group name may be. The
 * manage permissions (organization-wide can_manage_all_groups, the group's
 * can_manage_group) include every narrower one. Also: where a group is in
 * use, which blocks its deactivation.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';
import { includesSorted } from '../sorted-ids.js';
import type { Channel, GroupSettingValue, State, User, UserGroup, UserGroupSettingName } from '../state.js';
import { groupNameKey } from '../tables/groups.js';
import { getRow, rows } from '../tables/table.js';
import { CHANNEL_GROUP_SETTING_NAMES } from './channel-group-settings.js';
import { isUserInGroupSetting } from './group-membership.js';
import { hasRealmPermission, REALM_GROUP_SETTING_NAMES } from './realm-group-settings.js';
import { isGuest } from './roles.js';
import { USER_GROUP_SETTING_NAMES, USER_GROUP_SETTINGS } from './user-group-settings.js';

export const MAX_GROUP_NAME_LENGTH = 100;

/** Names that would read as a mention or a system group. */
export const RESERVED_GROUP_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'] as const;

export function selectGroup(state: State, groupId: number): UserGroup | undefined {
  return getRow(state.groups, groupId);
}

export function selectGroupByName(state: State, name: string): UserGroup | undefined {
  const id = getRow(state.groupIdByName, groupNameKey(name));
  return id === undefined ? undefined : getRow(state.groups, id);
}

export function canCreateGroups(state: State, user: User, now: number): boolean {
  return hasRealmPermission(state, user, 'can_create_groups', now);
}

export function canManageAllGroups(state: State, user: User, now: number): boolean {
  return hasRealmPermission(state, user, 'can_manage_all_groups', now);
}

/** Membership of one of the group's own settings; guests never hold a setting that refuses role:everyone. */
export function isInGroupSetting(state: State, user: User, group: UserGroup, setting: UserGroupSettingName, now: number): boolean {
  if (!USER_GROUP_SETTINGS[setting].allowEveryone && isGuest(user)) return false;
  return isUserInGroupSetting(state, user, group.settings[setting], now);
}

export function canManageGroup(state: State, user: User, group: UserGroup, now: number): boolean {
  if (group.isSystemGroup) return false;
  return canManageAllGroups(state, user, now) || isInGroupSetting(state, user, group, 'can_manage_group', now);
}

/** The manage permissions, or the group's own setting for this one operation. */
function hasGroupPermission(state: State, user: User, group: UserGroup, setting: UserGroupSettingName, now: number): boolean {
  return canManageGroup(state, user, group, now) || (!group.isSystemGroup && isInGroupSetting(state, user, group, setting, now));
}

export function canAddMembers(state: State, user: User, group: UserGroup, now: number): boolean {
  return hasGroupPermission(state, user, group, 'can_add_members_group', now);
}

/** Adding only oneself: can_join_group, or the right to add anyone. */
export function canJoinGroup(state: State, user: User, group: UserGroup, now: number): boolean {
  return hasGroupPermission(state, user, group, 'can_join_group', now) || canAddMembers(state, user, group, now);
}

export function canRemoveMembers(state: State, user: User, group: UserGroup, now: number): boolean {
  return hasGroupPermission(state, user, group, 'can_remove_members_group', now);
}

/** Removing only oneself: can_leave_group, or the right to remove anyone. */
export function canLeaveGroup(state: State, user: User, group: UserGroup, now: number): boolean {
  return hasGroupPermission(state, user, group, 'can_leave_group', now) || canRemoveMembers(state, user, group, now);
}

export function canAddSubgroups(state: State, user: User, group: UserGroup, now: number): boolean {
  return canAddMembers(state, user, group, now);
}

export function canRemoveSubgroups(state: State, user: User, group: UserGroup, now: number): boolean {
  return canManageGroup(state, user, group, now);
}

export type GroupPermission = (state: State, user: User, group: UserGroup, now: number) => boolean;

/**
 * The group a change is about, if the actor may make it: unknown →
 * "Invalid user group", deactivated (unless allowed) → "User group is
 * deactivated.", system groups and a missing permission → "Insufficient permission".
 */
export function accessUserGroupForUpdate(
  state: State,
  actor: User,
  groupId: number,
  permission: GroupPermission,
  now: number,
  options: { readonly allowDeactivated: boolean },
): Checked<UserGroup> {
  const group = selectGroup(state, groupId);
  if (group === undefined) return reject(Errors.invalidUserGroup());
  if (group.deactivated && !options.allowDeactivated) return reject(Errors.userGroupDeactivated());
  if (group.isSystemGroup || !permission(state, actor, group, now)) return reject(Errors.insufficientPermission());
  return accept(group);
}

/** A group whose membership may be read: unknown → "Invalid user group"; deactivated ones are refused too. */
export function accessUserGroupForRead(state: State, groupId: number): Checked<UserGroup> {
  const group = selectGroup(state, groupId);
  if (group === undefined) return reject(Errors.invalidUserGroup());
  if (group.deactivated) return reject(Errors.userGroupDeactivated());
  return accept(group);
}

/**
 * A new or changed group name: not blank, at most 100 characters, no
 * reserved prefix, and not taken by another group (case-insensitively,
 * deactivated groups included).
 */
export function checkGroupName(state: State, name: string, renamingGroupId?: number): Checked<string> {
  if (name.trim() === '') return reject(Errors.groupNameEmpty());
  if (codePointLength(name) > MAX_GROUP_NAME_LENGTH) {
    return reject(Errors.groupNameTooLong(MAX_GROUP_NAME_LENGTH));
  }
  for (const prefix of RESERVED_GROUP_NAME_PREFIXES) {
    if (name.startsWith(prefix)) return reject(Errors.groupNameReservedPrefix(prefix));
  }
  const holder = selectGroupByName(state, name);
  if (holder !== undefined && holder.id !== renamingGroupId) return reject(Errors.userGroupAlreadyExists(name));
  return accept(name);
}

/**
 * Checks ids of users about to be added or removed: each must be an active
 * user of the organization ("Invalid user ID: N" for the first that is not).
 * Returns them without duplicates, in the order given.
 */
export function checkActiveUserIds(state: State, userIds: readonly number[]): Checked<readonly number[]> {
  for (const userId of userIds) {
    const user = getRow(state.users, userId);
    if (user === undefined || !user.isActive) return reject(Errors.invalidUserId(userId));
  }
  return accept([...new Set(userIds)]);
}

/**
 * Checks ids of groups about to become (or stop being) subgroups: each must
 * exist ("Invalid user group ID: N") and be active ("User group is deactivated.").
 */
export function checkPotentialSubgroupIds(state: State, groupIds: readonly number[]): Checked<readonly number[]> {
  for (const groupId of groupIds) {
    if (selectGroup(state, groupId) === undefined) return reject(Errors.invalidUserGroupId(groupId));
  }
  for (const groupId of groupIds) {
    if (selectGroup(state, groupId)!.deactivated) return reject(Errors.userGroupDeactivated());
  }
  return accept([...new Set(groupIds)]);
}

/**
 * Where a user group is in use, as the real server lists it when refusing
 * to deactivate the group: as a subgroup of an active group, and as (part
 * of) a setting of a live channel, an active group or the organization.
 */
export type GroupObjection =
  | { readonly type: 'subgroup'; readonly supergroup_ids: readonly number[] }
  | { readonly type: 'channel'; readonly channel_id: number; readonly settings: readonly string[] }
  | { readonly type: 'user_group'; readonly group_id: number; readonly settings: readonly string[] }
  | { readonly type: 'realm'; readonly settings: readonly string[] };

/** The value is the group, or an anonymous group holding it as a direct subgroup. */
export function settingUsesGroup(value: GroupSettingValue, groupId: number): boolean {
  return typeof value === 'number' ? value === groupId : includesSorted(value.directSubgroups, groupId);
}

function settingUsesAnyGroup(value: GroupSettingValue, groupIds: ReadonlySet<number>): boolean {
  return typeof value === 'number' ? groupIds.has(value) : value.directSubgroups.some((groupId) => groupIds.has(groupId));
}

function byId<T extends { readonly id: number }>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

export function selectGroupObjections(state: State, groupId: number): GroupObjection[] {
  const objections: GroupObjection[] = [];
  const groups = byId(rows(state.groups)).filter((group) => !group.deactivated);
  const supergroupIds = groups.filter((group) => group.id !== groupId && includesSorted(group.directSubgroupIds, groupId)).map((group) => group.id);
  if (supergroupIds.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroupIds });

  for (const channel of byId(rows(state.channels))) {
    if (channel.isArchived) continue;
    const settings = CHANNEL_GROUP_SETTING_NAMES.filter((name) => settingUsesGroup(channel.settings[name], groupId));
    if (settings.length > 0) objections.push({ type: 'channel', channel_id: channel.id, settings });
  }
  for (const group of groups) {
    const settings = USER_GROUP_SETTING_NAMES.filter((name) => settingUsesGroup(group.settings[name], groupId));
    if (settings.length > 0) objections.push({ type: 'user_group', group_id: group.id, settings });
  }
  const realmSettings = REALM_GROUP_SETTING_NAMES.filter((name) => settingUsesGroup(state.realm.settings.groups[name], groupId));
  if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
  return objections;
}

/**
 * The live private channels with a group setting that names one of these
 * groups: the channels whose metadata access a change of the groups'
 * membership may move (public and web-public ones are open anyway).
 */
export function selectPrivateChannelsUsingGroups(state: State, groupIds: ReadonlySet<number>): Channel[] {
  const found: Channel[] = [];
  for (const channel of rows(state.channels)) {
    if (channel.isArchived || !channel.inviteOnly || channel.isWebPublic) continue;
    if (CHANNEL_GROUP_SETTING_NAMES.some((name) => settingUsesAnyGroup(channel.settings[name], groupIds))) found.push(channel);
  }
  return byId(found);
}
