import type { Check } from '../../check.js';
import { CREATE_USER_GROUP_CHECKS } from './create-user-group.js';
import { DEACTIVATE_USER_GROUP_CHECKS } from './deactivate-user-group.js';
import { GET_USER_GROUP_MEMBERS_CHECKS } from './get-user-group-members.js';
import { GET_USER_GROUPS_CHECKS } from './get-user-groups.js';
import { SHARED_SUBGROUP_CHECKS } from './shared-subgroups.js';
import { SYSTEM_GROUP_MEMBER_CHECKS } from './system-group-members.js';
import { UPDATE_USER_GROUP_CHECKS } from './update-user-group.js';
import { UPDATE_USER_GROUP_MEMBERS_CHECKS } from './update-user-group-members.js';
import { UPDATE_USER_GROUP_SUBGROUPS_CHECKS } from './update-user-group-subgroups.js';

export const GROUP_CHECKS: readonly Check[] = [
  ...GET_USER_GROUPS_CHECKS,
  ...SYSTEM_GROUP_MEMBER_CHECKS,
  ...CREATE_USER_GROUP_CHECKS,
  ...UPDATE_USER_GROUP_CHECKS,
  ...DEACTIVATE_USER_GROUP_CHECKS,
  ...GET_USER_GROUP_MEMBERS_CHECKS,
  ...SHARED_SUBGROUP_CHECKS,
  ...UPDATE_USER_GROUP_MEMBERS_CHECKS,
  ...UPDATE_USER_GROUP_SUBGROUPS_CHECKS,
];
