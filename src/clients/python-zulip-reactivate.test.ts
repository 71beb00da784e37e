/**
 * The Python `zulip` package's deactivate_user_by_id and
 * reactivate_user_by_id (a DELETE and a POST without a body, to
 * users/{user_id} and users/{user_id}/reactivate), and a bot created over
 * HTTP the way the Go library's test helper does (multipart full_name,
 * bot_type, short_name) logging in as <short_name>-bot@<realm host>.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { CORDELIA, IAGO } from '../testing/default-realm.js';
import { basicAuth, pythonCall } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python-reactivate' });
});
afterAll(async () => {
  await server.stop();
});

const iago = () => basicAuth(IAGO.email, IAGO.apiKey);

describe("the Python client's user deactivation calls against chatref", () => {
  it('deactivate_user_by_id then reactivate_user_by_id: the user authenticates again', async () => {
    expect((await pythonCall(server.apiUrl, 'DELETE', `/users/${CORDELIA.userId}`, {}, iago())).body).toEqual({ result: 'success', msg: '' });
    const cordelia = basicAuth(CORDELIA.email, CORDELIA.apiKey);
    expect((await pythonCall(server.apiUrl, 'GET', '/users/me', {}, cordelia)).status).toBe(401);
    expect((await pythonCall(server.apiUrl, 'POST', `/users/${CORDELIA.userId}/reactivate`, {}, iago())).body).toEqual({ result: 'success', msg: '' });
    expect((await pythonCall(server.apiUrl, 'GET', '/users/me', {}, cordelia)).body.user_id).toBe(CORDELIA.userId);
    const again = await pythonCall(server.apiUrl, 'POST', `/users/${CORDELIA.userId}/reactivate`, {}, iago());
    expect(again.body).toEqual({ result: 'error', msg: 'User is already active.', code: 'BAD_REQUEST' });
  });

  it('creates a bot from a multipart form, which then authenticates as <short_name>-bot@chatref.test', async () => {
    const form = new FormData();
    form.set('full_name', 'test-bot-1234');
    form.set('bot_type', '1');
    form.set('short_name', 'test-bot-1234');
    const response = await fetch(`${server.apiUrl}/bots`, { method: 'POST', body: form, headers: { Authorization: iago() } });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ result: 'success', user_id: expect.any(Number), api_key: expect.any(String) });
    const bot = basicAuth('test-bot-1234-bot@chatref.test', body['api_key'] as string);
    expect((await pythonCall(server.apiUrl, 'GET', '/users/me', {}, bot)).body).toMatchObject({ is_bot: true, bot_owner_id: IAGO.userId });
  });
});
