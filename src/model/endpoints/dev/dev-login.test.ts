import { describe, expect, it } from 'vitest';
import { createModel, type Model } from '../../../in-process.js';
import { as, body, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';
import type { ModelResponse } from '../../request.js';

const T0 = 1_790_000_000;

function devModel(): Model {
  return createModel({ fixture: 'zulip-dev', seed: 'dev-login', clock: () => T0 });
}

function setCookies(response: ModelResponse): readonly string[] {
  const value = response.headers['Set-Cookie'];
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

/** The Cookie header a browser sends back after the response's Set-Cookie. */
function cookieHeader(response: ModelResponse): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';', 1)[0]!)
    .join('; ');
}

function csrfOf(response: ModelResponse): string {
  return /csrftoken=([^;]+)/.exec(setCookies(response).join('\n'))![1]!;
}

describe('POST /dev_fetch_api_key (the development server)', () => {
  it('hands out the key, the real address and the id without a password, and logs the client in', () => {
    const model = devModel();
    const response = as(model, null).post('/dev_fetch_api_key', { username: 'AARON@zulip.com' });
    const data = expectSuccess(response);
    expect(data).toEqual({ result: 'success', msg: '', api_key: 'ZulipDevAaron0000000000000000007', email: 'AARON@zulip.com', user_id: 7 });
    const cookies = setCookies(response);
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(
      /^sessionid=[a-z0-9]{32}; expires=[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT; HttpOnly; Max-Age=1209600; Path=\/; SameSite=Lax$/,
    );
    expect(cookies[1]).toMatch(/^csrftoken=[A-Za-z0-9]{32}; expires=.* GMT; Max-Age=31449600; Path=\/; SameSite=Lax$/);
  });

  it('finds the account case-insensitively and answers with its stored address', () => {
    const data = expectSuccess(as(devModel(), null).post('/dev_fetch_api_key', { username: 'aaron@ZULIP.com' }));
    expect(data['email']).toBe('AARON@zulip.com');
  });

  it('answers the real errors: bad address, unknown account, deactivated account, missing username', () => {
    const model = devModel();
    expectError(as(model, null).post('/dev_fetch_api_key', { username: 'not-an-address' }), 400, 'BAD_REQUEST', 'Enter a valid email address.');
    expectError(as(model, null).post('/dev_fetch_api_key', { username: 'nobody@zulip.com' }), 401, 'AUTHENTICATION_FAILED');
    expectError(as(model, null).post('/dev_fetch_api_key', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'username' argument");
    const owner = { email: 'desdemona@zulip.com', apiKey: 'ZulipDevDesdemona000000000000009' };
    expectSuccess(as(model, owner).delete('/users/5'));
    const before = model.state;
    expectError(as(model, null).post('/dev_fetch_api_key', { username: 'cordelia@zulip.com' }), 401, 'USER_DEACTIVATED', 'Account is deactivated');
    expect(model.state).toBe(before);
  });

  it('is off unless the server turned the development logins on: no key leaves the default realm without a password', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, null).post('/dev_fetch_api_key', { username: HAMLET.email }), 400, 'BAD_REQUEST', 'DevAuthBackend not enabled.');
    expectError(as(model, null).get('/dev_list_users'), 400, 'BAD_REQUEST', 'DevAuthBackend not enabled.');
    expect(model.state).toBe(before);
    const opted = createModel({ seed: 'tests', devLogin: true });
    expect(expectSuccess(as(opted, null).post('/dev_fetch_api_key', { username: IAGO.email }))['api_key']).toBe(IAGO.apiKey);
  });
});

describe('GET /dev_list_users', () => {
  it('lists the active humans by address, administrators (owners included) apart, with the realm URL', () => {
    const data = expectSuccess(createModel({ fixture: 'zulip-dev', origin: 'http://localhost:9991' }).call('GET', '/dev_list_users'));
    expect(data['direct_admins']).toEqual([
      { email: 'desdemona@zulip.com', realm_url: 'http://localhost:9991' },
      { email: 'iago@zulip.com', realm_url: 'http://localhost:9991' },
    ]);
    expect(data['direct_users'].map((entry: { email: string }) => entry.email)).toEqual([
      'AARON@zulip.com',
      'ZOE@zulip.com',
      'cordelia@zulip.com',
      'hamlet@zulip.com',
      'othello@zulip.com',
      'polonius@zulip.com',
      'prospero@zulip.com',
      'shiva@zulip.com',
    ]);
  });
});

describe('/json/ paths with a development session', () => {
  it('serve the same handlers as /api/v1 for the session user, reads without a CSRF token', () => {
    const model = devModel();
    const login = as(model, null).post('/dev_fetch_api_key', { username: 'iago@zulip.com' });
    const me = expectSuccess(model.call('GET', '/users/me', {}, { session: { cookie: cookieHeader(login) } }));
    expect(me['delivery_email']).toBe('iago@zulip.com');
  });

  it('refuse a write without the CSRF token, with a wrong one, or without the cookie, and change nothing', () => {
    const model = devModel();
    const login = as(model, null).post('/dev_fetch_api_key', { username: 'iago@zulip.com' });
    const cookie = cookieHeader(login);
    const before = model.state;
    const write = (session: { cookie: string; csrfToken?: string }) => model.call('POST', '/users/me/status', { status_text: 'busy' }, { session });
    expect(body(write({ cookie }))).toEqual({ result: 'error', msg: 'CSRF error: CSRF token missing.', code: 'CSRF_FAILED', reason: 'CSRF token missing.' });
    expect(write({ cookie }).status).toBe(403);
    expectError(write({ cookie, csrfToken: 'A'.repeat(32) }), 403, 'CSRF_FAILED', "CSRF error: CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
    expectError(write({ cookie, csrfToken: 'short' }), 403, 'CSRF_FAILED', "CSRF error: CSRF token from the 'X-Csrftoken' HTTP header has incorrect length.");
    const sessionOnly = cookie.split('; ').find((part) => part.startsWith('sessionid='))!;
    expectError(write({ cookie: sessionOnly, csrfToken: csrfOf(login) }), 403, 'CSRF_FAILED', 'CSRF error: CSRF cookie not set.');
    expect(model.state).toBe(before);
    expectSuccess(write({ cookie, csrfToken: csrfOf(login) }));
  });

  it("accept Django's masked form of the token", () => {
    const model = devModel();
    const login = as(model, null).post('/dev_fetch_api_key', { username: 'iago@zulip.com' });
    const secret = csrfOf(login);
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const mask = 'b'.repeat(32);
    const cipher = [...secret].map((char) => alphabet[(alphabet.indexOf(char) + 1) % alphabet.length]).join('');
    expectSuccess(model.call('POST', '/users/me/status', { status_text: 'masked' }, { session: { cookie: cookieHeader(login), csrfToken: mask + cipher } }));
  });

  it('answer 401 with the session challenge without a live session; a deactivated user loses theirs', () => {
    const model = devModel();
    const anonymous = model.call('GET', '/users/me', {}, { session: { cookie: 'sessionid=nope' } });
    expectError(anonymous, 401, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required');
    expect(anonymous.headers['WWW-Authenticate']).toBe('Session realm="zulip"');
    const login = as(model, null).post('/dev_fetch_api_key', { username: 'hamlet@zulip.com' });
    const owner = { email: 'desdemona@zulip.com', apiKey: 'ZulipDevDesdemona000000000000009' };
    expectSuccess(as(model, owner).delete('/users/6'));
    expectError(model.call('GET', '/users/me', {}, { session: { cookie: cookieHeader(login) } }), 401, 'UNAUTHORIZED');
  });

  it('stay logged out after the user is reactivated: deactivation ends their sessions', () => {
    const model = devModel();
    const login = as(model, null).post('/dev_fetch_api_key', { username: 'hamlet@zulip.com' });
    const owner = { email: 'desdemona@zulip.com', apiKey: 'ZulipDevDesdemona000000000000009' };
    expectSuccess(as(model, owner).delete('/users/6'));
    expect(model.state.sessions.size).toBe(0);
    expectSuccess(as(model, owner).post('/users/6/reactivate'));
    expectError(model.call('GET', '/users/me', {}, { session: { cookie: cookieHeader(login) } }), 401, 'UNAUTHORIZED');
  });

  it('accept HTTP Basic credentials too', () => {
    const owner = { email: 'desdemona@zulip.com', apiKey: 'ZulipDevDesdemona000000000000009' };
    expect(expectSuccess(devModel().call('GET', '/users/me', {}, { auth: owner, session: { cookie: '' } }))['user_id']).toBe(9);
  });
});
