import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { wire } from '../../params/wire.js';
import { addSubgroups, changeMembership, removeSubgroups } from './membership.js';

/** POST /user_groups/{user_group_id}/subgroups: the older subgroup-only form of the members endpoint. */
export const updateUserGroupSubgroups = defineEndpoint({
  operation: 'update-user-group-subgroups',
  method: 'POST',
  path: '/user_groups/{user_group_id}/subgroups',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({ add: wire.intArray().optional(), delete: wire.intArray().optional() }),
  reduce(state, { actor, params, path, now }) {
    const operations = [
      ['add_subgroups', params.add, addSubgroups],
      ['remove_subgroups', params.delete, removeSubgroups],
    ] as const;
    return changeMembership(state, actor, path.user_group_id, now, operations, Errors.noSubgroupChange());
  },
});
