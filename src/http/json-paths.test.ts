/**
 * The development server's login over HTTP, as client suites written for it
 * use it: POST /api/v1/dev_fetch_api_key sets the session and CSRF cookies,
 * and /json/ paths take them (multipart writes with X-CSRFToken included).
 */
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from './server.js';

let server: RunningServer;

beforeAll(async () => {
  server = await createServer({ fixture: 'zulip-dev', port: 0, seed: 'json-paths', log: () => {} });
});

afterAll(async () => {
  await server.stop();
});

async function devLogin(username: string): Promise<{ cookie: string; csrfToken: string; body: Record<string, unknown> }> {
  const response = await request(`${server.url}/api/v1/dev_fetch_api_key?username=${encodeURIComponent(username)}`, { method: 'POST' });
  const body = (await response.body.json()) as Record<string, unknown>;
  const setCookie = response.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((line) => line.split(';', 1)[0]!);
  const csrfToken = cookies.find((pair) => pair.startsWith('csrftoken='))!.slice('csrftoken='.length);
  return { cookie: cookies.join('; '), csrfToken, body };
}

describe('/json/ paths over HTTP with a development session', () => {
  it('logs in with a query-string username and an empty body, as the Go client suite does', async () => {
    const login = await devLogin('AARON@zulip.com');
    expect(login.body).toMatchObject({ result: 'success', email: 'AARON@zulip.com', user_id: 7 });
    expect(login.cookie).toMatch(/^sessionid=[a-z0-9]{32}; csrftoken=[A-Za-z0-9]{32}$/);
  });

  it('answers reads and CSRF-protected multipart writes for the session user', async () => {
    const login = await devLogin('iago@zulip.com');
    const me = await request(`${server.url}/json/users/me`, { headers: { cookie: login.cookie } });
    expect(me.statusCode).toBe(200);
    expect(((await me.body.json()) as Record<string, unknown>)['delivery_email']).toBe('iago@zulip.com');

    const form = new FormData();
    form.append('status_text', 'on a ship');
    const refused = await request(`${server.url}/json/users/me/status`, { method: 'POST', body: form, headers: { cookie: login.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(await refused.body.json()).toMatchObject({ code: 'CSRF_FAILED', msg: 'CSRF error: CSRF token missing.' });

    const again = new FormData();
    again.append('status_text', 'on a ship');
    const done = await request(`${server.url}/json/users/me/status`, {
      method: 'POST',
      body: again,
      headers: { cookie: login.cookie, 'x-csrftoken': login.csrfToken },
    });
    expect(done.statusCode).toBe(200);
    await done.body.dump();
  });

  it("creates a bot through /json/bots as the Go client suite's helper does, and the bot then logs in with its key", async () => {
    const login = await devLogin('desdemona@zulip.com');
    const form = new FormData();
    form.append('full_name', 'test-bot-1');
    form.append('bot_type', '1');
    form.append('short_name', 'test-bot-1');
    const created = await request(`${server.url}/json/bots`, {
      method: 'POST',
      body: form,
      headers: { cookie: login.cookie, 'x-csrftoken': login.csrfToken },
    });
    expect(created.statusCode).toBe(200);
    const bot = (await created.body.json()) as { user_id: number; api_key: string };
    expect(bot.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    const auth = `Basic ${Buffer.from(`test-bot-1-bot@zulipdev.com:${bot.api_key}`).toString('base64')}`;
    const me = await request(`${server.url}/api/v1/users/me`, { headers: { authorization: auth } });
    expect(me.statusCode).toBe(200);
    expect(await me.body.json()).toMatchObject({ user_id: bot.user_id, is_bot: true, bot_owner_id: 9, email: 'test-bot-1-bot@zulipdev.com' });
  });

  it('does not take a session cookie on /api/v1, where only API keys log in', async () => {
    const login = await devLogin('iago@zulip.com');
    const response = await request(`${server.url}/api/v1/users/me`, { headers: { cookie: login.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Basic realm="zulip"');
    await response.body.dump();
  });

  it('answers /json/ without a session with the session challenge', async () => {
    const response = await request(`${server.url}/json/users/me`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Session realm="zulip"');
    expect(await response.body.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
