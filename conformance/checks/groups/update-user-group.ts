/** PATCH /user_groups/{user_group_id}: name, description, settings with {new, old}, reactivation. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { createGroup, groupSettingSince, readGroup, systemGroupIds, wireParams } from './support.js';

const ENDPOINT = 'PATCH /user_groups/{user_group_id}';

function patch(ctx: CheckContext, actor: CheckContext['cast']['member'], groupId: number, params: Record<string, unknown>) {
  return ctx.call(actor, 'PATCH', `/user_groups/${groupId}`, wireParams(params));
}

async function nameAndDescription(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const group = await createGroup(ctx);
  const name = ctx.unique('renamed');
  expectError(await patch(ctx, otherMember, group, { name }), 400, 'BAD_REQUEST', 'Insufficient permission', 'groups.update.name-description');
  expectError(
    await patch(ctx, member, group, { name: `role:${name}` }),
    400,
    'BAD_REQUEST',
    "User group name cannot start with 'role:'.",
    'groups.update.name-description',
  );
  const unchanged = await readGroup(ctx, group);
  expectSuccess(await patch(ctx, member, group, { name, description: 'changed' }), 'groups.update.name-description');
  const read = await readGroup(ctx, group);
  expectEqual([read['name'], read['description']], [name, 'changed'], 'name and description after the change', 'groups.update.name-description');
  expectEqual(unchanged['name'] === name, false, 'the refused renames to have changed nothing', 'groups.update.name-description');
}

async function settings(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member } = ctx.cast;
  const group = await createGroup(ctx);
  const mismatch = await patch(ctx, member, group, { can_join_group: { new: ids['role:members'], old: ids['role:everyone'] } });
  expectError(mismatch, 400, 'EXPECTATION_MISMATCH', undefined, 'groups.update.settings');
  expectEqual((await readGroup(ctx, group))['can_join_group'], ids['role:nobody'], 'can_join_group after the mismatch', 'groups.update.settings');
  expectSuccess(await patch(ctx, member, group, { can_join_group: { new: ids['role:members'], old: ids['role:nobody'] } }), 'groups.update.settings');
  expectEqual((await readGroup(ctx, group))['can_join_group'], ids['role:members'], 'can_join_group after the change', 'groups.update.settings');
}

async function reactivate(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const group = await createGroup(ctx);
  expectSuccess(await ctx.call(member, 'POST', `/user_groups/${group}/deactivate`));
  expectSuccess(await patch(ctx, member, group, { deactivated: false }), 'groups.update.reactivate');
  expectEqual((await readGroup(ctx, group))['deactivated'], false, 'deactivated after reactivating', 'groups.update.reactivate');
}

export const UPDATE_USER_GROUP_CHECKS = defineChecks([
  {
    id: 'groups.update.name-description',
    title: 'Given a group, when its manager and another member rename it, then only the manager’s valid change applies',
    clauses: ['groups.update.name-description'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: nameAndDescription,
  },
  {
    id: 'groups.update.settings',
    title: 'Given a setting, when changing it with a stale old value and then a right one, then only the second applies',
    clauses: ['groups.update.settings'],
    level: 'compat',
    // The setting it changes appeared at 301 (group settings took {new, old} from 260).
    since: groupSettingSince('can_join_group'),
    endpoint: ENDPOINT,
    run: settings,
  },
  {
    id: 'groups.update.reactivate',
    title: 'Given a deactivated group, when patching deactivated=false, then it is active again',
    clauses: ['groups.update.reactivate'],
    level: 'compat',
    // Changelog 386: the deactivated parameter (reactivation).
    since: paramSince('update-user-group', 'deactivated'),
    endpoint: ENDPOINT,
    run: reactivate,
  },
]);
