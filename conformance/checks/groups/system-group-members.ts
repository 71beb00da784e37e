/**
 * The system groups as seen through the API: who each holds directly (GET
 * /user_groups) and who belongs to each at any depth (GET
 * /user_groups/{id}/members/{user_id}), for every role of the cast, and how
 * the organization's waiting period moves a new member between
 * role:fullmembers and role:members.
 */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { realmSetting } from '../realm/support.js';
import { listGroups, SYSTEM_GROUP_NAMES, type SystemGroupName, systemGroupIds } from './support.js';

const LIST = 'GET /user_groups';
const IS_MEMBER = 'GET /user_groups/{user_group_id}/members/{user_id}';

/** The real server's descriptions (reference server-core §7). */
const DESCRIPTIONS: Readonly<Record<SystemGroupName, string>> = {
  'role:owners': 'Owners of this organization',
  'role:administrators': 'Administrators of this organization, including owners',
  'role:moderators': 'Moderators of this organization, including administrators',
  'role:fullmembers': 'Members of this organization, not including new accounts and guests',
  'role:members': 'Members of this organization, not including guests',
  'role:everyone': 'Everyone in this organization, including guests',
  'role:internet': 'Everyone on the Internet',
  'role:nobody': 'Nobody',
};

type CastRole = 'owner' | 'administrator' | 'moderator' | 'member' | 'otherMember' | 'guest';

const CAST_ROLES: readonly CastRole[] = ['owner', 'administrator', 'moderator', 'member', 'otherMember', 'guest'];

/** With a waiting period of 0 days: the one system group holding each cast user directly. */
/** Every role-400 user is a direct member of role:members; a full member directly of role:fullmembers too. */
const DIRECT_GROUPS: Readonly<Record<CastRole, readonly SystemGroupName[]>> = {
  owner: ['role:owners'],
  administrator: ['role:administrators'],
  moderator: ['role:moderators'],
  member: ['role:fullmembers', 'role:members'],
  otherMember: ['role:fullmembers', 'role:members'],
  guest: ['role:everyone'],
};

/** With a waiting period of 0 days: the system groups each cast user is in, directly or through subgroups. */
const RECURSIVE_GROUPS: Readonly<Record<CastRole, readonly SystemGroupName[]>> = {
  owner: ['role:owners', 'role:administrators', 'role:moderators', 'role:fullmembers', 'role:members', 'role:everyone', 'role:internet'],
  administrator: ['role:administrators', 'role:moderators', 'role:fullmembers', 'role:members', 'role:everyone', 'role:internet'],
  moderator: ['role:moderators', 'role:fullmembers', 'role:members', 'role:everyone', 'role:internet'],
  member: ['role:fullmembers', 'role:members', 'role:everyone', 'role:internet'],
  otherMember: ['role:fullmembers', 'role:members', 'role:everyone', 'role:internet'],
  guest: ['role:everyone', 'role:internet'],
};

/** Runs `body` with the organization's waiting period at `days`, then puts the previous value back. */
async function withWaitingPeriod(ctx: CheckContext, days: number, body: () => Promise<void>): Promise<void> {
  const original = Number(await realmSetting(ctx, 'waiting_period_threshold'));
  const set = (value: number) => ctx.call(ctx.cast.owner, 'PATCH', '/realm', { waiting_period_threshold: String(value) });
  if (original !== days) expectSuccess(await set(days));
  try {
    await body();
  } finally {
    if (original !== days) await set(original);
  }
}

/** The system groups whose listed (direct) members include the user. */
async function directGroupsOf(ctx: CheckContext, userIds: readonly number[]): Promise<Map<number, SystemGroupName[]>> {
  const ids = await systemGroupIds(ctx);
  const groups = await listGroups(ctx, ctx.cast.owner);
  const found = new Map<number, SystemGroupName[]>(userIds.map((userId) => [userId, []]));
  for (const name of SYSTEM_GROUP_NAMES) {
    const members = (groups.find((group) => group['id'] === ids[name])?.['members'] ?? []) as number[];
    for (const userId of userIds) if (members.includes(userId)) found.get(userId)!.push(name);
  }
  return found;
}

async function isMemberOf(ctx: CheckContext, groupId: number, userId: number, directOnly = false): Promise<unknown> {
  const params: Record<string, string> = directOnly ? { direct_member_only: 'true' } : {};
  return expectSuccess(await ctx.call(ctx.cast.member, 'GET', `/user_groups/${groupId}/members/${userId}`, params), 'groups.read.is-member')[
    'is_user_group_member'
  ];
}

async function namesAndDirectMembers(ctx: CheckContext): Promise<void> {
  await withWaitingPeriod(ctx, 0, async () => {
    const ids = await systemGroupIds(ctx);
    const groups = await listGroups(ctx, ctx.cast.owner);
    for (const name of SYSTEM_GROUP_NAMES) {
      const group = groups.find((candidate) => candidate['id'] === ids[name]);
      expectEqual(
        [group?.['name'], group?.['description'], group?.['is_system_group']],
        [name, DESCRIPTIONS[name], true],
        `${name}: name, description, is_system_group`,
        'groups.list.system-groups',
      );
    }
    expectEqual(
      groups.find((group) => group['id'] === ids['role:owners'])?.['direct_subgroup_ids'],
      [],
      'role:owners has no subgroups',
      'groups.list.system-groups',
    );
    expectEqual(
      groups.find((group) => group['id'] === ids['role:nobody'])?.['direct_subgroup_ids'],
      [],
      'role:nobody has no subgroups',
      'groups.list.system-groups',
    );
    // Other users of a real organization may be listed too; only the cast's places are asserted.
    const cast = CAST_ROLES.map((role) => ctx.cast[role]);
    const direct = await directGroupsOf(
      ctx,
      cast.map((actor) => actor.userId),
    );
    for (const role of CAST_ROLES) {
      expectEqual(
        direct.get(ctx.cast[role].userId),
        DIRECT_GROUPS[role],
        `the system groups listing the ${role} (role ${ctx.cast[role].role}) among their members`,
        'groups.list.system-groups',
      );
    }
  });
}

async function recursiveMembership(ctx: CheckContext): Promise<void> {
  await withWaitingPeriod(ctx, 0, async () => {
    const ids = await systemGroupIds(ctx);
    for (const role of CAST_ROLES) {
      const actor: Actor = ctx.cast[role];
      const inGroups: SystemGroupName[] = [];
      const directly: SystemGroupName[] = [];
      for (const name of SYSTEM_GROUP_NAMES) {
        if ((await isMemberOf(ctx, ids[name], actor.userId)) === true) inGroups.push(name);
        if ((await isMemberOf(ctx, ids[name], actor.userId, true)) === true) directly.push(name);
      }
      expectEqual(inGroups, RECURSIVE_GROUPS[role], `the system groups the ${role} is a member of (recursively)`, 'groups.read.is-member');
      expectEqual(directly, DIRECT_GROUPS[role], `the system groups the ${role} is a direct member of`, 'groups.read.is-member');
    }
  });
}

/** The system groups listing the user directly, and whether they are in role:fullmembers and role:members at all. */
async function standing(ctx: CheckContext, userId: number): Promise<{ direct: SystemGroupName[]; full: unknown; member: unknown }> {
  const ids = await systemGroupIds(ctx);
  const direct = (await directGroupsOf(ctx, [userId])).get(userId)!;
  return { direct, full: await isMemberOf(ctx, ids['role:fullmembers'], userId), member: await isMemberOf(ctx, ids['role:members'], userId) };
}

async function waitingPeriod(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  await withWaitingPeriod(ctx, 0, async () => {
    const newcomer = await ctx.newUser();
    expectEqual(
      await standing(ctx, newcomer.userId),
      { direct: ['role:fullmembers', 'role:members'], full: true, member: true },
      'a new member with a waiting period of 0 days',
      'groups.list.waiting-period',
    );
    // An account at least a second old (but far from a day) tells a period counted in days from one counted in seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await withWaitingPeriod(ctx, 1, async () => {
      expectEqual(
        await standing(ctx, newcomer.userId),
        { direct: ['role:members'], full: false, member: true },
        'a new member with a waiting period of 1 day',
        'groups.list.waiting-period',
      );
      // The waiting period never concerns moderators and above, nor makes guests members.
      expectEqual(
        await isMemberOf(ctx, ids['role:fullmembers'], ctx.cast.moderator.userId),
        true,
        'the moderator in role:fullmembers during a waiting period',
        'groups.list.waiting-period',
      );
      expectEqual(
        await isMemberOf(ctx, ids['role:fullmembers'], ctx.cast.guest.userId),
        false,
        'the guest in role:fullmembers during a waiting period',
        'groups.list.waiting-period',
      );
      expectEqual(
        await isMemberOf(ctx, ids['role:members'], ctx.cast.guest.userId),
        false,
        'the guest in role:members during a waiting period',
        'groups.list.waiting-period',
      );
    });
    expectEqual(
      await standing(ctx, newcomer.userId),
      { direct: ['role:fullmembers', 'role:members'], full: true, member: true },
      'the new member once the waiting period is 0 days again',
      'groups.list.waiting-period',
    );
  });
}

export const SYSTEM_GROUP_MEMBER_CHECKS = defineChecks([
  {
    id: 'groups.list.system-group-direct-members',
    title:
      'Given the cast and a waiting period of 0, when listing groups, then each system group has its real name and description and lists exactly the cast users of its role',
    clauses: ['groups.list.system-groups'],
    level: 'compat',
    endpoint: LIST,
    run: namesAndDirectMembers,
  },
  {
    id: 'groups.read.system-group-membership',
    title:
      'Given the cast and a waiting period of 0, when asking about each system group, then each user is a member of the groups of their role and those above it, and directly of the groups of their role (a full member of both role:members and role:fullmembers)',
    clauses: ['groups.read.is-member'],
    level: 'compat',
    endpoint: IS_MEMBER,
    run: recursiveMembership,
  },
  {
    id: 'groups.list.waiting-period',
    title:
      'Given a new member, when the waiting period goes from 0 to 1 day and back, then the member leaves role:fullmembers and comes back, staying a direct member of role:members',
    clauses: ['groups.list.waiting-period'],
    level: 'compat',
    endpoint: LIST,
    run: waitingPeriod,
  },
]);
