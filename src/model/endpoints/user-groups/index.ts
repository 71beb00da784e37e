/** The user-group endpoints, in the order routes.ts lists them. */
import { endpointList } from '../../endpoint.js';
import { createUserGroup } from './create-user-group.js';
import { deactivateUserGroup } from './deactivate-user-group.js';
import { getIsUserGroupMember } from './get-is-user-group-member.js';
import { getUserGroupMembers } from './get-user-group-members.js';
import { getUserGroupSubgroups } from './get-user-group-subgroups.js';
import { getUserGroups } from './get-user-groups.js';
import { updateUserGroup } from './update-user-group.js';
import { updateUserGroupMembers } from './update-user-group-members.js';
import { updateUserGroupSubgroups } from './update-user-group-subgroups.js';

export const USER_GROUP_ENDPOINTS = endpointList(
  getUserGroups,
  createUserGroup,
  updateUserGroup,
  deactivateUserGroup,
  getUserGroupMembers,
  getIsUserGroupMember,
  updateUserGroupMembers,
  getUserGroupSubgroups,
  updateUserGroupSubgroups,
);
