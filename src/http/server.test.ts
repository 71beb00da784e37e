import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { createEntropySource } from './environment.js';
import type { RunningServer } from './server.js';
import { startServer } from './server.js';

const IAGO = { email: 'iago@chatref.test', password: 'iago-chatref-pw' };
const BODY_LIMIT = 4096;

function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
}

function multipart(boundary: string, fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return `${parts.join('')}--${boundary}--\r\n`;
}

describe('HTTP server', () => {
  let server: RunningServer;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startServer({
      state: loadFixture(),
      port: 0,
      seed: 7,
      bodyLimitBytes: BODY_LIMIT,
      clock: () => 1_700_000_000,
      log: (line) => logged.push(line),
    });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('reports where it listens', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.apiUrl).toBe(`${server.url}/api/v1`);
  });

  it('serves GET /server_settings without credentials', async () => {
    const res = await request(`${server.apiUrl}/server_settings`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['result']).toBe('success');
    expect(typeof body['zulip_version']).toBe('string');
    expect(body['realm_url']).toBe(server.url);
  });

  it('passes query parameters to the model', async () => {
    const res = await request(`${server.apiUrl}/server_settings?foo=1`);
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['ignored_parameters_unsupported']).toEqual(['foo']);
  });

  it('answers unknown API paths and paths outside the API with a JSON 404', async () => {
    for (const path of ['/api/v1/no_such_thing', '/not-api', '/api/v10/server_settings']) {
      const res = await request(`${server.url}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(await res.body.json()).toEqual({ result: 'error', msg: 'Not Found', code: 'NOT_FOUND' });
    }
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await request(`${server.apiUrl}/server_settings`, { method: 'DELETE' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['result']).toBe('error');
  });

  it('leaves authentication to the model: missing credentials get a Basic challenge', async () => {
    const res = await request(`${server.apiUrl}/users/me`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="zulip"');
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['code']).toBe('UNAUTHORIZED');
  });

  it('reads multipart fields: a wrong password fails, a missing username is reported', async () => {
    const boundary = 'chatref-test-boundary';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const wrong = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers,
      body: multipart(boundary, { username: IAGO.email, password: 'not-it' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(((await wrong.body.json()) as Record<string, unknown>)['code']).toBe('AUTHENTICATION_FAILED');

    const missing = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers,
      body: multipart(boundary, { password: 'whatever' }),
    });
    expect(missing.statusCode).toBe(400);
    const body = (await missing.body.json()) as Record<string, unknown>;
    expect(body['code']).toBe('REQUEST_VARIABLE_MISSING');
    expect(body['var_name']).toBe('username');
  });

  it('keeps the state a successful request produced and passes the Authorization header through', async () => {
    const before = server.getState();
    const form = new FormData();
    form.set('username', IAGO.email);
    form.set('password', IAGO.password);
    const fetched = await request(`${server.apiUrl}/fetch_api_key`, { method: 'POST', body: form });
    expect(fetched.statusCode).toBe(200);
    const { api_key: apiKey } = (await fetched.body.json()) as { api_key: string };
    expect(server.getState()).not.toBe(before);

    const me = await request(`${server.apiUrl}/users/me`, { headers: { authorization: basic(IAGO.email, apiKey) } });
    expect(me.statusCode).toBe(200);
    expect(((await me.body.json()) as Record<string, unknown>)['email']).toBeDefined();
  });

  it('reads urlencoded bodies on PATCH, the body winning over the query string', async () => {
    const res = await request(`${server.apiUrl}/server_settings?bar=1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'bar=2',
    });
    // PATCH is not allowed here; the point is that the body was read without trouble.
    expect(res.statusCode).toBe(405);
    await res.body.dump();

    const get = await request(`${server.apiUrl}/server_settings?a=1`, {
      method: 'GET',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'b=2&__proto__=3',
    });
    const body = (await get.body.json()) as Record<string, unknown>;
    expect(body['ignored_parameters_unsupported']).toEqual(expect.arrayContaining(['a', 'b', '__proto__']));
  });

  it('ignores bodies of other content types', async () => {
    const res = await request(`${server.apiUrl}/server_settings?foo=1`, {
      method: 'GET',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bar: 1 }),
    });
    expect(res.statusCode).toBe(200);
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['ignored_parameters_unsupported']).toEqual(['foo']);
  });

  it('refuses a body whose Content-Length is over the limit with 413, and the connection stays usable', async () => {
    const res = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${'x'.repeat(BODY_LIMIT * 4)}`,
    });
    expect(res.statusCode).toBe(413);
    const body = (await res.body.json()) as Record<string, unknown>;
    expect(body['result']).toBe('error');
    expect(body['msg']).toContain(String(BODY_LIMIT));

    const after = await request(`${server.apiUrl}/server_settings`);
    expect(after.statusCode).toBe(200);
    await after.body.dump();
  });

  it('stops a chunked body at the limit with 413', async () => {
    const chunk = 'x'.repeat(1024);
    const res = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Readable.from(['username=', ...Array.from({ length: 8 }, () => chunk)]),
    });
    expect(res.statusCode).toBe(413);
    await res.body.dump();
  });

  it('stops a multipart text field over the body limit with 413 (files have the upload limit instead)', async () => {
    const form = new FormData();
    form.set('username', 'x'.repeat(BODY_LIMIT * 2));
    const res = await request(`${server.apiUrl}/fetch_api_key`, { method: 'POST', body: form });
    expect(res.statusCode).toBe(413);
    await res.body.dump();
  });

  it('answers malformed multipart bodies with a JSON 400', async () => {
    const truncated = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      body: '--abc\r\nContent-Disposition: form-data; name="username"\r\n\r\niago',
    });
    expect(truncated.statusCode).toBe(400);
    expect(await truncated.body.json()).toEqual({ result: 'error', msg: 'Malformed request body', code: 'BAD_REQUEST' });

    const noBoundary = await request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(((await noBoundary.body.json()) as Record<string, unknown>)['msg']).toBe('Malformed request body');
  });

  it('answers HEAD with headers only', async () => {
    const res = await request(`${server.apiUrl}/server_settings`, { method: 'HEAD' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(await res.body.text()).toBe('');
  });

  it('survives garbage on the socket', async () => {
    const { connect } = await import('node:net');
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, server.host, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const after = await request(`${server.apiUrl}/server_settings`);
    expect(after.statusCode).toBe(200);
    await after.body.dump();
  });

  it('answers 500 and logs when the model throws', async () => {
    const good = server.getState();
    server.setState(null as never);
    try {
      const res = await request(`${server.apiUrl}/server_settings`);
      expect(res.statusCode).toBe(500);
      expect(await res.body.json()).toEqual({ result: 'error', msg: 'Internal server error', code: 'BAD_REQUEST' });
      expect(logged.at(-1)).toContain('GET /api/v1/server_settings failed: TypeError');
    } finally {
      server.setState(good);
    }
  });
});

describe('stop()', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    const server = await startServer({ state: loadFixture(), port: 0, log: () => {} });
    const body = new Readable({ read() {} });
    const pending = request(`${server.apiUrl}/fetch_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    body.push('username=iago%40chatref.test&');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopped = server.stop();
    body.push('password=not-it');
    body.push(null);
    const res = await pending;
    expect(res.statusCode).toBe(401);
    expect(((await res.body.json()) as Record<string, unknown>)['code']).toBe('AUTHENTICATION_FAILED');
    await stopped;

    await expect(request(`${server.apiUrl}/server_settings`)).rejects.toThrow();
  });
});

describe('createEntropySource', () => {
  it('is deterministic with a seed and 64 bytes per call', () => {
    const a = createEntropySource(42);
    const b = createEntropySource('42');
    const first = a();
    expect(first).toHaveLength(64);
    expect(b()).toEqual(first);
    expect(a()).not.toEqual(first);
  });

  it('is random without a seed', () => {
    const source = createEntropySource();
    expect(source()).toHaveLength(64);
    expect(source()).not.toEqual(source());
  });
});

describe('OPTIONS', () => {
  it('answers 204 with Allow and no body', async () => {
    const server = await startServer({ state: loadFixture(), port: 0 });
    try {
      const res = await request(`${server.apiUrl}/server_settings`, { method: 'OPTIONS' });
      expect(res.statusCode).toBe(204);
      expect(res.headers['allow']).toBe('GET, HEAD');
      expect(res.headers['content-length']).toBeUndefined();
      expect(await res.body.text()).toBe('');
    } finally {
      await server.stop();
    }
  });
});
