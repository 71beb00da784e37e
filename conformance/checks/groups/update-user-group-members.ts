/** POST /user_groups/{user_group_id}/members: operations, the real server's refusals, permissions and feature-level rules. */
import { type Actor, type CheckContext, CheckFailure, CheckSkipped, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import {
  createGroup,
  groupSettingSince,
  MEMBERS_ENDPOINT,
  membership,
  readGroup,
  SUBGROUPS_ON_MEMBERS_SINCE,
  sorted,
  systemGroupIds,
  updateMembers,
  wireParams,
} from './support.js';

/** Members and subgroups of deactivated groups became changeable here (the spec's endpoint notes). */
const DEACTIVATED_GROUP_MEMBERSHIP_LEVEL = 391;
/** Bots became able to call the endpoint here. */
const BOT_GROUP_MEMBERSHIP_LEVEL = 496;
const DEACTIVATED = 'User group is deactivated.';
const NOT_FOR_BOTS = 'This endpoint does not accept bot requests.';

const NOTHING_TO_DO = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';

/** Sends a request that must fail with `msg` and leave the group's membership as it was. */
async function refused(
  ctx: CheckContext,
  actor: Actor,
  groupId: number,
  params: Readonly<Record<string, number[]>>,
  msg: string,
  clause: string,
): Promise<void> {
  const before = await membership(ctx, groupId);
  expectError(await updateMembers(ctx, actor, groupId, params), 400, 'BAD_REQUEST', msg, clause);
  expectUnchanged(before, await membership(ctx, groupId), `group ${groupId}'s members and subgroups`, clause);
}

async function operations(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const sub = await createGroup(ctx);
  const group = await createGroup(ctx, { members: [member.userId] });
  // Before 311 subgroups are changed with POST /user_groups/{id}/subgroups, not here.
  const withSubgroups = ctx.featureLevel >= SUBGROUPS_ON_MEMBERS_SINCE;
  const changeSubgroups = async (params: Record<string, number[]>) => {
    if (!withSubgroups) expectSuccess(await ctx.call(member, 'POST', `/user_groups/${group}/subgroups`, wireParams(params)), 'groups.members.operations');
  };
  const added = expectSuccess(
    await updateMembers(ctx, member, group, { add: [otherMember.userId, moderator.userId], ...(withSubgroups ? { add_subgroups: [sub] } : {}) }),
    'groups.members.operations',
  );
  await changeSubgroups({ add: [sub] });
  expectEqual(
    Object.keys(added).filter((key) => key !== 'result' && key !== 'msg' && key !== 'ignored_parameters_unsupported'),
    [],
    'no extra response fields',
    'groups.members.operations',
  );
  expectEqual(
    await membership(ctx, group),
    { members: sorted([member.userId, otherMember.userId, moderator.userId]), subgroups: [sub] },
    'membership after adding',
    'groups.members.operations',
  );
  expectSuccess(
    await updateMembers(ctx, member, group, { delete: [moderator.userId], ...(withSubgroups ? { delete_subgroups: [sub] } : {}) }),
    'groups.members.operations',
  );
  await changeSubgroups({ delete: [sub] });
  expectEqual(
    await membership(ctx, group),
    { members: sorted([member.userId, otherMember.userId]), subgroups: [] },
    'membership after removing',
    'groups.members.operations',
  );
}

async function activeUsersOnly(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const leaving = await ctx.newUser();
  const group = await createGroup(ctx, { members: [otherMember.userId] });
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${leaving.userId}`));
  await refused(ctx, member, group, { add: [leaving.userId] }, `Invalid user ID: ${leaving.userId}`, 'groups.members.active-users-only');
  await refused(ctx, member, group, { add: [member.userId, leaving.userId] }, `Invalid user ID: ${leaving.userId}`, 'groups.members.active-users-only');
  await refused(ctx, member, group, { delete: [leaving.userId] }, `Invalid user ID: ${leaving.userId}`, 'groups.members.active-users-only');
}

async function activeUserRemovedStaysOut(ctx: CheckContext): Promise<void> {
  // A member deactivated while in the group can no longer be named; the group shows them no more.
  const { member } = ctx.cast;
  const leaving = await ctx.newUser();
  const group = await createGroup(ctx, { members: [leaving.userId, member.userId] });
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${leaving.userId}`));
  expectEqual((await membership(ctx, group)).members, [member.userId], 'members after one was deactivated', 'groups.members.active-users-only');
  await refused(ctx, member, group, { delete: [leaving.userId] }, `Invalid user ID: ${leaving.userId}`, 'groups.members.active-users-only');
}

async function nothingToDo(ctx: CheckContext): Promise<void> {
  const group = await createGroup(ctx);
  await refused(ctx, ctx.cast.member, group, {}, NOTHING_TO_DO, 'groups.members.nothing-to-do');
  await refused(ctx, ctx.cast.member, group, { add: [], delete: [], add_subgroups: [], delete_subgroups: [] }, NOTHING_TO_DO, 'groups.members.nothing-to-do');
}

async function unknownGroup(ctx: CheckContext): Promise<void> {
  expectError(
    await updateMembers(ctx, ctx.cast.owner, 999_999_999, { add: [ctx.cast.member.userId] }),
    400,
    'BAD_REQUEST',
    'Invalid user group',
    'groups.members.unknown-group',
  );
}

async function systemGroup(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { owner, member } = ctx.cast;
  const before = await readGroup(ctx, ids['role:moderators']);
  const attempts: Record<string, number[]>[] = [
    { add: [member.userId] },
    { delete: [ctx.cast.moderator.userId] },
    // add_subgroups and delete_subgroups from 311.
    ...(ctx.featureLevel >= SUBGROUPS_ON_MEMBERS_SINCE ? [{ add_subgroups: [ids['role:nobody']] }, { delete_subgroups: [ids['role:administrators']] }] : []),
  ];
  for (const params of attempts) {
    expectError(await updateMembers(ctx, owner, ids['role:moderators'], params), 400, 'BAD_REQUEST', 'Insufficient permission', 'groups.members.system-group');
  }
  const after = await readGroup(ctx, ids['role:moderators']);
  expectUnchanged(
    [before['members'], before['direct_subgroup_ids']],
    [after['members'], after['direct_subgroup_ids']],
    'role:moderators',
    'groups.members.system-group',
  );
}

async function alreadyMember(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const group = await createGroup(ctx, { members: [otherMember.userId] });
  await refused(
    ctx,
    member,
    group,
    { add: [moderator.userId, otherMember.userId] },
    `User ${otherMember.userId} is already a member of this group`,
    'groups.members.already-member',
  );
  await refused(
    ctx,
    member,
    group,
    { delete: [moderator.userId] },
    `There is no member '${moderator.userId}' in this user group`,
    'groups.members.already-member',
  );
}

async function subgroups(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member } = ctx.cast;
  const sub = await createGroup(ctx);
  const group = await createGroup(ctx, { subgroups: [sub] });
  await refused(ctx, member, group, { add_subgroups: [sub] }, `User group ${sub} is already a subgroup of this group.`, 'groups.members.subgroups');
  await refused(
    ctx,
    member,
    group,
    { delete_subgroups: [ids['role:members']] },
    `User group ${ids['role:members']} is not a subgroup of this group.`,
    'groups.members.subgroups',
  );
  await refused(ctx, member, group, { add_subgroups: [999_999_999] }, 'Invalid user group ID: 999999999', 'groups.members.subgroups');
  // System groups may be subgroups.
  expectSuccess(await updateMembers(ctx, member, group, { add_subgroups: [ids['role:moderators']] }), 'groups.members.subgroups');
  expectEqual(
    (await membership(ctx, group)).subgroups,
    sorted([sub, ids['role:moderators']]),
    'subgroups after adding a system group',
    'groups.members.subgroups',
  );
}

async function cycles(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const bottom = await createGroup(ctx);
  const middle = await createGroup(ctx, { subgroups: [bottom] });
  const top = await createGroup(ctx, { subgroups: [middle] });
  const cycle = (id: number) => `User group ${id} is already a subgroup of one of the passed subgroups.`;
  await refused(ctx, member, top, { add_subgroups: [top] }, cycle(top), 'groups.members.cycles');
  await refused(ctx, member, middle, { add_subgroups: [top] }, cycle(middle), 'groups.members.cycles');
  await refused(ctx, member, bottom, { add_subgroups: [top] }, cycle(bottom), 'groups.members.cycles');
  // A second path to the same group is no cycle.
  expectSuccess(await updateMembers(ctx, member, top, { add_subgroups: [bottom] }), 'groups.members.cycles');
}

async function atomic(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const sub = await createGroup(ctx);
  const group = await createGroup(ctx, { members: [member.userId] });
  // The first two operations would succeed; the last one fails, so none may apply (subgroups here from 311).
  if (ctx.featureLevel >= SUBGROUPS_ON_MEMBERS_SINCE)
    await refused(
      ctx,
      member,
      group,
      { add: [otherMember.userId], add_subgroups: [sub], delete_subgroups: [sub, 999_999_999] },
      'Invalid user group ID: 999999999',
      'groups.members.atomic',
    );
  await refused(
    ctx,
    member,
    group,
    { add: [otherMember.userId], delete: [moderator.userId] },
    `There is no member '${moderator.userId}' in this user group`,
    'groups.members.atomic',
  );
  // In order: a user added by `add` may be removed by `delete` in the same request.
  expectSuccess(await updateMembers(ctx, member, group, { add: [otherMember.userId], delete: [otherMember.userId] }), 'groups.members.atomic');
  expectEqual((await membership(ctx, group)).members, [member.userId], 'members after adding and removing the same user', 'groups.members.atomic');
}

async function permissions(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { owner, administrator, member, otherMember, moderator } = ctx.cast;
  // Made by the member: they manage it; the owner manages every group (can_manage_all_groups); others do not.
  const group = await createGroup(ctx, { members: [otherMember.userId] });
  await refused(ctx, otherMember, group, { add: [moderator.userId] }, 'Insufficient permission', 'groups.members.permission');
  await refused(ctx, moderator, group, { add: [moderator.userId] }, 'Insufficient permission', 'groups.members.permission');
  if (ctx.featureLevel >= SUBGROUPS_ON_MEMBERS_SINCE)
    await refused(ctx, otherMember, group, { add_subgroups: [ids['role:moderators']] }, 'Insufficient permission', 'groups.members.permission');
  expectSuccess(await updateMembers(ctx, owner, group, { add: [administrator.userId] }), 'groups.members.permission');
  expectSuccess(await updateMembers(ctx, member, group, { delete: [administrator.userId] }), 'groups.members.permission');
  // Leaving oneself: can_leave_group is everyone by default; removing others is not.
  await refused(ctx, moderator, group, { delete: [otherMember.userId] }, 'Insufficient permission', 'groups.members.permission');
  expectSuccess(await updateMembers(ctx, otherMember, group, { delete: [otherMember.userId] }), 'groups.members.permission');
  expectEqual((await membership(ctx, group)).members, [], 'members after the member left', 'groups.members.permission');

  // can_join_group lets one add oneself only; can_add_members_group lets one add anyone and add subgroups.
  // These settings appeared at 301, 305 and 308; subgroups on this endpoint at 311.
  if (ctx.featureLevel < Math.max(SUBGROUPS_ON_MEMBERS_SINCE, ...['can_join_group', 'can_add_members_group', 'can_leave_group'].map(groupSettingSince))) return;
  const open = await createGroup(ctx, {
    can_join_group: ids['role:members'],
    can_add_members_group: { direct_members: [moderator.userId], direct_subgroups: [] },
    can_leave_group: ids['role:nobody'],
  });
  expectSuccess(await updateMembers(ctx, otherMember, open, { add: [otherMember.userId] }), 'groups.members.permission');
  await refused(ctx, otherMember, open, { add: [administrator.userId] }, 'Insufficient permission', 'groups.members.permission');
  await refused(ctx, otherMember, open, { delete: [otherMember.userId] }, 'Insufficient permission', 'groups.members.permission');
  expectSuccess(await updateMembers(ctx, moderator, open, { add: [administrator.userId], add_subgroups: [ids['role:owners']] }), 'groups.members.permission');
  // Removing subgroups needs the manage permission.
  await refused(ctx, moderator, open, { delete_subgroups: [ids['role:owners']] }, 'Insufficient permission', 'groups.members.permission');
  expectEqual(
    await membership(ctx, open),
    { members: sorted([otherMember.userId, administrator.userId]), subgroups: [ids['role:owners']] },
    'the open group',
    'groups.members.permission',
  );
}

async function guests(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { guest } = ctx.cast;
  const group = await createGroup(ctx, { members: [guest.userId], can_join_group: ids['role:everyone'] });
  await refused(ctx, guest, group, { delete: [guest.userId] }, 'Not allowed for guest users', 'groups.members.guests');
}

/** POST /user_groups/{id}/deactivate exists at our feature level; a group nobody uses may be deactivated by its manager. */
async function deactivate(ctx: CheckContext, actor: Actor, groupId: number): Promise<void> {
  expectSuccess(await ctx.call(actor, 'POST', `/user_groups/${groupId}/deactivate`));
  const group = await readGroup(ctx, groupId);
  expectTrue(group['deactivated'] === true, `group ${groupId} to be deactivated, got ${JSON.stringify(group)}`);
}

async function deactivatedGroup(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const sub = await createGroup(ctx);
  const group = await createGroup(ctx, { members: [member.userId] });
  await deactivate(ctx, member, group);
  if (ctx.featureLevel < DEACTIVATED_GROUP_MEMBERSHIP_LEVEL) {
    // Frozen before 391: each change refused, the group as it was.
    const frozen = 'groups.members.deactivated-group.frozen';
    await refused(ctx, member, group, { add: [otherMember.userId] }, DEACTIVATED, frozen);
    await refused(ctx, member, group, { add_subgroups: [sub] }, DEACTIVATED, frozen);
    await refused(ctx, member, group, { delete: [member.userId] }, DEACTIVATED, frozen);
    return;
  }
  expectSuccess(await updateMembers(ctx, member, group, { add: [otherMember.userId], add_subgroups: [sub] }), 'groups.members.deactivated-group');
  expectEqual(
    await membership(ctx, group),
    { members: sorted([member.userId, otherMember.userId]), subgroups: [sub] },
    'the deactivated group after adding',
    'groups.members.deactivated-group',
  );
  expectSuccess(await updateMembers(ctx, member, group, { delete: [member.userId], delete_subgroups: [sub] }), 'groups.members.deactivated-group');
  expectEqual(
    await membership(ctx, group),
    { members: [otherMember.userId], subgroups: [] },
    'the deactivated group after removing',
    'groups.members.deactivated-group',
  );
  expectTrue((await readGroup(ctx, group))['deactivated'] === true, 'the group to stay deactivated', 'groups.members.deactivated-group');
}

/** A bot of the member's, made with POST /bots; a target without that endpoint cannot show the clause through the API, and skips. */
async function makeBot(ctx: CheckContext): Promise<Actor> {
  const shortName = ctx
    .unique('bot')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
  const made: TargetResponse = await ctx.call(ctx.cast.member, 'POST', '/bots', { full_name: ctx.unique('Bot'), short_name: shortName });
  if (made.status === 404) throw new CheckSkipped('the target has no POST /bots to make a bot with');
  const body = expectSuccess(made);
  const userId = Number(body['user_id']);
  const apiKey = String(body['api_key']);
  const user = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', `/users/${userId}`))['user'] as Record<string, unknown>;
  const email = typeof body['email'] === 'string' ? body['email'] : String(user['email']);
  return { email, apiKey, userId, fullName: String(user['full_name']), role: Number(user['role']) };
}

async function bots(ctx: CheckContext): Promise<void> {
  const bot = await makeBot(ctx);
  const { otherMember } = ctx.cast;
  const group = await createGroup(ctx, { can_add_members_group: { direct_members: [bot.userId], direct_subgroups: [] } });
  if (ctx.featureLevel < BOT_GROUP_MEMBERSHIP_LEVEL) {
    // Before 496 the endpoint refuses bots, even one the group's setting names.
    await refused(ctx, bot, group, { add: [otherMember.userId] }, NOT_FOR_BOTS, 'groups.members.bots.refused');
    return;
  }
  expectSuccess(await updateMembers(ctx, bot, group, { add: [otherMember.userId, bot.userId] }), 'groups.members.bots');
  expectEqual((await membership(ctx, group)).members, sorted([otherMember.userId, bot.userId]), 'members added by the bot', 'groups.members.bots');
  const before = await membership(ctx, group);
  const refusedAnswer = await updateMembers(ctx, bot, group, { delete: [otherMember.userId] });
  if (refusedAnswer.status === 200) throw new CheckFailure('a bot without the remove permission to be refused', undefined, 'groups.members.bots');
  expectError(refusedAnswer, 400, 'BAD_REQUEST', 'Insufficient permission', 'groups.members.bots');
  expectUnchanged(before, await membership(ctx, group), 'the group', 'groups.members.bots');
}

function check(id: string, title: string, clauses: string[], level: 'spec' | 'compat', run: (ctx: CheckContext) => Promise<void>, since?: number) {
  return { id, title, clauses, level, endpoint: MEMBERS_ENDPOINT, run, ...(since === undefined ? {} : { since }) };
}

export const UPDATE_USER_GROUP_MEMBERS_CHECKS = defineChecks([
  check(
    'groups.members.operations',
    'Given a group, when adding then removing users and a subgroup, then the group shows each change',
    ['groups.members.operations'],
    'spec',
    operations,
  ),
  check(
    'groups.members.active-users-only',
    'Given a deactivated user, when adding or removing them, then it is refused and nothing changes',
    ['groups.members.active-users-only'],
    'spec',
    activeUsersOnly,
  ),
  check(
    'groups.members.deactivated-member',
    'Given a member who is deactivated, when listing or removing them, then they are gone and cannot be named',
    ['groups.members.active-users-only'],
    'spec',
    activeUserRemovedStaysOut,
  ),
  check(
    'groups.members.deactivated-group',
    'Given a deactivated group, when changing its members and subgroups, then the changes apply (before feature level 391, each is refused)',
    ['groups.members.deactivated-group', 'groups.members.deactivated-group.frozen'],
    'spec',
    deactivatedGroup,
  ),
  check(
    'groups.members.bots',
    'Given a bot allowed to add members, when it adds some, then they are added and other rules still hold (before feature level 496, the bot is refused)',
    ['groups.members.bots', 'groups.members.bots.refused'],
    'spec',
    bots,
  ),
  check(
    'groups.members.nothing-to-do',
    'Given no operation, when calling, then "Nothing to do" and nothing changes',
    ['groups.members.nothing-to-do'],
    'compat',
    nothingToDo,
  ),
  check(
    'groups.members.unknown-group',
    'Given an unknown group id, when calling, then "Invalid user group"',
    ['groups.members.unknown-group'],
    'compat',
    unknownGroup,
  ),
  check(
    'groups.members.system-group',
    'Given a system group, when the owner changes it in any way, then "Insufficient permission"',
    ['groups.members.system-group'],
    'compat',
    systemGroup,
  ),
  check(
    'groups.members.already-member',
    'Given a member and a non-member, when adding the one or removing the other, then each is refused',
    ['groups.members.already-member'],
    'compat',
    alreadyMember,
  ),
  check(
    'groups.members.subgroups',
    'Given a subgroup, when adding it again, removing a non-subgroup or an unknown id, then each is refused',
    ['groups.members.subgroups'],
    'compat',
    subgroups,
    // add_subgroups and delete_subgroups appeared at 311 (POST /user_groups/{id}/subgroups before).
    SUBGROUPS_ON_MEMBERS_SINCE,
  ),
  check(
    'groups.members.cycles',
    'Given nested groups, when adding an ancestor (or the group itself) as a subgroup, then it is refused',
    ['groups.members.cycles'],
    'compat',
    cycles,
    SUBGROUPS_ON_MEMBERS_SINCE,
  ),
  check(
    'groups.members.atomic',
    'Given several operations where a later one fails, when calling, then none applies',
    ['groups.members.atomic'],
    'compat',
    atomic,
  ),
  check(
    'groups.members.permission',
    'Given the group settings, when different users change members, then each is allowed or refused as the settings say',
    ['groups.members.permission'],
    'compat',
    permissions,
  ),
  check(
    'groups.members.guests',
    'Given a guest allowed by the group settings, when they call, then guests are refused anyway',
    ['groups.members.guests'],
    'compat',
    guests,
  ),
]);
