/** GET /user_groups: the list, its shape, the system groups and group-setting values. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import {
  createGroup,
  groupKeyAt,
  groupSettingNamesAt,
  groupSettingSince,
  listGroups,
  readGroup,
  SYSTEM_GROUP_NAMES,
  sorted,
  systemGroupIds,
} from './support.js';

const ENDPOINT = 'GET /user_groups';
/** Changelog 303: deactivated users are no longer members of groups, nor in anonymous group-setting values. */
const DEACTIVATED_USERS_LEAVE_GROUPS_SINCE = 303;

const FIELDS = ['id', 'name', 'description', 'creator_id', 'date_created', 'members', 'direct_subgroup_ids', 'is_system_group', 'deactivated'];

function isIdList(value: unknown): boolean {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id));
}

/** Either value form, nothing else. */
function isGroupSettingValue(value: unknown): boolean {
  if (Number.isInteger(value)) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  const object = value as Record<string, unknown>;
  return keys.join(',') === 'direct_members,direct_subgroups' && isIdList(object['direct_members']) && isIdList(object['direct_subgroups']);
}

async function listShape(ctx: CheckContext): Promise<void> {
  await createGroup(ctx, { members: [ctx.cast.member.userId] });
  const groups = await listGroups(ctx);
  expectTrue(groups.length >= 9, `at least the 8 system groups and the new one, got ${groups.length} groups`);
  const ids = groups.map((group) => group['id'] as number);
  expectEqual(ids, sorted(ids), 'the groups ordered by id', 'groups.list.shape');
  const fields = FIELDS.filter((field) => groupKeyAt(ctx.featureLevel, field));
  const settings = groupSettingNamesAt(ctx.featureLevel);
  for (const group of groups) {
    for (const field of [...fields, ...settings]) expectTrue(field in group, `field ${field} in ${JSON.stringify(group)}`, 'groups.list.shape');
    expectTrue(
      Number.isInteger(group['id']) && typeof group['name'] === 'string' && typeof group['description'] === 'string',
      `id, name, description types in ${JSON.stringify(group)}`,
      'groups.list.shape',
    );
    expectTrue(
      isIdList(group['members']) && isIdList(group['direct_subgroup_ids']),
      `integer arrays members and direct_subgroup_ids in ${JSON.stringify(group)}`,
      'groups.list.shape',
    );
    expectTrue(
      typeof group['is_system_group'] === 'boolean' && (!groupKeyAt(ctx.featureLevel, 'deactivated') || group['deactivated'] === false),
      `is_system_group boolean and deactivated false in ${JSON.stringify(group)}`,
      'groups.list.shape',
    );
    for (const setting of settings) {
      expectTrue(
        isGroupSettingValue(group[setting]),
        `${setting} to be a group-setting value, got ${JSON.stringify(group[setting])}`,
        'groups.setting-value.forms',
      );
    }
  }
}

async function systemGroups(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const groups = await listGroups(ctx, ctx.cast.owner);
  const byName = (name: (typeof SYSTEM_GROUP_NAMES)[number]) => groups.find((group) => group['id'] === ids[name])!;
  for (const name of SYSTEM_GROUP_NAMES) {
    const group = byName(name);
    if (!groupKeyAt(ctx.featureLevel, 'creator_id')) {
      expectEqual(group['is_system_group'], true, `${name}: is_system_group`, 'groups.list.system-groups');
      continue;
    }
    expectEqual(
      [group['is_system_group'], group['creator_id'], group['date_created']],
      [true, null, null],
      `${name}: is_system_group, creator_id, date_created`,
      'groups.list.system-groups',
    );
  }
  const { cast } = ctx;
  const holds = (name: (typeof SYSTEM_GROUP_NAMES)[number], userId: number) => (byName(name)['members'] as number[]).includes(userId);
  expectTrue(holds('role:owners', cast.owner.userId), `the owner among role:owners members`, 'groups.list.system-groups');
  expectTrue(holds('role:administrators', cast.administrator.userId), `the administrator among role:administrators members`, 'groups.list.system-groups');
  expectTrue(holds('role:moderators', cast.moderator.userId), `the moderator among role:moderators members`, 'groups.list.system-groups');
  expectTrue(
    holds('role:members', cast.member.userId) || holds('role:fullmembers', cast.member.userId),
    `the member among role:members or role:fullmembers members`,
    'groups.list.system-groups',
  );
  expectTrue(holds('role:everyone', cast.guest.userId), `the guest among role:everyone members`, 'groups.list.system-groups');
  expectTrue(
    !holds('role:administrators', cast.owner.userId) && !holds('role:members', cast.guest.userId),
    'members listed directly only (owner not in role:administrators, guest not in role:members)',
    'groups.list.system-groups',
  );
  const nesting: [(typeof SYSTEM_GROUP_NAMES)[number], (typeof SYSTEM_GROUP_NAMES)[number]][] = [
    ['role:administrators', 'role:owners'],
    ['role:moderators', 'role:administrators'],
    ['role:fullmembers', 'role:moderators'],
    ['role:members', 'role:fullmembers'],
    ['role:everyone', 'role:members'],
    ['role:internet', 'role:everyone'],
  ];
  for (const [outer, inner] of nesting) {
    expectEqual(byName(outer)['direct_subgroup_ids'], [ids[inner]], `${outer}'s direct subgroups`, 'groups.list.system-groups');
  }
}

async function membersAndSubgroups(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const sub = await createGroup(ctx, { members: [member.userId] });
  const group = await createGroup(ctx, { members: [otherMember.userId], subgroups: [sub] });
  const read = await readGroup(ctx, group);
  expectEqual(read['members'], [otherMember.userId], 'the direct user members (not those of the subgroup)', 'groups.record.members-and-subgroups');
  expectEqual(read['direct_subgroup_ids'], [sub], 'the direct subgroups', 'groups.record.members-and-subgroups');
}

async function settingValueForms(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member, otherMember } = ctx.cast;
  const sub = await createGroup(ctx);
  const group = await createGroup(ctx, {
    can_join_group: ids['role:members'],
    can_manage_group: { direct_members: [otherMember.userId, member.userId], direct_subgroups: [sub] },
    can_leave_group: { direct_members: [], direct_subgroups: [sub] },
  });
  const read = await readGroup(ctx, group);
  expectEqual(read['can_join_group'], ids['role:members'], 'can_join_group given as an id', 'groups.setting-value.forms');
  const manage = read['can_manage_group'] as Record<string, number[]>;
  expectTrue(
    isGroupSettingValue(manage) && typeof manage === 'object',
    `can_manage_group as an object, got ${JSON.stringify(manage)}`,
    'groups.setting-value.forms',
  );
  expectEqual(sorted(manage['direct_members']!), sorted([member.userId, otherMember.userId]), 'can_manage_group direct_members', 'groups.setting-value.forms');
  expectEqual(manage['direct_subgroups'], [sub], 'can_manage_group direct_subgroups', 'groups.setting-value.forms');
  // An object holding just one group is that group.
  expectEqual(read['can_leave_group'], sub, 'can_leave_group given as {direct_members: [], direct_subgroups: [id]}', 'groups.create.settings');
}

async function noDeactivatedUsers(ctx: CheckContext): Promise<void> {
  const leaving = await ctx.newUser();
  const { member } = ctx.cast;
  const withSetting = ctx.featureLevel >= groupSettingSince('can_add_members_group');
  const group = await createGroup(ctx, {
    members: [leaving.userId, member.userId],
    ...(withSetting ? { can_add_members_group: { direct_members: [leaving.userId, member.userId], direct_subgroups: [] } } : {}),
  });
  const before = await readGroup(ctx, group);
  expectEqual(sorted(before['members'] as number[]), sorted([leaving.userId, member.userId]), 'members before the deactivation');
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${leaving.userId}`));
  const after = await readGroup(ctx, group);
  expectEqual(after['members'], [member.userId], 'members after deactivating one of them', 'groups.setting-value.no-deactivated-users');
  if (!withSetting) return;
  expectEqual(
    after['can_add_members_group'],
    { direct_members: [member.userId], direct_subgroups: [] },
    'the setting value after the deactivation',
    'groups.setting-value.no-deactivated-users',
  );
}

async function deactivatedListed(ctx: CheckContext): Promise<void> {
  const group = await createGroup(ctx);
  expectSuccess(await ctx.call(ctx.cast.member, 'POST', `/user_groups/${group}/deactivate`));
  const visible = (await listGroups(ctx)).some((candidate) => candidate['id'] === group);
  expectTrue(!visible, `deactivated group ${group} not listed by default`, 'groups.list.deactivated');
  const listed = (await listGroups(ctx, ctx.cast.member, true)).find((candidate) => candidate['id'] === group);
  expectTrue(
    listed !== undefined && listed['deactivated'] === true,
    `deactivated group ${group} listed with include_deactivated_groups=true, deactivated true`,
    'groups.list.deactivated',
  );
}

async function guestsRefused(ctx: CheckContext): Promise<void> {
  expectError(await ctx.call(ctx.cast.guest, 'GET', '/user_groups'), 400, 'BAD_REQUEST', 'Not allowed for guest users', 'groups.list.guests');
}

export const GET_USER_GROUPS_CHECKS = defineChecks([
  {
    id: 'groups.list.shape',
    title: 'Given a new group, when listing groups, then every group has all fields, ordered by id',
    clauses: ['groups.list.shape', 'groups.setting-value.forms'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: listShape,
  },
  {
    id: 'groups.list.system-groups',
    title: 'Given the cast, when listing groups, then the system groups hold each role directly and nest',
    clauses: ['groups.list.system-groups'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: systemGroups,
  },
  {
    id: 'groups.list.members-and-subgroups',
    title: 'Given a group with a member and a subgroup, when listing, then both are shown, directly',
    clauses: ['groups.record.members-and-subgroups'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: membersAndSubgroups,
  },
  {
    id: 'groups.list.setting-value-forms',
    title: 'Given settings as an id and as objects, when listing, then each is in one of the two forms',
    clauses: ['groups.setting-value.forms', 'groups.create.settings'],
    level: 'spec',
    // The settings it sets, can_leave_group the newest of them.
    since: Math.max(...['can_join_group', 'can_manage_group', 'can_leave_group'].map(groupSettingSince)),
    endpoint: ENDPOINT,
    run: settingValueForms,
  },
  {
    id: 'groups.list.no-deactivated-users',
    title: 'Given a member who is deactivated, when listing, then they are neither a member nor in direct_members',
    clauses: ['groups.setting-value.no-deactivated-users'],
    level: 'spec',
    // Changelog 303: deactivated users are no longer members of groups (nor in setting values).
    since: DEACTIVATED_USERS_LEAVE_GROUPS_SINCE,
    endpoint: ENDPOINT,
    run: noDeactivatedUsers,
  },
  {
    id: 'groups.list.deactivated',
    title: 'Given a deactivated group, when listing, then it shows only with include_deactivated_groups',
    clauses: ['groups.list.deactivated'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: deactivatedListed,
  },
  {
    id: 'groups.list.guests',
    title: 'Given a guest, when listing groups, then the request is refused',
    clauses: ['groups.list.guests'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: guestsRefused,
  },
]);
