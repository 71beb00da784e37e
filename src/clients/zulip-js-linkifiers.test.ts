/** zulip-js's linkifier call, unmodified, against an in-process chatref server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { HAMLET } from '../testing/default-realm.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'zulip-js-linkifiers' });
});
afterAll(async () => {
  await server.stop();
});

describe('zulip-js filters.retrieve', () => {
  it('calls GET /realm/filters, which the real server removed: a 405 JSON error it can read', async () => {
    const client = await zulip({ username: HAMLET.email, apiKey: HAMLET.apiKey, realm: server.url });
    expect(await client.filters.retrieve()).toMatchObject({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
    const current = await client.callEndpoint('/realm/linkifiers', 'GET', {});
    expect(current).toEqual({ result: 'success', msg: '', linkifiers: [] });
  });
});
