import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, OTHELLO, T0 } from '../../../testing/default-realm.js';
import { clockedModel } from './test-support.js';

describe('GET /users/{user_id_or_email}/presence', () => {
  it('answers website and aggregated with status and timestamp only, by id or by API email', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(20);
    const byId = expectSuccess(as(model, HAMLET_BOT).get(`/users/${HAMLET.userId}/presence`));
    expect(byId['presence']).toEqual({ website: { status: 'active', timestamp: T0 }, aggregated: { status: 'active', timestamp: T0 } });
    expect(expectSuccess(as(model, IAGO).get(`/users/${encodeURIComponent(HAMLET.email)}/presence`))['presence']).toEqual(byId['presence']);
  });

  it('calls the aggregated status offline once it is more than 140 s old', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'idle' }));
    advance(141);
    expect(expectSuccess(as(model, IAGO).get(`/users/${HAMLET.userId}/presence`))['presence']).toEqual({
      website: { status: 'idle', timestamp: T0 },
      aggregated: { status: 'offline', timestamp: T0 },
    });
  });

  it('refuses unknown, deactivated and bot users, and users with no presence, naming them as asked', () => {
    const { model } = clockedModel();
    const iago = as(model, IAGO);
    expectError(iago.get('/users/999/presence'), 400, 'BAD_REQUEST', 'No such user');
    expectError(iago.get('/users/nobody@chatref.test/presence'), 400, 'BAD_REQUEST', 'No such user');
    expectError(iago.get(`/users/${OTHELLO.userId}/presence`), 400, 'BAD_REQUEST', 'No such user');
    expectError(iago.get(`/users/${HAMLET_BOT.userId}/presence`), 400, 'BAD_REQUEST', 'Presence is not supported for bot users.');
    expectError(iago.get(`/users/${HAMLET.userId}/presence`), 400, 'BAD_REQUEST', `No presence data for ${HAMLET.userId}`);
    expectError(iago.get(`/users/${encodeURIComponent(HAMLET.email)}/presence`), 400, 'BAD_REQUEST', `No presence data for ${HAMLET.email}`);
  });

  it('is not reached by GET /users/me/presence, which the real server routes to the POST-only path first', () => {
    const { model } = clockedModel();
    expectError(as(model, HAMLET).get('/users/me/presence'), 405, 'BAD_REQUEST', 'Method Not Allowed');
  });

  it('finds a user with a hidden address by the placeholder, never by the real address', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'active' }));
    expectError(as(model, IAGO).get(`/users/${encodeURIComponent(CORDELIA.email)}/presence`), 400, 'BAD_REQUEST', 'No such user');
    expectSuccess(as(model, HAMLET).get(`/users/user${CORDELIA.userId}@chatref.test/presence`));
  });
});

describe('GET /realm/presence', () => {
  it('lists the realm in the legacy format without presence_last_update_id, bots included as readers', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    const data = expectSuccess(as(model, HAMLET_BOT).get('/realm/presence'));
    expect(data['presences']).toEqual({
      [HAMLET.email]: {
        aggregated: { client: 'website', status: 'active', timestamp: T0 },
        website: { client: 'website', status: 'active', timestamp: T0, pushable: false },
      },
    });
    expect(data['server_timestamp']).toBe(T0);
    expect(data).not.toHaveProperty('presence_last_update_id');
  });

  it('leaves out deactivated users', () => {
    const { model } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    expect(expectSuccess(as(model, IAGO).get('/realm/presence'))['presences']).toEqual({});
  });
});
