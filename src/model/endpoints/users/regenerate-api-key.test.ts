import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET_BOT, IAGO, newModel } from '../../../testing/default-realm.js';
import { listen } from './test-support.js';

describe('POST /users/me/api_key/regenerate', () => {
  it('gives the caller a new key; the old one stops working at once and nobody hears of it', () => {
    const model = newModel();
    const events = listen(model, IAGO);
    const { api_key: apiKey } = expectSuccess(as(model, CORDELIA).post('/users/me/api_key/regenerate'));
    expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expectError(as(model, CORDELIA).get('/users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
    expectSuccess(as(model, { email: CORDELIA.email, apiKey }).get('/users/me'));
    expect(events()).toEqual([]);
  });

  it('is for human users only', () => {
    const model = newModel();
    expectError(as(model, HAMLET_BOT).post('/users/me/api_key/regenerate'), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });
});
