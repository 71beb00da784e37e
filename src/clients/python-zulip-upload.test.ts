/**
 * The Python `zulip` package's upload_file, byte for byte: requests builds a
 * multipart body whose one part is named after the file's path, carries its
 * base name and no Content-Type (python-zulip-api zulip/__init__.py
 * upload_file → call_endpoint(files=[file]); shared/reference/clients.md).
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { CORDELIA, HAMLET } from '../testing/default-realm.js';
import { basicAuth, pythonMultipart } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python-upload' });
});
afterAll(async () => {
  await server.stop();
});

const basic = (user: { email: string; apiKey: string }) => basicAuth(user.email, user.apiKey);

describe("the Python client's upload_file against chatref", () => {
  it('uploads, links in a message, and the file downloads with the type guessed from its name', async () => {
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const { body, contentType } = pythonMultipart('/home/hamlet/pictures/skull 1.png', image);
    const uploaded = await request(`${server.apiUrl}/user_uploads`, {
      method: 'POST',
      headers: { authorization: basic(HAMLET), 'content-type': contentType, 'user-agent': 'ZulipPython/0.9.1 (Linux; Python 3.12)' },
      body,
    });
    const answer = (await uploaded.body.json()) as Record<string, string>;
    expect(uploaded.statusCode).toBe(200);
    expect(answer).toMatchObject({ result: 'success', msg: '', filename: 'skull 1.png' });
    expect(answer['url']).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/skull-1\.png$/);
    expect(answer['uri']).toBe(answer['url']);

    const form = new URLSearchParams({ type: 'stream', to: 'general', topic: 'pictures', content: `[skull 1.png](${answer['url']})` });
    const sent = await request(`${server.apiUrl}/messages`, {
      method: 'POST',
      headers: { authorization: basic(HAMLET), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(sent.statusCode).toBe(200);
    await sent.body.dump();

    const download = await request(`${server.url}${answer['url']}`, { headers: { authorization: basic(CORDELIA) } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('inline; filename="skull 1.png"');
    expect(Buffer.from(await download.body.arrayBuffer())).toEqual(image);
  });
});
