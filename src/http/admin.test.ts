import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { createModel } from '../in-process.js';
import { basicAuthorization } from '../model/auth.js';
import { snapshotText } from '../store/snapshot.js';
import { CORDELIA, HAMLET, IAGO, T0 } from '../testing/default-realm.js';
import { adminApi, bearerMatches, generateAdminToken } from './admin.js';
import type { RunningServer } from './server.js';

const TOKEN = 'test-admin-token';
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function start(options: Parameters<typeof createServer>[0] = {}) {
  const lines: string[] = [];
  const server = await createServer({ port: 0, seed: 'admin', adminToken: TOKEN, log: (line) => lines.push(line), ...options });
  running.push(server);
  const admin = async (method: string, path: string, init: { body?: string; type?: string; token?: string | null } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token !== null) headers['authorization'] = `Bearer ${init.token ?? TOKEN}`;
    if (init.type !== undefined) headers['content-type'] = init.type;
    const response = await fetch(`${server.adminUrl}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: init.body }) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const api = async (method: string, path: string, params: Record<string, string> = {}, user = HAMLET) => {
    const query = method === 'GET' ? `?${new URLSearchParams(params)}` : '';
    const response = await fetch(`${server.apiUrl}${path}${query}`, {
      method,
      headers: { authorization: basicAuthorization(user.email, user.apiKey) },
      ...(method === 'GET' ? {} : { body: new URLSearchParams(params) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  return { server, admin, api, lines };
}

describe('the admin API token', () => {
  it('is compared whole, in constant time, as a Bearer credential', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    const token = generateAdminToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateAdminToken()).not.toBe(token);
  });

  it('is required on every admin path: no token or a wrong one is a 401 JSON error with a Bearer challenge', async () => {
    const { admin, server } = await start();
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/clock'],
      ['POST', '/reset'],
      ['GET', '/no-such-thing'],
    ] as const) {
      for (const token of [null, 'wrong', `${TOKEN} extra`]) {
        const answer = await admin(method, path, { token });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ result: 'error', msg: 'The admin API needs the admin token: Authorization: Bearer <token>', code: 'UNAUTHORIZED' });
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="chatref-admin"');
        expect(answer.headers.get('content-type')).toBe('application/json');
      }
    }
    // Chat credentials do not open it either.
    const basic = await fetch(`${server.adminUrl}/clock`, { headers: { authorization: basicAuthorization(IAGO.email, IAGO.apiKey) } });
    expect(basic.status).toBe(401);
  });

  it('is random per server unless one is given', async () => {
    const first = await createServer({ port: 0, log: () => {} });
    const second = await createServer({ port: 0, log: () => {} });
    running.push(first, second);
    expect(first.adminToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.adminToken).not.toBe(first.adminToken);
    expect(first.adminUrl).toBe(`${first.url}/chatref/admin`);
  });
});

describe('the admin API', () => {
  it('lists its endpoints, and answers unknown paths and methods in JSON', async () => {
    const { admin, server } = await start();
    const index = await admin('GET', '');
    expect(index.body).toMatchObject({ result: 'success', journal: null });
    expect(index.body.endpoints).toContain('PUT /chatref/admin/clock');
    expect(await admin('GET', '/nope')).toMatchObject({ status: 404, body: { result: 'error', code: 'NOT_FOUND' } });
    const wrongMethod = await admin('DELETE', '/clock');
    expect(wrongMethod).toMatchObject({ status: 405, body: { result: 'error', code: 'METHOD_NOT_ALLOWED' } });
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT');
    // Nothing of it leaks into the chat API, and paths that only look alike are not it.
    expect((await fetch(`${server.url}/chatref/administrator`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${server.apiUrl}/chatref/admin/clock`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('snapshots, restores and resets the state', async () => {
    const { admin, api, server } = await start();
    const start0 = await admin('GET', '/snapshot');
    expect(start0.body).toMatchObject({ format: 'chatref-snapshot', version: 1 });
    expect(start0.body).toEqual(JSON.parse(snapshotText(server.control.snapshot())));

    const sent = await api('POST', '/messages', { type: 'stream', to: 'general', topic: 'admin', content: 'one' });
    expect(sent.status).toBe(200);
    const withMessage = await admin('GET', '/snapshot');
    expect(await admin('POST', '/reset')).toMatchObject({ status: 200, body: { result: 'success', msg: '' } });
    expect((await api('GET', `/messages/${sent.body.id}`)).status).toBe(400);
    expect((await admin('GET', '/snapshot')).body).toEqual(start0.body);

    const restored = await admin('POST', '/restore', { body: JSON.stringify(withMessage.body), type: 'application/json' });
    expect(restored).toMatchObject({ status: 200, body: { result: 'success' } });
    expect((await api('GET', `/messages/${sent.body.id}`)).body.message.content).toBe('<p>one</p>');

    const bad = await admin('POST', '/restore', { body: '{"format":"chatref-snapshot","version":7}', type: 'application/json' });
    expect(bad).toMatchObject({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'snapshot version 7 is not 1' } });
    expect((await admin('POST', '/restore', { body: 'nonsense' })).body.msg).toMatch(/^the snapshot is not JSON/);
  });

  it('reads and sets the clock, by form or JSON, and the chat API runs on it', async () => {
    const { admin, api } = await start();
    const before = await admin('GET', '/clock');
    expect(before.body.clock).toMatchObject({ frozen: false, offset: 0 });
    const frozen = await admin('PUT', '/clock', { body: JSON.stringify({ frozen: true, now: T0 }), type: 'application/json' });
    expect(frozen.body).toMatchObject({ result: 'success', clock: { now: T0, frozen: true } });
    const moved = await admin('PUT', '/clock', { body: 'advance=90', type: 'application/x-www-form-urlencoded' });
    expect(moved.body.clock).toMatchObject({ now: T0 + 90, frozen: true });
    expect((await admin('PUT', '/clock?advance=10')).body.clock.now).toBe(T0 + 100);
    const sent = await api('POST', '/messages', { type: 'stream', to: 'general', topic: 'clock', content: 'now' });
    expect((await api('GET', `/messages/${sent.body.id}`)).body.message.timestamp).toBe(T0 + 100);
    const back = await admin('PUT', '/clock', { body: 'system=true', type: 'application/x-www-form-urlencoded' });
    expect(back.body.clock).toMatchObject({ frozen: false, offset: 0 });

    for (const [body, msg] of [
      ['{"advance":"soon"}', 'advance must be a number of seconds, not "soon"'],
      ['{"frozen":"yes"}', 'frozen must be true or false, not "yes"'],
      ['{"speed":2}', 'unknown clock fields: speed (known: system, frozen, now, advance)'],
      ['{}', 'give one of system, frozen, now, advance'],
      ['[1]', 'the body must be a JSON object'],
    ]) {
      expect(await admin('PUT', '/clock', { body, type: 'application/json' })).toMatchObject({
        status: 400,
        body: { result: 'error', code: 'BAD_REQUEST', msg },
      });
    }
  });

  it('lists recent chat requests, filtered, and forgets them on DELETE; its own requests are not listed', async () => {
    const { admin, api } = await start();
    await api('GET', '/users/me');
    await api('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'x' }, CORDELIA);
    await api('GET', '/messages/999999');
    await admin('GET', '/clock');
    const all = await admin('GET', '/requests');
    expect(all.body.requests.map((entry: any) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'GET /api/v1/messages/999999 400',
      'POST /api/v1/messages 200',
      'GET /api/v1/users/me 200',
    ]);
    expect(all.body.requests[1]).toMatchObject({
      user: CORDELIA.email,
      user_id: CORDELIA.userId,
      params: { content: 'x' },
      response: { body: { result: 'success' } },
    });
    const filtered = async (query: string) => (await admin('GET', `/requests?${query}`)).body.requests.map((entry: any) => entry.id);
    expect(await filtered('status=4xx')).toEqual([3]);
    expect(await filtered(`user=${CORDELIA.email}`)).toEqual([2]);
    expect(await filtered(`user=${HAMLET.userId}`)).toEqual([3, 1]);
    expect(await filtered('path=/messages/*')).toEqual([3]);
    expect(await filtered('method=GET&limit=1')).toEqual([3]);
    expect(await admin('GET', '/requests?limit=few')).toMatchObject({ status: 400, body: { msg: 'limit must be a whole number, not "few"' } });
    expect(await admin('GET', '/requests?status=ok')).toMatchObject({ status: 400 });
    expect((await admin('DELETE', '/requests')).status).toBe(200);
    expect((await admin('GET', '/requests')).body.requests).toEqual([]);
  });

  it('lists requests refused before the store saw them too', async () => {
    const { admin, api } = await start({ bodyLimitBytes: 100 });
    const refused = await api('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'x'.repeat(1000) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const [entry] = (await admin('GET', '/requests')).body.requests;
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/messages', user: HAMLET.email, status: refused.status, response: { body: refused.body } });
  });

  it('shows the e-mails sent', async () => {
    const { admin, api } = await start();
    expect((await admin('GET', '/outbox')).body).toEqual({ result: 'success', msg: '', emails: [] });
    await api('DELETE', `/users/${CORDELIA.userId}`, { deactivation_notification_comment: 'Bye' }, IAGO);
    const { emails } = (await admin('GET', '/outbox')).body;
    expect(emails).toEqual([expect.objectContaining({ id: 1, to: CORDELIA.email, template: 'user_deactivated' })]);
  });

  it("replays a journal onto the server's start, and refuses text that is none", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chatref-admin-')), 'journal.jsonl');
    const recorder = createModel({ seed: 'recorder', clock: () => T0, journal: file });
    recorder.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'journal', content: 'replayed' }, { auth: HAMLET });
    recorder.call('POST', '/users/me/status', { status_text: 'away' }, { auth: CORDELIA });
    recorder.close();
    const { admin, server } = await start();
    const replayed = await admin('POST', '/journal/replay', { body: readFileSync(file, 'utf8'), type: 'application/x-ndjson' });
    expect(replayed.body).toEqual({ result: 'success', msg: '', applied: 2 });
    expect(snapshotText(server.control.snapshot())).toBe(snapshotText(recorder.control.snapshot()));
    expect(await admin('POST', '/journal/replay', { body: 'hello' })).toMatchObject({ status: 400, body: { msg: 'the journal has no header line' } });
  });

  it('says which journal the server keeps', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chatref-admin-')), 'journal.jsonl');
    const { admin } = await start({ journal: file });
    expect((await admin('GET', '')).body.journal).toBe(file);
  });

  it('refuses a body over its limit with 413', async () => {
    const api = adminApi(createModel().control, TOKEN, 100);
    const server = createHttpServer((req, res) => {
      if (!api.serve(req, res, () => res.destroy())) res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/chatref/admin/restore`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: 'x'.repeat(1000),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ result: 'error', msg: 'The body is larger than 100 bytes', code: 'BAD_REQUEST' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the access log', () => {
  it('writes one line per request: method, path, user, status and milliseconds', async () => {
    const { api, admin, lines, server } = await start({ accessLog: 'text' });
    await api('GET', '/users/me');
    await admin('GET', '/clock', { token: 'wrong' });
    await fetch(`${server.url}/nowhere?secret=1`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/api\/v1\/users\/me hamlet@chatref\.test 200 \d+(\.\d)?ms$/);
    expect(lines[1]).toMatch(/^GET \/chatref\/admin\/clock - 401 \d+(\.\d)?ms$/);
    expect(lines[2]).toMatch(/^GET \/nowhere - 404 \d+(\.\d)?ms$/);
  });

  it('writes JSON lines with --log json', async () => {
    const { api, lines } = await start({ accessLog: 'json' });
    await api('POST', '/messages', { type: 'stream', to: 'general', topic: 'log', content: 'x' }, CORDELIA);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: expect.any(String),
      method: 'POST',
      path: '/api/v1/messages',
      user: CORDELIA.email,
      status: 200,
      ms: expect.any(Number),
    });
  });

  it('is silent without the option', async () => {
    const { api, lines } = await start();
    await api('GET', '/users/me');
    expect(lines).toEqual([]);
  });
});
