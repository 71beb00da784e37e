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

/** Flips the stored row, bypassing the endpoint's checks and events. */
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

type ApiEvent = { type: string; op?: string; [key: string]: any };
type Credentials = { readonly email: string; readonly apiKey: string };

/**
 * Registers a queue as `actor` (fetching no state) and returns a reader of
 * the events that arrived since the last read, without their ids.
 */
export function listen(model: Model, auth: Credentials, capabilities: Record<string, boolean> = {}): () => ApiEvent[] {
  const client_capabilities = JSON.stringify({ notification_settings_null: true, ...capabilities });
  const queueId = expectSuccess(model.call('POST', '/register', { fetch_event_types: '[]', client_capabilities }, { auth }))['queue_id'] as string;
  let last = -1;
  return () => {
    const params = { queue_id: queueId, last_event_id: String(last), dont_block: 'true' };
    const events = expectSuccess(model.call('GET', '/events', params, { auth }))['events'] as (ApiEvent & { id: number })[];
    if (events.length > 0) last = events[events.length - 1]!.id;
    return events.map(({ id: _id, ...event }) => event);
  };
}

/** POST /register as `actor` for these types, without the queue's own fields. */
export function registerState(model: Model, auth: Credentials, fetch: readonly string[], capabilities: Record<string, boolean> = {}) {
  const client_capabilities = JSON.stringify({ notification_settings_null: true, ...capabilities });
  const body = expectSuccess(model.call('POST', '/register', { fetch_event_types: JSON.stringify(fetch), client_capabilities }, { auth }));
  const { queue_id: _queueId, last_event_id: _lastEventId, result: _result, msg: _msg, ...state } = body;
  return state as Record<string, any>;
}

/** The real server's apply_event for user_group and realm update_dict events (zerver/lib/events.py), on a register state. */
export function applyEvents(state: Record<string, any>, events: readonly ApiEvent[]): void {
  const groupOf = (id: number) => (state['realm_user_groups'] as Record<string, any>[]).find((group) => group['id'] === id);
  const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  for (const event of events) {
    if (event.type === 'realm' && event.op === 'update_dict') {
      for (const [key, value] of Object.entries(event['data'] as object)) state[`realm_${key}`] = value;
    }
    if (event.type !== 'user_group' || state['realm_user_groups'] === undefined) continue;
    const group = groupOf(event['group_id']);
    if (event.op === 'add') {
      state['realm_user_groups'] = [...state['realm_user_groups'], event['group']].sort((a, b) => a['id'] - b['id']);
    } else if (event.op === 'remove') {
      state['realm_user_groups'] = state['realm_user_groups'].filter((candidate: Record<string, any>) => candidate['id'] !== event['group_id']);
    } else if (group !== undefined && event.op === 'update') {
      Object.assign(group, event['data']);
    } else if (group !== undefined && event.op === 'add_members') {
      group['members'] = ascending([...group['members'], ...event['user_ids']]);
    } else if (group !== undefined && event.op === 'remove_members') {
      group['members'] = group['members'].filter((id: number) => !event['user_ids'].includes(id));
    } else if (group !== undefined && event.op === 'add_subgroups') {
      group['direct_subgroup_ids'] = ascending([...group['direct_subgroup_ids'], ...event['direct_subgroup_ids']]);
    } else if (group !== undefined && event.op === 'remove_subgroups') {
      group['direct_subgroup_ids'] = group['direct_subgroup_ids'].filter((id: number) => !event['direct_subgroup_ids'].includes(id));
    }
  }
}
