/** GET /user_groups/{id}/members, GET /user_groups/{id}/members/{user_id} and GET /user_groups/{id}/subgroups. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { createGroup, sorted } from './support.js';

async function members(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const inner = await createGroup(ctx, { members: [otherMember.userId] });
  const outer = await createGroup(ctx, { members: [moderator.userId], subgroups: [inner] });
  const all = expectSuccess(await ctx.call(member, 'GET', `/user_groups/${outer}/members`), 'groups.read.members')['members'] as number[];
  expectEqual(sorted(all), sorted([moderator.userId, otherMember.userId]), 'members through the subgroup', 'groups.read.members');
  const direct = expectSuccess(await ctx.call(member, 'GET', `/user_groups/${outer}/members`, { direct_member_only: 'true' }), 'groups.read.members')[
    'members'
  ];
  expectEqual(direct, [moderator.userId], 'direct members', 'groups.read.members');
}

async function isMember(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const inner = await createGroup(ctx, { members: [otherMember.userId] });
  const outer = await createGroup(ctx, { subgroups: [inner] });
  const ask = async (userId: number, params: Record<string, string> = {}) =>
    expectSuccess(await ctx.call(member, 'GET', `/user_groups/${outer}/members/${userId}`, params), 'groups.read.is-member')['is_user_group_member'];
  expectEqual(await ask(otherMember.userId), true, 'membership through the subgroup', 'groups.read.is-member');
  expectEqual(await ask(otherMember.userId, { direct_member_only: 'true' }), false, 'direct membership', 'groups.read.is-member');
  expectEqual(await ask(moderator.userId), false, 'membership of a non-member', 'groups.read.is-member');
}

async function subgroups(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const bottom = await createGroup(ctx);
  const middle = await createGroup(ctx, { subgroups: [bottom] });
  const top = await createGroup(ctx, { subgroups: [middle] });
  const all = expectSuccess(await ctx.call(member, 'GET', `/user_groups/${top}/subgroups`), 'groups.read.subgroups')['subgroups'] as number[];
  expectEqual(sorted(all), sorted([middle, bottom]), 'subgroups at any depth', 'groups.read.subgroups');
  const direct = expectSuccess(await ctx.call(member, 'GET', `/user_groups/${top}/subgroups`, { direct_subgroup_only: 'true' }), 'groups.read.subgroups')[
    'subgroups'
  ];
  expectEqual(direct, [middle], 'direct subgroups', 'groups.read.subgroups');
}

export const GET_USER_GROUP_MEMBERS_CHECKS = defineChecks([
  {
    id: 'groups.read.members',
    title: 'Given nested groups, when reading members, then they are recursive unless direct_member_only',
    clauses: ['groups.read.members'],
    level: 'compat',
    endpoint: 'GET /user_groups/{user_group_id}/members',
    run: members,
  },
  {
    id: 'groups.read.is-member',
    title: 'Given nested groups, when asking about a member of the subgroup, then it is a member only recursively',
    clauses: ['groups.read.is-member'],
    level: 'compat',
    endpoint: 'GET /user_groups/{user_group_id}/members/{user_id}',
    run: isMember,
  },
  {
    id: 'groups.read.subgroups',
    title: 'Given three nested groups, when reading subgroups of the top, then both show unless direct_subgroup_only',
    clauses: ['groups.read.subgroups'],
    level: 'compat',
    endpoint: 'GET /user_groups/{user_group_id}/subgroups',
    run: subgroups,
  },
]);
