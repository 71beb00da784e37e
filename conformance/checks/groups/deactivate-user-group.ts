/** POST /user_groups/{user_group_id}/deactivate: by managers, unless the group is in use. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { createGroup, readGroup } from './support.js';

const ENDPOINT = 'POST /user_groups/{user_group_id}/deactivate';

async function unused(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const group = await createGroup(ctx);
  expectError(
    await ctx.call(otherMember, 'POST', `/user_groups/${group}/deactivate`),
    400,
    'BAD_REQUEST',
    'Insufficient permission',
    'groups.deactivate.unused',
  );
  expectEqual((await readGroup(ctx, group))['deactivated'], false, 'deactivated after the refused request', 'groups.deactivate.unused');
  expectSuccess(await ctx.call(member, 'POST', `/user_groups/${group}/deactivate`), 'groups.deactivate.unused');
  expectEqual((await readGroup(ctx, group))['deactivated'], true, 'deactivated after the manager’s request', 'groups.deactivate.unused');
}

async function inUse(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const inner = await createGroup(ctx);
  const outer = await createGroup(ctx, { subgroups: [inner] });
  const body = expectError(
    await ctx.call(member, 'POST', `/user_groups/${inner}/deactivate`),
    400,
    'CANNOT_DEACTIVATE_GROUP_IN_USE',
    undefined,
    'groups.deactivate.in-use',
  );
  expectEqual(body['objections'], [{ type: 'subgroup', supergroup_ids: [outer] }], 'the objections', 'groups.deactivate.in-use');
  expectEqual((await readGroup(ctx, inner))['deactivated'], false, 'the group in use to stay active', 'groups.deactivate.in-use');
  // Once the supergroup is deactivated, the subgroup is no longer in use.
  expectSuccess(await ctx.call(member, 'POST', `/user_groups/${outer}/deactivate`), 'groups.deactivate.in-use');
  expectSuccess(await ctx.call(member, 'POST', `/user_groups/${inner}/deactivate`), 'groups.deactivate.in-use');
}

export const DEACTIVATE_USER_GROUP_CHECKS = defineChecks([
  {
    id: 'groups.deactivate.unused',
    title: 'Given an unused group, when another member and then its manager deactivate it, then only the manager can',
    clauses: ['groups.deactivate.unused'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: unused,
  },
  {
    id: 'groups.deactivate.in-use',
    title: 'Given a subgroup of an active group, when deactivating it, then it is refused with the objection',
    clauses: ['groups.deactivate.in-use'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: inUse,
  },
]);
