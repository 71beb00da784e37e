/** POST /user_groups/{user_group_id}/subgroups: add and delete subgroups. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { createGroup, membership } from './support.js';

async function update(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const a = await createGroup(ctx);
  const b = await createGroup(ctx);
  const path = (id: number) => `/user_groups/${id}/subgroups`;
  expectSuccess(await ctx.call(member, 'POST', path(a), { add: JSON.stringify([b]) }), 'groups.subgroups.update');
  expectEqual((await membership(ctx, a)).subgroups, [b], 'subgroups after adding', 'groups.subgroups.update');
  expectError(
    await ctx.call(member, 'POST', path(b), { add: JSON.stringify([a]) }),
    400,
    'BAD_REQUEST',
    `User group ${b} is already a subgroup of one of the passed subgroups.`,
    'groups.subgroups.update',
  );
  expectEqual((await membership(ctx, b)).subgroups, [], 'the refused cycle to change nothing', 'groups.subgroups.update');
  expectSuccess(await ctx.call(member, 'POST', path(a), { delete: JSON.stringify([b]) }), 'groups.subgroups.update');
  expectEqual((await membership(ctx, a)).subgroups, [], 'subgroups after removing', 'groups.subgroups.update');
}

export const UPDATE_USER_GROUP_SUBGROUPS_CHECKS = defineChecks([
  {
    id: 'groups.subgroups.update',
    title: 'Given two groups, when nesting, refusing a cycle and un-nesting, then each shows',
    clauses: ['groups.subgroups.update'],
    level: 'compat',
    endpoint: 'POST /user_groups/{user_group_id}/subgroups',
    run: update,
  },
]);
