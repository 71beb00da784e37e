/**
 * Membership through subgroups that two branches share (a diamond: top → A,
 * B; A → C; B → C): the shared group counts once, for its members only,
 * whether reached from a named group or from an anonymous group-setting value.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { createGroup, groupSettingSince, MEMBERS_ENDPOINT, membership, sorted, updateMembers } from './support.js';

/** Two groups A and B that both hold C, whose only member is the other member. */
async function diamond(ctx: CheckContext): Promise<{ a: number; b: number; c: number }> {
  const c = await createGroup(ctx, { members: [ctx.cast.otherMember.userId] });
  const a = await createGroup(ctx, { subgroups: [c] });
  const b = await createGroup(ctx, { subgroups: [c] });
  return { a, b, c };
}

async function isMemberThroughShared(ctx: CheckContext): Promise<void> {
  const { owner, administrator, moderator, member, otherMember } = ctx.cast;
  const { a, b } = await diamond(ctx);
  const top = await createGroup(ctx, { members: sorted([owner.userId, administrator.userId, moderator.userId]), subgroups: [a, b] });
  const ask = async (userId: number) =>
    expectSuccess(await ctx.call(member, 'GET', `/user_groups/${top}/members/${userId}`), 'groups.read.is-member')['is_user_group_member'];
  expectEqual(await ask(member.userId), false, 'a user in none of the groups (C reached twice)', 'groups.read.is-member');
  expectEqual(await ask(otherMember.userId), true, 'the member of the shared subgroup', 'groups.read.is-member');
  for (const direct of [owner, administrator, moderator]) {
    expectEqual(await ask(direct.userId), true, `direct member ${direct.userId} among several`, 'groups.read.is-member');
  }
}

async function joinThroughAnonymousSubgroups(ctx: CheckContext): Promise<void> {
  const { owner, administrator, member, otherMember } = ctx.cast;
  const { a, b } = await diamond(ctx);
  // Made by the owner, so the member and the other member manage nothing here.
  const group = await createGroup(ctx, { can_join_group: { direct_members: [administrator.userId], direct_subgroups: [a, b] } }, owner);
  const refused = await updateMembers(ctx, member, group, { add: [member.userId] });
  expectError(refused, 400, 'BAD_REQUEST', 'Insufficient permission', 'groups.members.permission');
  expectSuccess(await updateMembers(ctx, otherMember, group, { add: [otherMember.userId] }), 'groups.members.permission');
  expectEqual(
    (await membership(ctx, group)).members,
    [otherMember.userId],
    'members after the join through the setting’s subgroups',
    'groups.members.permission',
  );
}

export const SHARED_SUBGROUP_CHECKS = defineChecks([
  {
    id: 'groups.read.is-member-shared-subgroup',
    title: 'Given a group whose two subgroups share a third, when asking about users, then only the shared group’s members and the direct members are members',
    clauses: ['groups.read.is-member'],
    level: 'compat',
    endpoint: 'GET /user_groups/{user_group_id}/members/{user_id}',
    run: isMemberThroughShared,
  },
  {
    id: 'groups.members.join-anonymous-subgroups',
    title: 'Given can_join_group as an anonymous group of two subgroups sharing a third, when users join, then only a member of the shared group may',
    clauses: ['groups.members.permission', 'groups.setting-value.forms'],
    level: 'compat',
    // can_join_group (301) as an anonymous group.
    since: groupSettingSince('can_join_group'),
    endpoint: MEMBERS_ENDPOINT,
    run: joinThroughAnonymousSubgroups,
  },
]);
