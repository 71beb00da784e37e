/** zulip-js's custom emoji call (emojis.retrieve, GET /realm/emoji), unmodified, against an in-process chatref server. */
import { FormData, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { HAMLET, POLONIUS } from '../testing/default-realm.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'zulip-js-custom-emoji' });
});
afterAll(async () => {
  await server.stop();
});

describe('zulip-js emojis.retrieve', () => {
  it('lists the custom emoji, a guest included', async () => {
    // undici's own FormData: zulip-js replaces the global one with a Node stream polyfill.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'wave.png');
    const auth = `Basic ${Buffer.from(`${HAMLET.email}:${HAMLET.apiKey}`).toString('base64')}`;
    const uploaded = await fetch(`${server.apiUrl}/realm/emoji/wave_hello`, { method: 'POST', headers: { authorization: auth }, body: form });
    expect(uploaded.status).toBe(200);
    const client = await zulip({ username: POLONIUS.email, apiKey: POLONIUS.apiKey, realm: server.url });
    const answer = await client.emojis.retrieve();
    expect(answer).toMatchObject({
      result: 'success',
      msg: '',
      emoji: { '1': { id: '1', name: 'wave_hello', deactivated: false, author_id: HAMLET.userId, still_url: null } },
    });
  });
});
