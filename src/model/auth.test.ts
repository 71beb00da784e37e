import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, HAMLET, HAMLET_BOT, newModel, OTHELLO } from '../testing/default-realm.js';
import { basicAuthorization, parseBasicAuthorization } from './auth.js';

const CHALLENGE = 'Basic realm="zulip"';

function callWith(authorization: string | null) {
  return newModel().call('GET', '/users/me', {}, { auth: authorization });
}

describe('HTTP Basic authentication (spec: Authentication 1, 6)', () => {
  it('accepts the real address and the API key, whatever the address case and surrounding spaces', () => {
    expectSuccess(callWith(basicAuthorization(HAMLET.email, HAMLET.apiKey)));
    expectSuccess(callWith(basicAuthorization('  HAMLET@Chatref.Test ', ` ${HAMLET.apiKey} `)));
  });

  it('answers missing credentials with 401 and a Basic challenge', () => {
    const response = callWith(null);
    expectError(response, 401, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required');
    expect(response.headers['WWW-Authenticate']).toBe(CHALLENGE);
  });

  it('answers another scheme with 400 and no challenge', () => {
    const response = callWith('Bearer abc');
    expectError(response, 400, 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
    expect(response.headers['WWW-Authenticate']).toBeUndefined();
  });

  it.each([
    ['an empty header', ''],
    ['a scheme alone', 'Basic'],
    ['three parts', 'Basic a b'],
    ['bad base64', 'Basic %%%%'],
    ['no colon', `Basic ${Buffer.from('hamlet').toString('base64')}`],
    ['two colons', `Basic ${Buffer.from('a:b:c').toString('base64')}`],
    ['invalid UTF-8', `Basic ${Buffer.from([0xff, 0x3a, 0x61]).toString('base64')}`],
  ])('answers a malformed header (%s) with 401', (_label, header) => {
    const response = callWith(header);
    expectError(response, 401, 'UNAUTHORIZED', 'Invalid authorization header for basic auth');
    expect(response.headers['WWW-Authenticate']).toBe(CHALLENGE);
  });

  it('answers a key of the wrong shape with "Malformed API key"', () => {
    expectError(callWith(basicAuthorization(HAMLET.email, 'short')), 401, 'UNAUTHORIZED', 'Malformed API key');
  });

  it("answers a wrong key, another user's key and an unknown address alike", () => {
    const wrongKey = callWith(basicAuthorization(HAMLET.email, 'x'.repeat(32)));
    const othersKey = callWith(basicAuthorization(HAMLET.email, HAMLET_BOT.apiKey));
    const unknown = callWith(basicAuthorization('nobody@chatref.test', HAMLET.apiKey));
    for (const response of [wrongKey, othersKey, unknown]) {
      expectError(response, 401, 'UNAUTHORIZED', 'Invalid API key');
      expect(response.headers['WWW-Authenticate']).toBe(CHALLENGE);
    }
  });

  it('refuses a placeholder address: the login is the real one', () => {
    expectError(callWith(basicAuthorization('user4@chatref.test', HAMLET.apiKey)), 401, 'UNAUTHORIZED', 'Invalid API key');
  });

  it('refuses deactivated users with 401 "Account is deactivated"', () => {
    const response = callWith(basicAuthorization(OTHELLO.email, OTHELLO.apiKey));
    expectError(response, 401, 'UNAUTHORIZED', 'Account is deactivated');
    expect(response.headers['WWW-Authenticate']).toBe(CHALLENGE);
  });

  it('checks credentials on every endpoint but the key fetches and server settings', () => {
    const model = newModel();
    for (const [method, path] of [
      ['GET', '/users'],
      ['POST', '/users'],
      ['PATCH', '/users/4'],
      ['DELETE', '/users/4'],
      ['POST', '/users/me/status'],
      ['PATCH', '/users/me/profile_data'],
      ['GET', '/realm/profile_fields'],
      ['POST', '/realm/profile_fields'],
      ['GET', '/users/4/status'],
    ] as const) {
      expectError(model.call(method, path, {}), 401, 'UNAUTHORIZED');
    }
    expectSuccess(as(model, null).get('/server_settings'));
    expectError(as(model, null).post('/fetch_api_key', { username: HAMLET.email, password: 'wrong' }), 401, 'AUTHENTICATION_FAILED');
  });

  it('checks the route before the credentials: wrong methods are 405 even without them', () => {
    const response = newModel().call('PUT', '/users/me', {});
    expectError(response, 405, 'BAD_REQUEST', 'Method Not Allowed');
    expect(response.body).toMatchObject({ allowed_methods: ['DELETE', 'GET', 'HEAD'] });
    expect(response.headers['Allow']).toBe('DELETE, GET, HEAD');
  });
});

describe('parseBasicAuthorization', () => {
  it('reads the username and key', () => {
    expect(parseBasicAuthorization(basicAuthorization('a@b.c', 'k'))).toEqual({ kind: 'basic', username: 'a@b.c', apiKey: 'k' });
    expect(parseBasicAuthorization(undefined)).toEqual({ kind: 'absent' });
  });
});
