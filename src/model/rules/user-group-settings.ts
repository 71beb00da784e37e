/** A user group's own group settings: defaults for a new group and which groups each may hold. */
import type { UserGroupSettingName } from '../state.js';
import type { GroupSettingRules } from './group-settings.js';

export const USER_GROUP_SETTINGS: { readonly [name in UserGroupSettingName]: GroupSettingRules } = {
  can_add_members_group: { defaultGroup: 'creator', allowEveryone: true, allowNobody: true },
  can_join_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_leave_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_manage_group: { defaultGroup: 'creator', allowEveryone: false, allowNobody: true },
  can_mention_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true, allowOwners: false },
  can_remove_members_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
};

export const USER_GROUP_SETTING_NAMES = Object.keys(USER_GROUP_SETTINGS).sort() as readonly UserGroupSettingName[];
