/** Held GET /events requests over real sockets: answered by writes, released on disconnect, answered on shutdown. */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { CORDELIA, HAMLET } from '../testing/default-realm.js';
import { type RunningServer, startServer } from './server.js';

function basic(actor: { email: string; apiKey: string }): string {
  return `Basic ${Buffer.from(`${actor.email}:${actor.apiKey}`).toString('base64')}`;
}

async function call(
  server: RunningServer,
  actor: { email: string; apiKey: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams(params).toString();
  const inQuery = method !== 'POST';
  const response = await request(`${server.apiUrl}${path}${inQuery ? `?${query}` : ''}`, {
    method,
    headers: { authorization: basic(actor), ...(inQuery ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(inQuery ? {} : { body: query }),
    ...(signal === undefined ? {} : { signal }),
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, any> };
}

/** Polls until the condition holds (a hang ends at the test's timeout). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

let server: RunningServer;
afterEach(async () => {
  await server.stop();
});

async function start() {
  server = await startServer({ state: loadFixture(), port: 0, seed: 'long-poll', log: () => {} });
  const registered = await call(server, HAMLET, 'POST', '/register', { fetch_event_types: '[]' });
  return registered.body['queue_id'] as string;
}

describe('long-polling over HTTP', () => {
  it('answers a held request when another user writes', async () => {
    const queueId = await start();
    const held = call(server, HAMLET, 'GET', '/events', { queue_id: queueId, last_event_id: '-1' });
    await until(() => server.store.waitingCount === 1);
    await call(server, CORDELIA, 'POST', '/users/me/status', { status_text: 'on the battlements' });
    const { status, body } = await held;
    expect(status).toBe(200);
    expect(body).toEqual({
      result: 'success',
      msg: '',
      events: [{ type: 'user_status', user_id: CORDELIA.userId, status_text: 'on the battlements', id: 0 }],
      queue_id: queueId,
    });
  });

  it('frees a held request as soon as its client goes away', async () => {
    const queueId = await start();
    const abort = new AbortController();
    const held = call(server, HAMLET, 'GET', '/events', { queue_id: queueId, last_event_id: '-1' }, abort.signal).catch((error: Error) => error);
    await until(() => server.store.waitingCount === 1);
    abort.abort();
    await held;
    await until(() => server.store.waitingCount === 0);
    // The queue itself stays: the next poll finds it.
    expect((await call(server, HAMLET, 'GET', '/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' })).body['events']).toEqual([]);
  });

  it('accepts DELETE /events with queue_id in the query string, as zulip-js sends it', async () => {
    const queueId = await start();
    expect((await call(server, HAMLET, 'DELETE', '/events', { queue_id: queueId })).body).toEqual({ result: 'success', msg: '' });
    expect((await call(server, HAMLET, 'GET', '/events', { queue_id: queueId, last_event_id: '-1' })).body['code']).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('answers held requests at once when the server stops', async () => {
    const queueId = await start();
    const held = call(server, HAMLET, 'GET', '/events', { queue_id: queueId, last_event_id: '-1' });
    await until(() => server.store.waitingCount === 1);
    const started = Date.now();
    const stopped = server.stop();
    expect((await held).body).toEqual({ result: 'success', msg: '', events: [], queue_id: queueId });
    await stopped;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
