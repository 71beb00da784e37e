import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, POLONIUS, T0 } from '../../../testing/default-realm.js';
import { clockedModel } from './test-support.js';

/** Cordelia hides her address: the legacy format keys her by the placeholder. */
const CORDELIA_API_EMAIL = `user${CORDELIA.userId}@chatref.test`;

describe('POST /users/me/presence', () => {
  it('reports the user and answers the realm presence in the legacy format, keyed by API email', () => {
    const { model } = clockedModel();
    const data = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    expect(data['presences']).toEqual({
      [HAMLET.email]: {
        aggregated: { client: 'website', status: 'active', timestamp: T0 },
        website: { client: 'website', status: 'active', timestamp: T0, pushable: false },
      },
    });
    expect(data['server_timestamp']).toBe(T0);
    expect(data['presence_last_update_id']).toBe(1);
    expect(data).not.toHaveProperty('zephyr_mirror_active');
  });

  it('answers the modern format keyed by user id for slim_presence or last_update_id', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }));
    advance(10);
    const slim = expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'active', slim_presence: 'true' }));
    expect(slim['presences']).toEqual({
      [HAMLET.userId]: { active_timestamp: expect.any(Number), idle_timestamp: T0 },
      [CORDELIA.userId]: { active_timestamp: T0 + 10, idle_timestamp: T0 + 10 },
    });
    // Hamlet was never active: his active time reads as his date_joined.
    expect(slim['presences'][HAMLET.userId].active_timestamp).toBeLessThan(T0);
    const modern = expectSuccess(as(model, IAGO).post('/users/me/presence', { status: 'idle', last_update_id: '-1' }));
    expect(Object.keys(modern['presences']).sort()).toEqual([String(IAGO.userId), String(HAMLET.userId), String(CORDELIA.userId)].sort());
    expect(modern['presence_last_update_id']).toBe(3);
  });

  it('returns only rows changed after last_update_id, and the client’s own id when none did', () => {
    const { model, advance } = clockedModel();
    const first = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', last_update_id: '-1' }));
    expect(first['presence_last_update_id']).toBe(1);
    const again = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', last_update_id: '1' }));
    expect(again['presences']).toEqual({});
    expect(again['presence_last_update_id']).toBe(1);
    advance(5);
    expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'active' }));
    const next = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', last_update_id: '1' }));
    expect(Object.keys(next['presences'])).toEqual([String(CORDELIA.userId)]);
    expect(next['presence_last_update_id']).toBe(2);
  });

  it('counts a report only when it is PRESENCE_UPDATE_MIN_FREQ_SECONDS newer than the stored time', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(30);
    const soon = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active', slim_presence: 'true' }));
    expect(soon['presences'][HAMLET.userId]).toEqual({ active_timestamp: T0, idle_timestamp: T0 });
    expect(soon['presence_last_update_id']).toBe(1);
    advance(30);
    const later = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', slim_presence: 'true' }));
    expect(later['presences'][HAMLET.userId]).toEqual({ active_timestamp: T0, idle_timestamp: T0 + 60 });
    expect(later['presence_last_update_id']).toBe(2);
  });

  it('shows an idle user whose last activity is more than 70 s before the last connection as idle', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(100);
    const data = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }));
    expect(data['presences'][HAMLET.email]['aggregated']).toEqual({ client: 'website', status: 'idle', timestamp: T0 + 100 });
  });

  it('keeps to history_limit_days: rows last connected before it are left out, 0 asks for none', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'idle' }));
    advance(3 * 86_400);
    expect(Object.keys(expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', history_limit_days: '2' }))['presences'])).toEqual([
      HAMLET.email,
    ]);
    expect(expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', history_limit_days: '4' }))['presences']).toHaveProperty(
      CORDELIA_API_EMAIL,
    );
    expect(expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle', history_limit_days: '0' }))['presences']).toEqual({});
    advance(12 * 86_400);
    expect(expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }))['presences']).not.toHaveProperty(CORDELIA_API_EMAIL);
  });

  it('answers nothing more with ping_only, though the report counts', () => {
    const { model } = clockedModel();
    const data = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active', ping_only: 'true' }));
    expect(Object.keys(data).sort()).toEqual(['msg', 'result']);
    expect(expectSuccess(as(model, CORDELIA).get('/realm/presence'))['presences']).toHaveProperty(HAMLET.email);
  });

  it('does not record a user whose presence_enabled is off', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, HAMLET).patch('/settings', { presence_enabled: 'false' }));
    const before = model.state;
    const data = expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    expect(data['presences']).toEqual({});
    expect(model.state).toBe(before);
  });

  it('refuses an unknown status, missing arguments and bots, changing nothing', () => {
    const { model } = clockedModel();
    const before = model.state;
    expectError(as(model, HAMLET).post('/users/me/presence', { status: 'away' }), 400, 'BAD_REQUEST', 'Invalid status: away');
    expectError(as(model, HAMLET).post('/users/me/presence'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'status' argument");
    expectError(as(model, HAMLET).post('/users/me/presence', { status: 'active', ping_only: 'yes' }), 400, 'BAD_REQUEST', 'ping_only is not valid JSON');
    expectError(as(model, HAMLET_BOT).post('/users/me/presence', { status: 'active' }), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
    expect(model.state).toBe(before);
  });

  it('lists guests and is seen by guests alike (presence ignores user access by default)', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: model.state.systemGroupIds['role:members'] }) }));
    expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'active' }));
    expect(expectSuccess(as(model, POLONIUS).post('/users/me/presence', { status: 'active' }))['presences']).toHaveProperty(CORDELIA_API_EMAIL);
  });
});
