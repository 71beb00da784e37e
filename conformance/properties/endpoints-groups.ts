/** The user-group endpoints, as the property checks see them. */
import type { EndpointSpec } from './endpoint-spec.js';
import { BOOL, GROUP_SETTING, GROUP_SETTING_CHANGE, groupsRead, INT_LIST, optional, STRING } from './param-kinds.js';

const GROUP_PERMISSIONS = ['can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group', 'can_remove_members_group'];

export const GROUP_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'get-user-groups',
    method: 'GET',
    path: '/user_groups',
    auth: 'basic',
    actor: 'owner',
    params: optional(BOOL, 'include_deactivated_groups'),
    observe: () => [groupsRead],
  },
  {
    operation: 'create-user-group',
    method: 'POST',
    path: '/user_groups/create',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, required: true, valid: (env) => env.unique('group') },
      { name: 'description', kind: STRING, required: true, valid: () => 'made by a bad-input property' },
      { name: 'members', kind: INT_LIST, required: true, valid: (env) => `[${env.target.id}]` },
      { name: 'subgroups', kind: INT_LIST },
      ...optional(GROUP_SETTING, ...GROUP_PERMISSIONS),
    ],
    observe: () => [groupsRead],
    async cleanUp(env, response, call) {
      const id = (response.body as Record<string, unknown> | null)?.['group_id'];
      if (typeof id === 'number') await call(env.owner, 'POST', `/user_groups/${id}/deactivate`);
    },
  },
  {
    operation: 'update-user-group',
    method: 'PATCH',
    path: '/user_groups/{user_group_id}',
    pathParams: { user_group_id: 'group-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING },
      { name: 'description', kind: STRING, valid: (env) => env.unique('description') },
      { name: 'deactivated', kind: BOOL },
      ...optional(GROUP_SETTING_CHANGE, ...GROUP_PERMISSIONS),
    ],
    observe: () => [groupsRead],
  },
  {
    operation: 'deactivate-user-group',
    method: 'POST',
    path: '/user_groups/{user_group_id}/deactivate',
    pathParams: { user_group_id: 'spare-group-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [groupsRead],
  },
  {
    operation: 'get-user-group-members',
    method: 'GET',
    path: '/user_groups/{user_group_id}/members',
    pathParams: { user_group_id: 'group-id' },
    auth: 'basic',
    actor: 'owner',
    params: optional(BOOL, 'direct_member_only'),
    observe: () => [groupsRead],
  },
  {
    operation: 'get-is-user-group-member',
    method: 'GET',
    path: '/user_groups/{user_group_id}/members/{user_id}',
    pathParams: { user_group_id: 'group-id', user_id: 'user-id' },
    auth: 'basic',
    actor: 'owner',
    params: optional(BOOL, 'direct_member_only'),
    observe: () => [groupsRead],
  },
  {
    operation: 'update-user-group-members',
    method: 'POST',
    path: '/user_groups/{user_group_id}/members',
    pathParams: { user_group_id: 'group-id' },
    auth: 'basic',
    actor: 'owner',
    // The base adds the member the group already has: a chance success changes nothing.
    params: [{ name: 'add', kind: INT_LIST, valid: (env) => `[${env.target.id}]` }, ...optional(INT_LIST, 'delete', 'add_subgroups', 'delete_subgroups')],
    observe: () => [groupsRead],
  },
  {
    operation: 'get-user-group-subgroups',
    method: 'GET',
    path: '/user_groups/{user_group_id}/subgroups',
    pathParams: { user_group_id: 'group-id' },
    auth: 'basic',
    actor: 'owner',
    params: optional(BOOL, 'direct_subgroup_only'),
    observe: () => [groupsRead],
  },
  {
    operation: 'update-user-group-subgroups',
    method: 'POST',
    path: '/user_groups/{user_group_id}/subgroups',
    pathParams: { user_group_id: 'group-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'add', kind: INT_LIST, valid: () => '[]' },
      { name: 'delete', kind: INT_LIST },
    ],
    observe: () => [groupsRead],
  },
];
