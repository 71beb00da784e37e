/** CORS for browser clients, off by default. */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { HAMLET } from '../testing/default-realm.js';
import { type RunningServer, type ServerOptions, startServer } from './server.js';

const AUTH = `Basic ${Buffer.from(`${HAMLET.email}:${HAMLET.apiKey}`).toString('base64')}`;

let server: RunningServer | undefined;
async function start(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  server = await startServer({ state: loadFixture(), port: 0, log: () => {}, ...options });
  return server;
}
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with 204 and the methods and headers it may use', async () => {
    const { apiUrl } = await start({ cors: { origins: ['http://app.test:5173'] } });
    const res = await request(`${apiUrl}/users/me`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test:5173', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://app.test:5173');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['vary']).toBe('Origin');
    expect(await res.body.text()).toBe('');
  });

  it('marks answers to an allowed origin, errors included, and exposes the rate-limit headers', async () => {
    const { apiUrl } = await start({ cors: { origins: ['*'] } });
    const ok = await request(`${apiUrl}/users/me`, { headers: { origin: 'https://anywhere.test', authorization: AUTH } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://anywhere.test');
    expect(ok.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    expect(((await ok.body.json()) as Record<string, unknown>)['email']).toBe(HAMLET.email);
    const refused = await request(`${apiUrl}/users/me`, { headers: { origin: 'https://anywhere.test' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://anywhere.test');
    await refused.body.json();
  });

  it('leaves other origins, and every origin when off, without CORS headers', async () => {
    const { apiUrl } = await start({ cors: { origins: ['http://app.test'] } });
    const other = await request(`${apiUrl}/server_settings`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await other.body.json();
    const preflight = await request(`${apiUrl}/server_settings`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    await preflight.body.text();
    await server!.stop();
    const off = await start();
    const plain = await request(`${off.apiUrl}/server_settings`, { headers: { origin: 'http://app.test' } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    await plain.body.json();
  });
});
