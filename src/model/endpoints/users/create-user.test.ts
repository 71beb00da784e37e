import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { as, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, T0 } from '../../../testing/default-realm.js';
import type { State } from '../../state.js';

const NEW_USER = { email: 'newbie@chatref.test', password: 'a-Strong-passw0rd-42', full_name: 'New Bie' };

describe('POST /users (spec: Authentication 5; POST /users)', () => {
  it('lets an administrator with can_create_users create a member who can then log in', () => {
    const model = newModel();
    const created = expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER));
    expect(created['user_id']).toBe(9);
    const user = expectSuccess(as(model, IAGO).get('/users/9'))['user'];
    expect(user).toMatchObject({ email: NEW_USER.email, full_name: 'New Bie', role: 400, is_active: true, is_bot: false });
    const key = expectSuccess(as(model, null).post('/fetch_api_key', { username: NEW_USER.email, password: NEW_USER.password }));
    expect(key).toMatchObject({ email: NEW_USER.email, user_id: 9 });
    expect(key['api_key']).toMatch(/^[A-Za-z0-9]{32}$/);
    expectSuccess(as(model, { email: NEW_USER.email, apiKey: key['api_key'] }).get('/users/me'));
  });

  it('never stores the password in clear', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER));
    expect(JSON.stringify(model.state)).not.toContain(NEW_USER.password);
  });

  it('dates an API-created user from creation until the first login, then from the first login', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER));
    const atCreation = expectSuccess(as(model, IAGO).get('/users/9'))['user']['date_joined'];
    const threeHoursLater = modelAt(T0 + 3 * 3600, model.state);
    expectSuccess(as(threeHoursLater, null).post('/fetch_api_key', { username: NEW_USER.email, password: NEW_USER.password }));
    const afterLogin = expectSuccess(as(threeHoursLater, IAGO).get('/users/9'))['user']['date_joined'];
    expect(Date.parse(afterLogin) - Date.parse(atCreation)).toBeGreaterThanOrEqual(3 * 3600 * 1000 - 60_000);
    // Only the first login counts.
    const later = modelAt(T0 + 9 * 3600, threeHoursLater.state);
    expectSuccess(as(later, null).post('/fetch_api_key', { username: NEW_USER.email, password: NEW_USER.password }));
    expect(expectSuccess(as(later, IAGO).get('/users/9'))['user']['date_joined']).toBe(afterLogin);
  });

  it('requires an administrator, then the can_create_users permission', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, HAMLET).post('/users', NEW_USER), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, HAMLET).post('/users'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, IAGO).post('/users', NEW_USER), 400, 'BAD_REQUEST', 'User not authorized to create users');
    expect(model.state).toBe(before);
  });

  it('refuses an address already in use, whatever its case', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, DESDEMONA).post('/users', { ...NEW_USER, email: 'IAGO@chatref.test' }),
      400,
      'BAD_REQUEST',
      "Email 'IAGO@chatref.test' already in use",
    );
    expect(model.state).toBe(before);
  });

  it('refuses bad addresses, bad names and weak passwords', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, email: 'not-an-address' }), 400, 'BAD_REQUEST', 'Bad name or username');
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, full_name: 'x' }), 400, 'BAD_REQUEST', 'Name too short!');
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, full_name: 'a'.repeat(101) }), 400, 'BAD_REQUEST', 'Name too long!');
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, full_name: 'Bad @ name' }), 400, 'BAD_REQUEST', 'Invalid characters in name!');
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, full_name: 'Name|12' }), 400, 'BAD_REQUEST', 'Invalid format!');
    expectError(as(model, DESDEMONA).post('/users', { ...NEW_USER, password: 'password' }), 400, 'BAD_REQUEST', 'The password is too weak.');
    expect(model.state).toBe(before);
  });

  it('names the first missing parameter', () => {
    const error = expectError(
      as(newModel(), DESDEMONA).post('/users', { email: NEW_USER.email }),
      400,
      'REQUEST_VARIABLE_MISSING',
      "Missing 'password' argument",
    );
    expect(error['var_name']).toBe('password');
  });
});

/** A model over `state` whose clock starts at `start`. */
function modelAt(start: number, state: State) {
  let now = start;
  return createModel({ fixture: state, seed: start, clock: () => (now += 1) });
}
