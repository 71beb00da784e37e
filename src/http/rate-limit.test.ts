import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { HAMLET, T0 } from '../testing/default-realm.js';
import { type RunningServer, startServer } from './server.js';

let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(options: { rateLimit?: boolean; authRateLimit?: boolean } = {}): Promise<RunningServer> {
  server = await startServer({ state: loadFixture(), port: 0, seed: 'http-rate-limit', clock: () => T0, log: () => {}, ...options });
  return server;
}

async function login(running: RunningServer, password: string) {
  const res = await request(`${running.apiUrl}/fetch_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: HAMLET.email, password }).toString(),
  });
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as Record<string, unknown> };
}

describe('rate limits over HTTP', () => {
  it('answers the 6th password attempt for an account with 429, a Retry-After header and retry-after in the body', async () => {
    const running = await start();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(running, 'wrong')).status).toBe(401);
    const refused = await login(running, HAMLET.password!);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(refused.headers['retry-after']).toBe('1800.0');
    expect(refused.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 1800 });
  });

  it('turns the authentication limit off with authRateLimit: false', async () => {
    const running = await start({ authRateLimit: false });
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await login(running, 'wrong')).status).toBe(401);
    expect((await login(running, HAMLET.password!)).status).toBe(200);
  });

  it('sends X-RateLimit-* headers with rateLimit: true', async () => {
    const running = await start({ rateLimit: true });
    const authorization = `Basic ${Buffer.from(`${HAMLET.email}:${HAMLET.apiKey}`).toString('base64')}`;
    const remaining: unknown[] = [];
    for (let count = 0; count < 3; count += 1) {
      const res = await request(`${running.apiUrl}/users/me`, { headers: { authorization } });
      await res.body.dump();
      expect(res.headers['x-ratelimit-limit']).toBe('200');
      expect(res.headers['x-ratelimit-reset']).toBe(String(T0 + 60));
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['199', '198', '197']);
    // Unauthenticated requests count against the client's address.
    const settings = await request(`${running.apiUrl}/server_settings`);
    await settings.body.dump();
    expect([settings.headers['x-ratelimit-limit'], settings.headers['x-ratelimit-remaining']]).toEqual(['100', '99']);
  });
});
