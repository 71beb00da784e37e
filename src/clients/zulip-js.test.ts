/** The official JavaScript client, unmodified, against a chatref server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { DESDEMONA, HAMLET, IAGO } from '../testing/default-realm.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'zulip-js' });
});
afterAll(async () => {
  await server.stop();
});

describe('zulip-js against chatref', () => {
  it('logs in with a password (multipart /fetch_api_key) and reads the own profile', async () => {
    const client = await zulip({ username: HAMLET.email, password: HAMLET.password, realm: server.url });
    const me = await client.users.me.getProfile();
    expect(me).toMatchObject({ result: 'success', user_id: HAMLET.userId, email: HAMLET.email, full_name: 'King Hamlet' });
  });

  it('lists users and calls PATCH with its parameters in the query string', async () => {
    const client = await zulip({ username: IAGO.email, apiKey: IAGO.apiKey, realm: server.url });
    const users = await client.users.retrieve({ client_gravatar: false });
    expect(users.result).toBe('success');
    expect(users.members.length).toBeGreaterThanOrEqual(8);
    const patched = await client.callEndpoint(`/users/${HAMLET.userId}`, 'PATCH', { full_name: 'Hamlet, Prince of Denmark' });
    expect(patched).toEqual({ result: 'success', msg: '' });
    const hamlet = await client.callEndpoint(`/users/${HAMLET.userId}`, 'GET', {});
    expect(hamlet.user.full_name).toBe('Hamlet, Prince of Denmark');
  });

  it('creates a user with a multipart POST and sees errors as JSON', async () => {
    const owner = await zulip({ username: DESDEMONA.email, apiKey: DESDEMONA.apiKey, realm: server.url });
    const created = await owner.users.create({ email: 'laertes@chatref.test', password: 'laertes-Strong-pw-9', full_name: 'Laertes' });
    expect(created).toMatchObject({ result: 'success', user_id: expect.any(Number) });
    const again = await owner.users.create({ email: 'laertes@chatref.test', password: 'laertes-Strong-pw-9', full_name: 'Laertes' });
    expect(again).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const laertes = await zulip({ username: 'laertes@chatref.test', password: 'laertes-Strong-pw-9', realm: server.url });
    const status = await laertes.callEndpoint('/users/me/status', 'POST', { status_text: 'Back from Paris', emoji_name: 'airplane' });
    expect(status).toEqual({ result: 'success', msg: '' });
  });

  it('gets a JSON error for a wrong key', async () => {
    const client = await zulip({ username: HAMLET.email, apiKey: 'x'.repeat(32), realm: server.url });
    expect(await client.users.me.getProfile()).toMatchObject({ result: 'error', code: 'UNAUTHORIZED', msg: 'Invalid API key' });
  });
});
