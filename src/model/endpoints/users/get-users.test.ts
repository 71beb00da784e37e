import { describe, expect, it } from 'vitest';
import {
  as,
  body,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
} from '../../../testing/default-realm.js';

const USER_FIELDS = [
  'email',
  'user_id',
  'avatar_version',
  'is_admin',
  'is_owner',
  'is_guest',
  'role',
  'is_bot',
  'full_name',
  'timezone',
  'is_active',
  'date_joined',
  'delivery_email',
  'avatar_url',
  'bot_type',
  'bot_owner_id',
  'is_imported_stub',
];

describe('GET /users (spec: User; GET /users)', () => {
  it('lists every user, deactivated users and bots included, in id order, with every User field', () => {
    const members = expectSuccess(as(newModel(), HAMLET).get('/users'))['members'] as any[];
    expect(members.map((m) => m.user_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const member of members) expect(Object.keys(member)).toEqual(USER_FIELDS);
    expect(members.find((m) => m.user_id === OTHELLO.userId).is_active).toBe(false);
    expect(members.find((m) => m.user_id === HAMLET_BOT.userId)).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: HAMLET.userId });
  });

  it('derives the role flags from the role: is_owner implies is_admin', () => {
    const members = expectSuccess(as(newModel(), HAMLET).get('/users'))['members'] as any[];
    const byId = new Map(members.map((m) => [m.user_id, m]));
    expect(byId.get(DESDEMONA.userId)).toMatchObject({ role: 100, is_owner: true, is_admin: true, is_guest: false });
    expect(byId.get(IAGO.userId)).toMatchObject({ role: 200, is_owner: false, is_admin: true });
    expect(byId.get(3)).toMatchObject({ role: 300, is_owner: false, is_admin: false, is_guest: false });
    expect(byId.get(POLONIUS.userId)).toMatchObject({ role: 600, is_guest: true, is_admin: false });
    expect(byId.get(HAMLET.userId)).toMatchObject({ role: 400, is_bot: false, bot_type: null, bot_owner_id: null });
  });

  it('hides an address the viewer may not see: placeholder email, null delivery_email', () => {
    const model = newModel();
    const seenByMember = (expectSuccess(as(model, HAMLET).get('/users'))['members'] as any[]).find((m) => m.user_id === CORDELIA.userId);
    expect(seenByMember).toMatchObject({ email: 'user5@chatref.test', delivery_email: null });
    const seenByAdmin = (expectSuccess(as(model, IAGO).get('/users'))['members'] as any[]).find((m) => m.user_id === CORDELIA.userId);
    expect(seenByAdmin).toMatchObject({ email: 'user5@chatref.test', delivery_email: CORDELIA.email });
    const seenBySelf = expectSuccess(as(model, CORDELIA).get(`/users/${CORDELIA.userId}`))['user'];
    expect(seenBySelf.delivery_email).toBe(CORDELIA.email);
  });

  it("always shows a bot's real address, even to guests", () => {
    const seenByGuest = expectSuccess(as(newModel(), POLONIUS).get(`/users/${HAMLET_BOT.userId}`))['user'];
    expect(seenByGuest).toMatchObject({ email: HAMLET_BOT.email, delivery_email: HAMLET_BOT.email });
  });

  it('sends avatar_url null for Gravatar users only when client_gravatar is on and the address is visible', () => {
    const model = newModel();
    const withGravatar = expectSuccess(as(model, HAMLET).get('/users'))['members'] as any[];
    expect(withGravatar.find((m) => m.user_id === IAGO.userId).avatar_url).toBeNull();
    // Cordelia's address is hidden from Hamlet, so he cannot compute her Gravatar himself.
    expect(withGravatar.find((m) => m.user_id === CORDELIA.userId).avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    const without = expectSuccess(as(model, HAMLET).get('/users', { client_gravatar: 'false' }))['members'] as any[];
    expect(without.every((m) => typeof m.avatar_url === 'string')).toBe(true);
  });

  it('includes profile_data only when asked, and never for bots', () => {
    const model = newModel();
    const plain = expectSuccess(as(model, HAMLET).get('/users'))['members'] as any[];
    expect(plain.some((m) => 'profile_data' in m)).toBe(false);
    const rich = expectSuccess(as(model, HAMLET).get('/users', { include_custom_profile_fields: 'true' }))['members'] as any[];
    expect(rich.find((m) => m.user_id === HAMLET_BOT.userId)).not.toHaveProperty('profile_data');
    const hamlet = rich.find((m) => m.user_id === HAMLET.userId);
    expect(hamlet.profile_data['1']).toEqual({ value: '+45-555-0104', rendered_value: '<p>+45-555-0104</p>' });
    expect(hamlet.profile_data['6']).toEqual({ value: '[2]' });
    expect(hamlet.profile_data['3']).toEqual({ value: '0' });
    expect(rich.find((m) => m.user_id === POLONIUS.userId).profile_data).toEqual({});
  });

  it('filters by user_ids and refuses unknown ids', () => {
    const model = newModel();
    const members = expectSuccess(as(model, HAMLET).get('/users', { user_ids: '[5, 2]' }))['members'] as any[];
    expect(members.map((m) => m.user_id)).toEqual([2, 5]);
    expectError(as(model, HAMLET).get('/users', { user_ids: '[2, 999]' }), 400, 'BAD_REQUEST', 'Invalid user ID: 999');
  });

  it('rejects booleans that are not JSON booleans, naming the parameter', () => {
    const model = newModel();
    expectError(as(model, HAMLET).get('/users', { client_gravatar: 'True' }), 400, 'BAD_REQUEST', 'client_gravatar is not valid JSON');
    expectError(as(model, HAMLET).get('/users', { client_gravatar: '1' }), 400, 'BAD_REQUEST', 'client_gravatar is not a boolean');
    expectError(as(model, HAMLET).get('/users', { user_ids: '{"a":1}' }), 400, 'BAD_REQUEST', 'user_ids is not a list');
    expectError(as(model, HAMLET).get('/users', { user_ids: '["x"]' }), 400, 'BAD_REQUEST', 'user_ids[0] is not an integer');
  });

  it('lists unknown parameters in ignored_parameters_unsupported, sorted', () => {
    const data = body(as(newModel(), HAMLET).get('/users', { zeta: '1', alpha: '2' }));
    expect(data['ignored_parameters_unsupported']).toEqual(['alpha', 'zeta']);
    expect(body(as(newModel(), HAMLET).get('/users'))).not.toHaveProperty('ignored_parameters_unsupported');
  });
});

describe('GET /users/{user_id} and GET /users/{email}', () => {
  it('returns one user, deactivated users and bots included', () => {
    const model = newModel();
    expect(expectSuccess(as(model, HAMLET).get(`/users/${OTHELLO.userId}`))['user']).toMatchObject({ user_id: 7, is_active: false });
    expect(expectSuccess(as(model, HAMLET).get(`/users/${HAMLET_BOT.userId}`))['user']).toMatchObject({ is_bot: true });
  });

  it('answers an unknown id with 400 "No such user"', () => {
    expectError(as(newModel(), HAMLET).get('/users/999'), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(newModel(), HAMLET).get('/users/99999999999999999999'), 400, 'BAD_REQUEST', 'No such user');
  });

  it('finds by a visible real address or by the placeholder, never by a hidden real address', () => {
    const model = newModel();
    expect(expectSuccess(as(model, HAMLET).get(`/users/${encodeURIComponent(IAGO.email)}`))['user'].user_id).toBe(IAGO.userId);
    expect(expectSuccess(as(model, HAMLET).get('/users/user5@chatref.test'))['user'].user_id).toBe(CORDELIA.userId);
    const hidden = as(model, HAMLET).get(`/users/${CORDELIA.email}`);
    const missing = as(model, HAMLET).get('/users/nobody@chatref.test');
    expectError(hidden, 400, 'BAD_REQUEST', 'No such user');
    expect(hidden).toEqual(missing);
    expect(expectSuccess(as(model, IAGO).get(`/users/${CORDELIA.email}`))['user'].user_id).toBe(CORDELIA.userId);
  });
});

describe('GET /users/me', () => {
  it('returns the caller flat, with a real avatar URL, profile data and max_message_id', () => {
    const model = newModel();
    const me = expectSuccess(as(model, HAMLET).get('/users/me'));
    expect(me).toMatchObject({ user_id: HAMLET.userId, email: HAMLET.email, delivery_email: HAMLET.email, full_name: 'King Hamlet' });
    expect(typeof me['avatar_url']).toBe('string');
    expect(me['profile_data']['7']).toEqual({ value: 'hamlet' });
    expect(me['max_message_id']).toBe(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["message"]' }))['max_message_id']);
    expect(me['max_message_id']).toBeGreaterThan(0);
    expect(me).not.toHaveProperty('user');
  });

  it('works for bots, without profile data', () => {
    const me = expectSuccess(as(newModel(), HAMLET_BOT).get('/users/me'));
    expect(me).toMatchObject({ is_bot: true, bot_owner_id: HAMLET.userId });
    expect(me).not.toHaveProperty('profile_data');
  });

  it('shows date_joined as ISO 8601 to the minute', () => {
    const me = expectSuccess(as(newModel(), DESDEMONA).get('/users/me'));
    expect(me['date_joined']).toBe('2024-01-01T00:00+00:00');
  });
});
