/**
 * Helpers the group checks share. Everything goes through the public API:
 * system groups are found by name in GET /user_groups, never by id.
 */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { paramSince, sendsKeyAt } from '../../feature-level.js';
import type { TargetAuth, TargetResponse } from '../../target.js';

export type SystemGroupName =
  | 'role:owners'
  | 'role:administrators'
  | 'role:moderators'
  | 'role:fullmembers'
  | 'role:members'
  | 'role:everyone'
  | 'role:internet'
  | 'role:nobody';

export const SYSTEM_GROUP_NAMES: readonly SystemGroupName[] = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
];

export const GROUP_SETTING_NAMES = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;

/**
 * Keys of group objects the table declares (groupKeysAdded) but the suite
 * cannot read from it, since they are nested in group objects:
 * changelog 290: deactivated; 292: creator_id and date_created.
 */
const GROUP_KEY_SINCE: Readonly<Record<string, number>> = { deactivated: 290, creator_id: 292, date_created: 292 };
/** Changelog 198: can_mention_group_id renamed can_mention_group (added at 191). */
const CAN_MENTION_GROUP_NAMED_SINCE = 198;
/** Changelog 311: subgroups on create, add_subgroups/delete_subgroups on POST /user_groups/{id}/members. */
export const SUBGROUPS_ON_MEMBERS_SINCE = paramSince('create-user-group', 'subgroups') ?? 0;

/** Whether group objects at `level` have this (non-setting) key. */
export function groupKeyAt(level: number, key: string): boolean {
  return level >= (GROUP_KEY_SINCE[key] ?? 0);
}

/** The level a group setting appeared at (as a create parameter and a group object key). */
export function groupSettingSince(setting: string): number {
  const since = paramSince('create-user-group', setting) ?? 0;
  return setting === 'can_mention_group' ? Math.max(since, CAN_MENTION_GROUP_NAMED_SINCE) : since;
}

/** The group settings group objects carry at `level`, under their current names. */
export function groupSettingNamesAt(level: number): (typeof GROUP_SETTING_NAMES)[number][] {
  return GROUP_SETTING_NAMES.filter((setting) => level >= groupSettingSince(setting));
}

export const MEMBERS_ENDPOINT = 'POST /user_groups/{user_group_id}/members';

export async function listGroups(ctx: CheckContext, viewer: TargetAuth = ctx.cast.member, includeDeactivated = false): Promise<Body[]> {
  const params: Record<string, string> = includeDeactivated ? { include_deactivated_groups: 'true' } : {};
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/user_groups', params));
  const groups = body['user_groups'];
  if (!Array.isArray(groups)) throw new CheckFailure(`a user_groups array in GET /user_groups, got ${JSON.stringify(body)}`);
  return groups as Body[];
}

/** The group as the owner sees it (deactivated ones included). */
export async function readGroup(ctx: CheckContext, groupId: number): Promise<Body> {
  const group = (await listGroups(ctx, ctx.cast.owner, true)).find((candidate) => candidate['id'] === groupId);
  if (group === undefined) throw new CheckFailure(`group ${groupId} in GET /user_groups?include_deactivated_groups=true`);
  return group;
}

/** Direct members and subgroups, the part of a group the members endpoint changes. */
export async function membership(ctx: CheckContext, groupId: number): Promise<{ members: number[]; subgroups: number[] }> {
  const group = await readGroup(ctx, groupId);
  return {
    members: [...(group['members'] as number[])].sort((a, b) => a - b),
    subgroups: [...(group['direct_subgroup_ids'] as number[])].sort((a, b) => a - b),
  };
}

const systemIdsCache = new WeakMap<object, Promise<Record<SystemGroupName, number>>>();

export function systemGroupIds(ctx: CheckContext): Promise<Record<SystemGroupName, number>> {
  let ids = systemIdsCache.get(ctx.cast);
  if (ids === undefined) {
    ids = (async () => {
      const groups = await listGroups(ctx, ctx.cast.owner);
      const found: Partial<Record<SystemGroupName, number>> = {};
      for (const name of SYSTEM_GROUP_NAMES) {
        const group = groups.find((candidate) => candidate['name'] === name && candidate['is_system_group'] === true);
        if (group === undefined) throw new CheckFailure(`system group ${name} in GET /user_groups`);
        found[name] = Number(group['id']);
      }
      return found as Record<SystemGroupName, number>;
    })();
    systemIdsCache.set(ctx.cast, ids);
    ids.catch(() => systemIdsCache.delete(ctx.cast));
  }
  return ids;
}

/** Wire form of create/update parameters: strings as they are, everything else JSON. */
export function wireParams(params: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

export function createGroupCall(ctx: CheckContext, actor: Actor, name: string, params: Readonly<Record<string, unknown>> = {}): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/user_groups/create', wireParams({ name, description: `chatref conformance ${name}`, members: [], ...params }));
}

/** A fresh group (unique name) made by `actor`, by default the cast's member; returns its id. */
export async function createGroup(ctx: CheckContext, params: Readonly<Record<string, unknown>> = {}, actor: Actor = ctx.cast.member): Promise<number> {
  const name = ctx.unique('group');
  if (ctx.featureLevel >= SUBGROUPS_ON_MEMBERS_SINCE || !('subgroups' in params)) {
    return createdGroupId(ctx, name, expectSuccess(await createGroupCall(ctx, actor, name, params)));
  }
  // Before 311 creation takes no subgroups: they are added with POST /user_groups/{id}/subgroups.
  const { subgroups, ...rest } = params;
  const id = await createdGroupId(ctx, name, expectSuccess(await createGroupCall(ctx, actor, name, rest)));
  expectSuccess(await ctx.call(actor, 'POST', `/user_groups/${id}/subgroups`, { add: JSON.stringify(subgroups) }));
  return id;
}

/**
 * The id of the group just created under `name`: the answer's group_id, or,
 * from a server older than that key, the id GET /user_groups lists it under.
 */
export async function createdGroupId(ctx: CheckContext, name: string, body: Body): Promise<number> {
  if (typeof body['group_id'] === 'number') return body['group_id'];
  if (sendsKeyAt(ctx.featureLevel, 'create-user-group', 'group_id'))
    throw new CheckFailure(`group_id in POST /user_groups/create, got ${JSON.stringify(body)}`);
  const group = (await listGroups(ctx, ctx.cast.owner)).find((candidate) => candidate['name'] === name);
  if (typeof group?.['id'] !== 'number') throw new CheckFailure(`the new group ${name} in the owner's GET /user_groups`);
  return group['id'];
}

export function updateMembers(ctx: CheckContext, actor: TargetAuth, groupId: number, params: Readonly<Record<string, number[]>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', `/user_groups/${groupId}/members`, wireParams(params));
}

export function sorted(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}
