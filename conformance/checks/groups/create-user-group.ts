/** POST /user_groups/create: the answer, the defaults, names, members and who may create. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import { createdGroupId, createGroupCall, groupKeyAt, groupSettingNamesAt, listGroups, readGroup, sorted, systemGroupIds } from './support.js';

const ENDPOINT = 'POST /user_groups/create';

async function isListed(ctx: CheckContext, name: string): Promise<boolean> {
  return (await listGroups(ctx, ctx.cast.owner, true)).some((group) => group['name'] === name);
}

async function response(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const name = ctx.unique('crew');
  const body = expectSuccess(
    await createGroupCall(ctx, member, name, { description: 'a crew', members: [otherMember.userId, member.userId, moderator.userId] }),
    'groups.create.response',
  );
  if (sendsKeyAt(ctx.featureLevel, 'create-user-group', 'group_id'))
    expectTrue(Number.isInteger(body['group_id']), `an integer group_id, got ${JSON.stringify(body)}`, 'groups.create.response');
  const group = await readGroup(ctx, await createdGroupId(ctx, name, body));
  // creator_id and date_created from 292, deactivated from 290 (the keys a level has are compared).
  const expected: [string, unknown][] = [
    ['name', name],
    ['description', 'a crew'],
    ['creator_id', member.userId],
    ['is_system_group', false],
    ['deactivated', false],
  ];
  const keys = expected.filter(([key]) => groupKeyAt(ctx.featureLevel, key));
  expectEqual(
    keys.map(([key]) => group[key]),
    keys.map(([, value]) => value),
    `${keys.map(([key]) => key).join(', ')} of the new group`,
    'groups.create.response',
  );
  expectEqual(sorted(group['members'] as number[]), sorted([member.userId, otherMember.userId, moderator.userId]), 'the members', 'groups.create.response');
  if (groupKeyAt(ctx.featureLevel, 'date_created'))
    expectTrue(Number.isInteger(group['date_created']), `date_created as an integer, got ${JSON.stringify(group['date_created'])}`, 'groups.create.response');
}

async function defaults(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member } = ctx.cast;
  const name = ctx.unique('defaults');
  const body = expectSuccess(await createGroupCall(ctx, member, name));
  const group = await readGroup(ctx, await createdGroupId(ctx, name, body));
  const creator = { direct_members: [member.userId], direct_subgroups: [] };
  const defaultsByName: Record<string, unknown> = {
    can_add_members_group: creator,
    can_manage_group: creator,
    can_join_group: ids['role:nobody'],
    can_remove_members_group: ids['role:nobody'],
    can_leave_group: ids['role:everyone'],
    can_mention_group: ids['role:everyone'],
  };
  // The settings the level has (each appeared at its own level).
  const settings = groupSettingNamesAt(ctx.featureLevel);
  expectEqual(
    Object.fromEntries(settings.map((setting) => [setting, group[setting]])),
    Object.fromEntries(settings.map((setting) => [setting, defaultsByName[setting]])),
    'the default group settings',
    'groups.create.defaults',
  );
}

async function names(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const refused = async (name: string, msg: string) => {
    expectError(await createGroupCall(ctx, member, name), 400, 'BAD_REQUEST', msg, 'groups.create.name');
  };
  await refused('', "User group name can't be empty!");
  const long = `${ctx.unique('long')}-${'x'.repeat(100)}`;
  await refused(long, 'User group name cannot exceed 100 characters.');
  for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:']) {
    await refused(`${prefix}${ctx.unique('prefixed')}`, `User group name cannot start with '${prefix}'.`);
  }
  const taken = ctx.unique('taken');
  expectSuccess(await createGroupCall(ctx, member, taken));
  await refused(taken, `User group '${taken}' already exists.`);
  expectTrue(!(await isListed(ctx, long)), 'no group with the over-long name', 'groups.create.name');
  expectEqual(
    (await listGroups(ctx, ctx.cast.owner, true)).filter((group) => group['name'] === taken).length,
    1,
    'groups named like the taken name',
    'groups.create.name',
  );
}

async function membersActive(ctx: CheckContext): Promise<void> {
  const gone = await ctx.newUser();
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${gone.userId}`));
  const name = ctx.unique('inactive');
  expectError(
    await createGroupCall(ctx, ctx.cast.member, name, { members: [ctx.cast.member.userId, gone.userId] }),
    400,
    'BAD_REQUEST',
    `Invalid user ID: ${gone.userId}`,
    'groups.create.members-active',
  );
  expectError(
    await createGroupCall(ctx, ctx.cast.member, name, { members: [999_999_999] }),
    400,
    'BAD_REQUEST',
    'Invalid user ID: 999999999',
    'groups.create.members-active',
  );
  expectTrue(!(await isListed(ctx, name)), 'no group made by the refused requests', 'groups.create.members-active');
}

async function guests(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('guest');
  expectError(await createGroupCall(ctx, ctx.cast.guest, name), 400, 'BAD_REQUEST', 'Not allowed for guest users', 'groups.create.permission');
  expectTrue(!(await isListed(ctx, name)), 'no group made by the guest', 'groups.create.permission');
}

export const CREATE_USER_GROUP_CHECKS = defineChecks([
  {
    id: 'groups.create.response',
    title: 'Given a member, when creating a group, then it answers group_id and the group is listed as given',
    clauses: ['groups.create.response'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: response,
  },
  {
    id: 'groups.create.defaults',
    title: 'Given no settings, when creating a group, then the settings take the real server’s defaults',
    clauses: ['groups.create.defaults'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: defaults,
  },
  {
    id: 'groups.create.name',
    title: 'Given bad or taken names, when creating, then each is refused with its message and nothing is made',
    clauses: ['groups.create.name'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: names,
  },
  {
    id: 'groups.create.members-active',
    title: 'Given a deactivated or unknown member, when creating, then it is refused and nothing is made',
    clauses: ['groups.create.members-active'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: membersActive,
  },
  {
    id: 'groups.create.guests',
    title: 'Given a guest, when creating a group, then it is refused and nothing is made',
    clauses: ['groups.create.permission'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: guests,
  },
]);
