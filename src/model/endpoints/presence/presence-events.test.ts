import { describe, expect, it } from 'vitest';
import { applyEvents, DEFAULT_APPLY_OPTIONS } from '../../../../conformance/events/apply-event.js';
import { as, CORDELIA, expectSuccess, HAMLET, HAMLET_BOT, IAGO, POLONIUS, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';
import { clockedModel } from './test-support.js';

type Model = ReturnType<typeof clockedModel>['model'];

function register(model: Model, auth: { email: string; apiKey: string }, params: Record<string, string> = {}) {
  return expectSuccess(model.call('POST', '/register', { fetch_event_types: '["presence"]', ...params }, { auth }));
}

const LEGACY_ACTIVE = { client: 'website', status: 'active', timestamp: T0, pushable: false };

describe('presence events', () => {
  it('tell everyone, bots included, of a new row: legacy form, modern form with simplified_presence_events', () => {
    const { model } = clockedModel();
    const [iago, cordelia, bot] = [listen(model, IAGO), listen(model, CORDELIA, { simplified_presence_events: true }), listen(model, HAMLET_BOT)];
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    const legacy = { type: 'presence', user_id: HAMLET.userId, email: HAMLET.email, server_timestamp: T0, presence: { website: LEGACY_ACTIVE } };
    expect(iago()).toEqual([legacy]);
    expect(bot()).toEqual([legacy]);
    expect(cordelia()).toEqual([{ type: 'presence', presences: { [HAMLET.userId]: { active_timestamp: T0, idle_timestamp: T0 } } }]);
  });

  it('leave the email out for slim_presence queues', () => {
    const { model } = clockedModel();
    const queueId = register(model, IAGO, { fetch_event_types: '[]', slim_presence: 'true' })['queue_id'];
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }));
    const events = expectSuccess(model.call('GET', '/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }, { auth: IAGO }))['events'];
    expect(events).toEqual([
      { id: 0, type: 'presence', user_id: HAMLET.userId, server_timestamp: T0, presence: { website: { ...LEGACY_ACTIVE, status: 'idle' } } },
    ]);
  });

  it('stay quiet while a user stays online, and come again when they are back after a gap', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    const iago = listen(model, IAGO);
    advance(60);
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(60);
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }));
    expect(iago()).toEqual([]);
    advance(100);
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    expect(iago()).toEqual([
      {
        type: 'presence',
        user_id: HAMLET.userId,
        email: HAMLET.email,
        server_timestamp: T0 + 220,
        presence: { website: { ...LEGACY_ACTIVE, timestamp: T0 + 220 } },
      },
    ]);
  });

  it('follow presence_enabled: turning it off backdates a recent row, turning it on reports the user active', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(10);
    const iago = listen(model, IAGO, { simplified_presence_events: true });
    expectSuccess(as(model, HAMLET).patch('/settings', { presence_enabled: 'false' }));
    const backdated = T0 + 10 - 205;
    expect(iago()).toEqual([{ type: 'presence', presences: { [HAMLET.userId]: { active_timestamp: backdated, idle_timestamp: backdated } } }]);
    advance(10);
    expectSuccess(as(model, HAMLET).post('/users/me/status', { away: 'false' }));
    expect(iago()).toContainEqual({ type: 'presence', presences: { [HAMLET.userId]: { active_timestamp: T0 + 20, idle_timestamp: T0 + 20 } } });
  });

  it('keep a client’s presences in step with what they announce', () => {
    const { model } = clockedModel();
    const registered = register(model, POLONIUS);
    const polonius = listen(model, POLONIUS);
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    const applied = applyEvents(registered, polonius(), DEFAULT_APPLY_OPTIONS).state;
    expect(applied['presences']).toEqual(register(model, POLONIUS)['presences']);
  });
});

describe('the presence register keys', () => {
  it('give presences, server_timestamp and presence_last_update_id only when presence is fetched', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    const legacy = register(model, IAGO);
    expect(legacy['presences']).toEqual({ [HAMLET.email]: { aggregated: { client: 'website', status: 'active', timestamp: T0 }, website: LEGACY_ACTIVE } });
    expect(legacy['server_timestamp']).toBe(T0);
    expect(legacy['presence_last_update_id']).toBe(1);
    expect(register(model, IAGO, { slim_presence: 'true' })['presences']).toEqual({ [HAMLET.userId]: { active_timestamp: T0, idle_timestamp: T0 } });
    const other = register(model, IAGO, { fetch_event_types: '["realm_user"]' });
    for (const key of ['presences', 'server_timestamp', 'presence_last_update_id']) expect(other).not.toHaveProperty(key);
  });
});
