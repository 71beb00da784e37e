import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { buildState } from '../../../fixtures/build-state.js';
import { defaultFixtureData } from '../../../fixtures/load.js';
import { createModel } from '../../../in-process.js';
import { as, expectError, expectSuccess, HAMLET, newModel, OTHELLO, T0 } from '../../../testing/default-realm.js';

const KEY = defaultFixtureData().realm.jwt_key;
const sign = (payload: object, key = KEY, options: jwt.SignOptions = {}) => jwt.sign(payload, key, { algorithm: 'HS256', noTimestamp: true, ...options });

describe('POST /jwt/fetch_api_key (spec: Authentication 3; POST /jwt/fetch_api_key)', () => {
  it('exchanges a token with an email claim for the key, without a profile unless asked', () => {
    const data = expectSuccess(as(newModel(), null).post('/jwt/fetch_api_key', { token: sign({ email: HAMLET.email }) }));
    expect(data).toEqual({ result: 'success', msg: '', api_key: HAMLET.apiKey, email: HAMLET.email });
  });

  it('includes the user (no profile_data) with include_profile', () => {
    const data = expectSuccess(as(newModel(), null).post('/jwt/fetch_api_key', { token: sign({ email: HAMLET.email }), include_profile: 'true' }));
    expect(data['user']).toMatchObject({ user_id: HAMLET.userId, email: HAMLET.email, delivery_email: HAMLET.email, full_name: 'King Hamlet' });
    expect(typeof data['user'].avatar_url).toBe('string');
    expect(data['user']).not.toHaveProperty('profile_data');
  });

  it('refuses bad, expired, not-yet-valid, audience-bearing and wrongly signed tokens', () => {
    const model = newModel();
    for (const token of [
      'not.a.token',
      sign({ email: HAMLET.email }, 'another-key'),
      sign({ email: HAMLET.email, exp: T0 - 10 }),
      sign({ email: HAMLET.email, nbf: T0 + 3600 }),
      sign({ email: HAMLET.email, aud: 'someone' }),
      jwt.sign({ email: HAMLET.email }, KEY!, { algorithm: 'HS512' }),
    ]) {
      expectError(as(model, null).post('/jwt/fetch_api_key', { token }), 400, 'BAD_REQUEST', 'Bad JSON web token');
    }
  });

  it('requires a token and an email claim', () => {
    const model = newModel();
    expectError(as(model, null).post('/jwt/fetch_api_key'), 400, 'BAD_REQUEST', 'No JSON web token passed in request');
    expectError(as(model, null).post('/jwt/fetch_api_key', { token: sign({ sub: 'x' }) }), 400, 'BAD_REQUEST', 'No email specified in JSON web token claims');
    // An empty claim is a claim: it names nobody.
    expectError(as(model, null).post('/jwt/fetch_api_key', { token: sign({ email: '' }) }), 401, 'AUTHENTICATION_FAILED');
  });

  it('answers unknown and deactivated users like the password login', () => {
    const model = newModel();
    expectError(as(model, null).post('/jwt/fetch_api_key', { token: sign({ email: 'nobody@chatref.test' }) }), 401, 'AUTHENTICATION_FAILED');
    expectError(as(model, null).post('/jwt/fetch_api_key', { token: sign({ email: OTHELLO.email }) }), 401, 'USER_DEACTIVATED');
  });

  it('is refused when the realm has no JWT key', () => {
    const fixture = defaultFixtureData();
    const model = createModel({ fixture: buildState({ ...fixture, realm: { ...fixture.realm, jwt_key: null } }) });
    expectError(
      as(model, null).post('/jwt/fetch_api_key', { token: sign({ email: HAMLET.email }) }),
      400,
      'BAD_REQUEST',
      'JWT authentication is not enabled for this organization',
    );
  });
});
