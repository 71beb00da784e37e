import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { selectPresentedMemberIds } from '../../present/user-group.js';
import { selectRecursiveSubgroupIds } from '../../rules/group-membership.js';
import { accessUserGroupForRead, selectGroup } from '../../rules/groups.js';
import type { State, UserGroup } from '../../state.js';

/** Active users in the group directly or through any depth of subgroups, ascending. */
export function selectRecursiveMemberIds(state: State, group: UserGroup, now: number): number[] {
  const ids = new Set(selectPresentedMemberIds(state, group, now));
  for (const subgroupId of selectRecursiveSubgroupIds(state, group.id)) {
    const subgroup = selectGroup(state, subgroupId);
    if (subgroup !== undefined) for (const id of selectPresentedMemberIds(state, subgroup, now)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** GET /user_groups/{user_group_id}/members: the group's members, recursive unless direct_member_only. */
export const getUserGroupMembers = defineEndpoint({
  operation: 'get-user-group-members',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({ direct_member_only: wire.bool().default(false) }),
  reduce(state, { actor, params, path, now }) {
    const group = accessUserGroupForRead(state, path.user_group_id);
    if (!group.ok) return fail(group.error);
    const members = params.direct_member_only ? selectPresentedMemberIds(state, group.value, now) : selectRecursiveMemberIds(state, group.value, now);
    return succeed(state, { members });
  },
});
