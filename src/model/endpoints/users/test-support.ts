/**
 * Shared arrangements for the users event tests (imported by *.test.ts
 * only): a register of the user-related state, and a client that applies
 * events to it the way the real server's apply_event (zerver/lib/events.py)
 * does, so that a test can compare it with a fresh register.
 */
import type { Model } from '../../../in-process.js';
import { expectSuccess } from '../../../testing/default-realm.js';
import { presentInaccessibleUser } from '../../present/inaccessible-user.js';
import { getRow } from '../../tables/table.js';
import { applyEvents as applyGroupAndRealmEvents } from '../user-groups/test-helpers.js';

export { listen } from '../user-groups/test-helpers.js';

type Credentials = { readonly email: string; readonly apiKey: string };
type ApiEvent = { type: string; op?: string; [key: string]: any };
type Dict = Record<string, any>;

/** What the tests compare: the register keys the users actions must keep true. */
const FETCHED = ['realm', 'realm_user', 'realm_user_groups', 'user_status', 'custom_profile_fields', 'subscription', 'stream'] as const;
const COMPARED = [
  'realm_users',
  'realm_non_active_users',
  'realm_user_groups',
  'user_status',
  'custom_profile_fields',
  'subscriptions',
  'never_subscribed',
  'streams',
  'email',
  'delivery_email',
  'full_name',
  'is_admin',
  'is_owner',
  'is_moderator',
  'is_guest',
] as const;

/** POST /register for the compared keys (no client_gravatar, subscribers included), as a client keeps it. */
export function registerUsers(model: Model, auth: Credentials, capabilities: Record<string, boolean> = {}): Dict {
  const params = {
    fetch_event_types: JSON.stringify(FETCHED),
    client_gravatar: 'false',
    include_subscribers: 'true',
    client_capabilities: JSON.stringify({ notification_settings_null: true, ...capabilities }),
  };
  const body = expectSuccess(model.call('POST', '/register', params, { auth }));
  const state: Dict = {};
  for (const key of COMPARED) state[key] = structuredClone(body[key]);
  // The organization's group settings, which may list users by id.
  for (const key of Object.keys(body)) if (key.startsWith('realm_can_')) state[key] = structuredClone(body[key]);
  // No event keeps subscriber_count: the real apply_event leaves it alone on peer_add and peer_remove.
  for (const key of ['subscriptions', 'never_subscribed', 'streams']) for (const stream of state[key]) delete stream['subscriber_count'];
  return state;
}

const ROLE_FLAGS = (role: number) => ({ is_admin: role <= 200, is_owner: role === 100, is_guest: role === 600 });

function withoutSubscriber(state: Dict, userId: number): void {
  for (const key of ['subscriptions', 'never_subscribed']) {
    for (const sub of state[key] as Dict[])
      if (Array.isArray(sub['subscribers'])) sub['subscribers'] = sub['subscribers'].filter((id: number) => id !== userId);
  }
}

function withoutGroupMember(state: Dict, userId: number): void {
  for (const [key, value] of Object.entries(state)) {
    if (key.startsWith('realm_can_') && typeof value === 'object' && value !== null)
      value['direct_members'] = value['direct_members'].filter((id: number) => id !== userId);
  }
  for (const group of state['realm_user_groups'] as Dict[]) {
    group['members'] = group['members'].filter((id: number) => id !== userId);
    for (const [key, value] of Object.entries(group)) {
      if (key.startsWith('can_') && typeof value === 'object' && value !== null)
        value['direct_members'] = value['direct_members'].filter((id: number) => id !== userId);
    }
  }
}

function applyRealmUser(model: Model, state: Dict, raw: Map<number, Dict>, event: ApiEvent, self: number, userListIncomplete: boolean): void {
  const person = event['person'] as Dict;
  const id = person['user_id'] as number;
  if (event.op === 'add') {
    const added: Dict = { ...structuredClone(person), is_active: true };
    if (!added['is_bot']) added['profile_data'] = {};
    raw.set(id, added);
    return;
  }
  if (event.op === 'remove') {
    if (userListIncomplete) raw.delete(id);
    else raw.set(id, presentInaccessibleUser(model.state, getRow(model.state.users, id)!));
    withoutSubscriber(state, id);
    return;
  }
  if (id === self) {
    if ('role' in person) Object.assign(state, { ...ROLE_FLAGS(person['role']), is_moderator: person['role'] <= 300 });
    for (const key of ['delivery_email', 'email', 'full_name']) if (key in person) state[key] = person[key];
    if ('new_email' in person) state['email'] = person['new_email'];
  }
  const known = raw.get(id);
  if (known === undefined) return;
  for (const key of Object.keys(known)) if (key in person) known[key] = person[key];
  if ('role' in person) Object.assign(known, ROLE_FLAGS(person['role']));
  if ('custom_profile_field' in person) {
    const { id: fieldId, value, rendered_value: rendered } = person['custom_profile_field'];
    if (value === null) delete known['profile_data'][String(fieldId)];
    else known['profile_data'][String(fieldId)] = rendered === undefined ? { value } : { value, rendered_value: rendered };
  }
  if ('new_email' in person) known['email'] = person['new_email'];
  if (person['is_active'] === false) {
    withoutSubscriber(state, id);
    withoutGroupMember(state, id);
  }
}

function applyUserStatus(state: Dict, event: ApiEvent): void {
  const key = String(event['user_id']);
  const status = (state['user_status'][key] ??= {});
  if (event['away'] !== undefined) {
    if (event['away']) status['away'] = true;
    else delete status['away'];
  }
  // As the real apply_event does, the emoji fields count only alongside status_text.
  if (event['status_text'] !== undefined) {
    if (event['status_text'] === '') delete status['status_text'];
    else status['status_text'] = event['status_text'];
    if (event['emoji_name'] !== undefined) {
      for (const field of ['emoji_name', 'emoji_code']) {
        if (event[field] === '') delete status[field];
        else status[field] = event[field];
      }
      if (event['reaction_type'] === 'unicode_emoji' && event['emoji_name'] === '') delete status['reaction_type'];
      else status['reaction_type'] = event['reaction_type'];
    }
  }
  if (Object.keys(status).length === 0) delete state['user_status'][key];
}

function applyChannelEvent(state: Dict, event: ApiEvent): void {
  const ids = new Set<number>(event['stream_ids'] ?? []);
  if (event.type === 'subscription') {
    for (const key of ['subscriptions', 'never_subscribed']) {
      for (const sub of state[key] as Dict[]) {
        if (!ids.has(sub['stream_id']) || !Array.isArray(sub['subscribers'])) continue;
        const next = new Set<number>(sub['subscribers']);
        for (const userId of event['user_ids']) event.op === 'peer_add' ? next.add(userId) : next.delete(userId);
        sub['subscribers'] = [...next].sort((a, b) => a - b);
      }
    }
    return;
  }
  const byName = (a: Dict, b: Dict) => (a['name'] < b['name'] ? -1 : a['name'] > b['name'] ? 1 : 0);
  if (event.op === 'create') {
    for (const { subscriber_count: _count, ...stream } of event['streams'] as Dict[]) {
      state['never_subscribed'].push({ ...structuredClone(stream), subscribers: [] });
      state['streams'].push(structuredClone(stream));
    }
    state['never_subscribed'].sort(byName);
    state['streams'].sort(byName);
  } else if (event.op === 'update') {
    // As the real apply_event: matched by the name the event carries.
    for (const key of ['subscriptions', 'never_subscribed', 'streams']) {
      for (const stream of state[key] as Dict[]) if (stream['name'].toLowerCase() === event['name'].toLowerCase()) stream[event['property']] = event['value'];
    }
  } else if (event.op === 'delete') {
    for (const key of ['subscriptions', 'never_subscribed', 'streams']) state[key] = state[key].filter((stream: Dict) => !ids.has(stream['stream_id']));
  }
}

/** Applies events to a state from `registerUsers` the way the real server's apply_event does. */
export function applyUserEvents(model: Model, state: Dict, events: readonly ApiEvent[], self: number, userListIncomplete = false): void {
  const raw = new Map<number, Dict>();
  for (const user of state['realm_users']) raw.set(user['user_id'], { ...user, is_active: true });
  for (const user of state['realm_non_active_users']) raw.set(user['user_id'], { ...user, is_active: false });
  for (const event of events) {
    if (event.type === 'realm_user') applyRealmUser(model, state, raw, event, self, userListIncomplete);
    else if (event.type === 'user_status') applyUserStatus(state, event);
    else if (event.type === 'custom_profile_fields') state['custom_profile_fields'] = structuredClone(event['fields']);
    else if (event.type === 'subscription' || event.type === 'stream') applyChannelEvent(state, event);
    else applyGroupAndRealmEvents(state, [event]);
  }
  const sorted = [...raw.values()].sort((a, b) => a['user_id'] - b['user_id']);
  const strip = ({ is_active: _isActive, ...user }: Dict) => user;
  state['realm_users'] = sorted.filter((user) => user['is_active']).map(strip);
  state['realm_non_active_users'] = sorted.filter((user) => !user['is_active']).map(strip);
}
