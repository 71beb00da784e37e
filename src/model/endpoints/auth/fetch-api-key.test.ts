import { describe, expect, it } from 'vitest';
import { buildState } from '../../../fixtures/build-state.js';
import { defaultFixtureData } from '../../../fixtures/load.js';
import { createModel } from '../../../in-process.js';
import { as, body, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, newModel, OTHELLO } from '../../../testing/default-realm.js';

describe('POST /fetch_api_key (spec: Authentication 2; POST /fetch_api_key)', () => {
  it('exchanges the real address and password for the key, the address and the user id', () => {
    const data = expectSuccess(as(newModel(), null).post('/fetch_api_key', { username: CORDELIA.email, password: CORDELIA.password! }));
    expect(data).toEqual({ result: 'success', msg: '', api_key: CORDELIA.apiKey, email: CORDELIA.email, user_id: CORDELIA.userId });
  });

  it('ignores an Authorization header, even a wrong one', () => {
    const response = newModel().call('POST', '/fetch_api_key', { username: HAMLET.email, password: HAMLET.password! }, { auth: 'Basic Z2FyYmFnZQ==' });
    expectSuccess(response);
  });

  it('answers a wrong password, an empty one and an unknown address with the same 401', () => {
    const model = newModel();
    const wrong = as(model, null).post('/fetch_api_key', { username: HAMLET.email, password: 'not-my-password' });
    const empty = as(model, null).post('/fetch_api_key', { username: HAMLET.email, password: '' });
    const unknown = as(model, null).post('/fetch_api_key', { username: 'nobody@chatref.test', password: 'whatever' });
    for (const response of [wrong, empty, unknown]) expectError(response, 401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');
    expect(body(wrong)).toEqual(body(unknown));
  });

  it('reports a deactivated account whatever the (non-empty) password', () => {
    const model = newModel();
    expectError(as(model, null).post('/fetch_api_key', { username: OTHELLO.email, password: 'wrong' }), 401, 'USER_DEACTIVATED', 'Account is deactivated');
    expectError(as(model, null).post('/fetch_api_key', { username: OTHELLO.email, password: '' }), 401, 'AUTHENTICATION_FAILED');
    expectError(as(model, null).post('/fetch_api_key', { username: OTHELLO.email, password: OTHELLO.password! }), 401, 'USER_DEACTIVATED');
  });

  it('gives bots no password login', () => {
    expectError(as(newModel(), null).post('/fetch_api_key', { username: HAMLET_BOT.email, password: '' }), 401, 'AUTHENTICATION_FAILED');
  });

  it('requires both parameters and a valid address', () => {
    const model = newModel();
    expectError(as(model, null).post('/fetch_api_key', { password: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'username' argument");
    expectError(as(model, null).post('/fetch_api_key', { username: HAMLET.email }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'password' argument");
    expectError(as(model, null).post('/fetch_api_key', { username: 'hamlet', password: 'x' }), 400, 'BAD_REQUEST', 'Enter a valid email address.');
  });

  it('is refused when the realm disables passwords, and when the realm is deactivated', () => {
    const fixture = defaultFixtureData();
    const noPasswords = createModel({ fixture: buildState({ ...fixture, realm: { ...fixture.realm, password_auth_enabled: false } }) });
    expectError(as(noPasswords, null).post('/fetch_api_key', { username: HAMLET.email, password: HAMLET.password! }), 401, 'PASSWORD_AUTH_DISABLED');
    const deactivated = createModel({ fixture: buildState({ ...fixture, realm: { ...fixture.realm, deactivated: true } }) });
    expectError(as(deactivated, null).post('/fetch_api_key', { username: HAMLET.email, password: HAMLET.password! }), 401, 'REALM_DEACTIVATED');
    expectError(as(deactivated, HAMLET).get('/users/me'), 401, 'UNAUTHORIZED', 'This organization has been deactivated');
    // Without valid credentials nobody learns that the realm is deactivated.
    expectError(as(deactivated, { email: HAMLET.email, apiKey: 'x'.repeat(32) }).get('/users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
    expectError(as(deactivated, null).post('/fetch_api_key', { username: 'nobody@chatref.test', password: 'x' }), 401, 'AUTHENTICATION_FAILED');
  });

  it('answers other methods with 405', () => {
    expectError(newModel().call('GET', '/fetch_api_key', {}), 405, 'BAD_REQUEST');
  });
});
