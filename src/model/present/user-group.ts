/** The user group dict of the API (GET /user_groups, register's realm_user_groups). */
import { presentGroupSetting } from '../rules/group-settings.js';
import { isDirectSystemGroupMember, systemGroupNameOf } from '../rules/system-groups.js';
import { USER_GROUP_SETTING_NAMES } from '../rules/user-group-settings.js';
import type { State, UserGroup } from '../state.js';
import { getRow, rows } from '../tables/table.js';

/** Direct members that are active users, ascending. System groups derive theirs from roles. */
export function selectPresentedMemberIds(state: State, group: UserGroup, now: number): number[] {
  if (group.isSystemGroup) {
    const name = systemGroupNameOf(state, group.id);
    if (name === undefined) return [];
    const ids: number[] = [];
    for (const user of rows(state.users)) {
      if (user.isActive && isDirectSystemGroupMember(state, user, name, now)) ids.push(user.id);
    }
    return ids.sort((a, b) => a - b);
  }
  return group.directMemberIds.filter((userId) => getRow(state.users, userId)?.isActive === true);
}

export function presentUserGroup(state: State, group: UserGroup, now: number): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    id: group.id,
    name: group.name,
    description: group.description,
    creator_id: group.creatorId,
    date_created: group.dateCreated,
    members: selectPresentedMemberIds(state, group, now),
    direct_subgroup_ids: [...group.directSubgroupIds],
    is_system_group: group.isSystemGroup,
    deactivated: group.deactivated,
  };
  for (const name of USER_GROUP_SETTING_NAMES) dict[name] = presentGroupSetting(state, group.settings[name]);
  return dict;
}
