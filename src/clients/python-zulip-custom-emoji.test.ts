/**
 * The Python `zulip` package's custom emoji calls, byte for byte:
 * upload_custom_emoji(name, file_obj) is call_endpoint("realm/emoji/<name>",
 * files=[file_obj]) (requests' multipart: the part named after the file's
 * path, its base name, no Content-Type), get_realm_emoji a GET without
 * parameters, delete_custom_emoji a DELETE without a body (python-zulip-api
 * zulip/__init__.py; shared/reference/clients.md).
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { HAMLET } from '../testing/default-realm.js';
import { basicAuth, pythonMultipart } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python-custom-emoji' });
});
afterAll(async () => {
  await server.stop();
});

const AUTH = basicAuth(HAMLET.email, HAMLET.apiKey);
const HEADERS = { authorization: AUTH, 'user-agent': 'ZulipPython/0.9.1 (Linux; Python 3.12)' };
const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
  'latin1',
);

describe("the Python client's custom emoji calls against chatref", () => {
  it('uploads with the type guessed from the file name, lists, serves the image, and deletes', async () => {
    const { body, contentType } = pythonMultipart('/home/hamlet/emoji/dancing skull.gif', GIF);
    const uploaded = await request(`${server.apiUrl}/realm/emoji/dancing_skull`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': contentType },
      body,
    });
    expect([uploaded.statusCode, await uploaded.body.json()]).toEqual([200, { result: 'success', msg: '' }]);

    const listed = await request(`${server.apiUrl}/realm/emoji`, { headers: HEADERS });
    const emoji = ((await listed.body.json()) as { emoji: Record<string, Record<string, unknown>> }).emoji;
    expect(Object.values(emoji)).toEqual([
      {
        id: '1',
        name: 'dancing_skull',
        source_url: expect.stringMatching(/^\/user_avatars\/1\/emoji\/images\/[0-9a-f]{8}\.gif$/),
        deactivated: false,
        author_id: HAMLET.userId,
        still_url: null,
      },
    ]);

    const image = await request(`${server.url}${emoji['1']?.['source_url']}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.headers['cache-control']).toBe('max-age=31536000, public, immutable');
    expect(Buffer.from(await image.body.arrayBuffer())).toEqual(GIF);

    const deleted = await request(`${server.apiUrl}/realm/emoji/dancing_skull`, { method: 'DELETE', headers: HEADERS });
    expect([deleted.statusCode, await deleted.body.json()]).toEqual([200, { result: 'success', msg: '' }]);
    const missing = await request(`${server.url}/user_avatars/1/emoji/images/00000000.gif`);
    expect([missing.statusCode, missing.headers['content-type'], await missing.body.text()]).toEqual([
      404,
      'text/html; charset=utf-8',
      '<p>File not found</p>',
    ]);
  });
});
