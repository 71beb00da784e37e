/**
 * Group-setting values: which groups a setting may hold, the one stored
 * normal form, and the form the API returns. A value is a group id or an
 * anonymous group `{direct_members, direct_subgroups}`.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { GroupSettingInput } from '../params/group-setting.js';
import { frozenAscendingIds } from '../sorted-ids.js';
import type { GroupSettingValue, State, SystemGroupName } from '../state.js';
import { getRow } from '../tables/table.js';
import { takesOnlyGroupIds, takesOnlySystemGroups } from './feature-levels.js';
import { systemGroupNameOf } from './system-groups.js';

/** What a setting may be set to. Every setting refuses role:internet unless it says otherwise. */
export interface GroupSettingRules {
  /** The system group a new organization (or a new channel or group) starts with. */
  readonly defaultGroup: SystemGroupName | 'creator';
  readonly allowEveryone: boolean;
  readonly allowNobody: boolean;
  readonly allowInternet?: boolean;
  readonly allowOwners?: boolean;
  /** The value must be one of these system groups (and nothing else). */
  readonly systemGroupsOnly?: readonly SystemGroupName[];
}

/** The stored normal form: an anonymous group of one subgroup is that group; an empty one is role:nobody. */
export function normalizeGroupSetting(state: State, input: GroupSettingInput | GroupSettingValue): GroupSettingValue {
  if (typeof input === 'number') return input;
  const members = 'direct_members' in input ? input.direct_members : input.directMembers;
  const subgroups = 'direct_subgroups' in input ? input.direct_subgroups : input.directSubgroups;
  if (members.length === 0 && subgroups.length === 1) return subgroups[0]!;
  if (members.length === 0 && subgroups.length === 0) return state.systemGroupIds['role:nobody'];
  return Object.freeze({ directMembers: frozenAscendingIds(members), directSubgroups: frozenAscendingIds(subgroups) });
}

/** The value a new record gets for a setting: its default system group, or an anonymous group of the creator. */
export function defaultGroupSetting(state: State, rules: GroupSettingRules, creatorId: number): GroupSettingValue {
  if (rules.defaultGroup === 'creator') return Object.freeze({ directMembers: Object.freeze([creatorId]), directSubgroups: Object.freeze([]) });
  return state.systemGroupIds[rules.defaultGroup];
}

function checkSystemGroupAllowed(settingName: string, rules: GroupSettingRules, name: SystemGroupName): Checked<true> {
  const refused =
    (name === 'role:internet' && rules.allowInternet !== true) ||
    (name === 'role:everyone' && !rules.allowEveryone) ||
    (name === 'role:nobody' && !rules.allowNobody) ||
    (name === 'role:owners' && rules.allowOwners === false) ||
    (rules.systemGroupsOnly !== undefined && !rules.systemGroupsOnly.includes(name));
  return refused ? reject(Errors.groupNotAllowedForSetting(settingName, name)) : accept(true);
}

/**
 * Validates a value for a setting and returns its normal form: every group
 * and user must exist (users active), and the setting's rules must allow it.
 */
export function checkGroupSettingValue(state: State, settingName: string, rules: GroupSettingRules, input: GroupSettingInput): Checked<GroupSettingValue> {
  const groupIds = typeof input === 'number' ? [input] : input.direct_subgroups;
  for (const groupId of groupIds) {
    const group = getRow(state.groups, groupId);
    if (group === undefined) return reject(Errors.invalidUserGroup());
    if (group.deactivated) return reject(Errors.userGroupDeactivated());
  }
  if (typeof input !== 'number') {
    for (const userId of input.direct_members) {
      const user = getRow(state.users, userId);
      if (user === undefined || !user.isActive) return reject(Errors.invalidUserId(userId));
    }
  }
  const value = normalizeGroupSetting(state, input);
  if (typeof value !== 'number' && takesOnlyGroupIds(state, settingName)) return reject(Errors.notAnInteger(settingName));
  if (takesOnlySystemGroups(state, settingName) && (typeof value !== 'number' || systemGroupNameOf(state, value) === undefined))
    return reject(Errors.systemGroupRequired(settingName));
  if (typeof value === 'number') {
    const name = systemGroupNameOf(state, value);
    if (name !== undefined) {
      const allowed = checkSystemGroupAllowed(settingName, rules, name);
      if (!allowed.ok) return allowed;
    } else if (rules.systemGroupsOnly !== undefined) {
      return reject(Errors.systemGroupRequired(settingName));
    }
  } else {
    if (rules.systemGroupsOnly !== undefined) return reject(Errors.systemGroupRequired(settingName));
    for (const groupId of value.directSubgroups) {
      const name = systemGroupNameOf(state, groupId);
      if (name === 'role:internet' && rules.allowInternet !== true) {
        return reject(Errors.groupNotAllowedForSetting(settingName, name));
      }
    }
  }
  return accept(value);
}

/** The API form: a group id, or `{direct_members, direct_subgroups}` without deactivated users. */
export function presentGroupSetting(state: State, value: GroupSettingValue): number | { direct_members: number[]; direct_subgroups: number[] } {
  if (typeof value === 'number') return value;
  return {
    direct_members: value.directMembers.filter((userId) => getRow(state.users, userId)?.isActive === true),
    direct_subgroups: [...value.directSubgroups],
  };
}

/** Whether two stored values are the same setting (for `{new, old}` expectation checks). */
export function groupSettingsEqual(state: State, a: GroupSettingValue, b: GroupSettingInput | GroupSettingValue): boolean {
  const left = normalizeGroupSetting(state, a);
  const right = normalizeGroupSetting(state, b);
  if (typeof left === 'number' || typeof right === 'number') return left === right;
  return (
    left.directMembers.length === right.directMembers.length &&
    left.directMembers.every((id, index) => right.directMembers[index] === id) &&
    left.directSubgroups.length === right.directSubgroups.length &&
    left.directSubgroups.every((id, index) => right.directSubgroups[index] === id)
  );
}

/**
 * A `{new, old?}` change of a setting whose stored value is `current`: `old`
 * must equal the value as the API shows it (deactivated users left out),
 * else EXPECTATION_MISMATCH. Returns undefined when `new` changes nothing,
 * otherwise the validated new value. `mayChange` runs only for a real change.
 */
export function checkGroupSettingChange(
  state: State,
  settingName: string,
  rules: GroupSettingRules,
  current: GroupSettingValue,
  change: { readonly new: GroupSettingInput; readonly old?: GroupSettingInput | undefined },
  mayChange: () => Checked<true> = () => accept(true),
): Checked<GroupSettingValue | undefined> {
  const shown = normalizeGroupSetting(state, presentGroupSetting(state, current));
  if (change.old !== undefined && !groupSettingsEqual(state, shown, change.old)) return reject(Errors.expectationMismatch());
  if (groupSettingsEqual(state, shown, change.new)) return accept(undefined);
  const allowed = mayChange();
  if (!allowed.ok) return allowed;
  return checkGroupSettingValue(state, settingName, rules, change.new);
}
