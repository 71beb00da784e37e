import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { selectRecursiveSubgroupIds } from '../../rules/group-membership.js';
import { accessUserGroupForRead } from '../../rules/groups.js';

/** GET /user_groups/{user_group_id}/subgroups: subgroups at any depth, or direct ones only. */
export const getUserGroupSubgroups = defineEndpoint({
  operation: 'get-user-group-subgroups',
  method: 'GET',
  path: '/user_groups/{user_group_id}/subgroups',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({ direct_subgroup_only: wire.bool().default(false) }),
  reduce(state, { actor, params, path }) {
    const group = accessUserGroupForRead(state, path.user_group_id);
    if (!group.ok) return fail(group.error);
    const subgroups = params.direct_subgroup_only
      ? [...group.value.directSubgroupIds]
      : [...selectRecursiveSubgroupIds(state, group.value.id)].sort((a, b) => a - b);
    return succeed(state, { subgroups });
  },
});
