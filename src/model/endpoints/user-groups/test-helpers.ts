/** Shared arrangements for the user-group tests (imported by *.test.ts only). */
import type { Model } from '../../../in-process.js';
import { as, expectSuccess } from '../../../testing/default-realm.js';
import { getRow, withRow } from '../../tables/table.js';

type Actor = Parameters<typeof as>[1];

/** Creates a group through the API and returns its id. */
export function createGroup(model: Model, actor: Actor, name: string, params: Record<string, string | number | number[] | object> = {}): number {
  const wire: Record<string, string> = { name, description: `about ${name}`, members: '[]' };
  for (const [key, value] of Object.entries(params)) wire[key] = typeof value === 'string' ? value : JSON.stringify(value);
  return expectSuccess(as(model, actor).post('/user_groups/create', wire))['group_id'] as number;
}

/** No deactivation endpoint exists yet: flips the stored row. */
export function deactivateGroupDirectly(model: Model, groupId: number): void {
  const group = getRow(model.state.groups, groupId);
  if (group === undefined) throw new Error(`no group ${groupId}`);
  model.reset({ ...model.state, groups: withRow(model.state.groups, groupId, { ...group, deactivated: true }) });
}

export function systemGroupId(model: Model, name: string): number {
  const id = (model.state.systemGroupIds as Record<string, number>)[name];
  if (id === undefined) throw new Error(`no system group ${name}`);
  return id;
}

export function groupRow(model: Model, groupId: number) {
  const group = getRow(model.state.groups, groupId);
  if (group === undefined) throw new Error(`no group ${groupId}`);
  return group;
}
