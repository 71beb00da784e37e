import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { changeGroupMembership } from '../../actions/groups.js';
import { commit } from '../../events/commit.js';
import { addSubgroups, planMembershipChange, removeSubgroups } from './membership.js';

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
    if (operations.every(([, ids]) => ids === undefined || ids.length === 0)) {
      return fail(Errors.badRequest('Nothing to do. Specify at least one of "add" or "delete".'));
    }
    const planned = planMembershipChange(state, actor, path['user_group_id'] as number, now, operations);
    if (!planned.ok) return fail(planned.error);
    const written = commit(state, now, (tx) => {
      for (const step of planned.value) changeGroupMembership(tx, step);
    });
    return succeed(written);
  },
});
