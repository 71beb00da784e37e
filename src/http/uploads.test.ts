/**
 * Uploads over HTTP: file parts stream into the content store under the
 * upload limit, downloads stream out with the real server's headers, and
 * errors on the file paths are HTML.
 */
import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { MemoryContentStore } from '../store/content-store.js';
import { CORDELIA, HAMLET } from '../testing/default-realm.js';
import type { RunningServer } from './server.js';
import { startServer } from './server.js';

const MIB = 1024 * 1024;

/** Remembers the most bytes it ever held, so a test can tell a stopped upload from a buffered one. */
class MeasuredContentStore extends MemoryContentStore {
  peak = 0;
  override begin() {
    const writer = super.begin();
    const write = writer.write.bind(writer);
    return Object.assign(writer, {
      write: (chunk: Uint8Array) => {
        write(chunk);
        this.peak = Math.max(this.peak, this.bytesHeld);
      },
    });
  }
}

const basic = (user: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

describe('uploads over HTTP', () => {
  let server: RunningServer;
  const content = new MeasuredContentStore();

  beforeAll(async () => {
    const state = loadFixture();
    server = await startServer({
      state: { ...state, server: { ...state.server, maxFileUploadSizeMib: 1 } },
      port: 0,
      seed: 3,
      bodyLimitBytes: 64 * 1024,
      content,
    });
  });

  afterAll(async () => {
    await server.stop();
  });

  async function upload(form: FormData, user = HAMLET) {
    const res = await request(`${server.apiUrl}/user_uploads`, { method: 'POST', body: form, headers: { authorization: basic(user) } });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, any> };
  }

  it('uploads one file, then serves it to its owner with its type, length, disposition and cache headers, and HEAD without a body', async () => {
    const form = new FormData();
    form.set('file', new Blob([Buffer.from('\x89PNG fake image', 'latin1')], { type: 'image/png' }), 'pic.png');
    const { status, body } = await upload(form);
    expect(status).toBe(200);
    const res = await request(`${server.url}${body['url']}`, { headers: { authorization: basic(HAMLET) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe('15');
    expect(res.headers['content-disposition']).toBe('inline; filename="pic.png"');
    expect(res.headers['cache-control']).toBe('private, immutable');
    expect(Buffer.from(await res.body.arrayBuffer()).toString('latin1')).toBe('\x89PNG fake image');
    const head = await request(`${server.url}${body['url']}`, { method: 'HEAD', headers: { authorization: basic(HAMLET) } });
    expect([head.statusCode, head.headers['content-length'], head.headers['content-type']]).toEqual([200, '15', 'image/png']);
    expect((await head.body.arrayBuffer()).byteLength).toBe(0);
    const part = await request(`${server.url}${body['url']}`, { headers: { authorization: basic(HAMLET), range: 'bytes=1-3' } });
    expect([part.statusCode, part.headers['content-range'], await part.body.text()]).toEqual([206, 'bytes 1-3/15', 'PNG']);
  });

  it('answers another user 403 and a missing file 404, both in HTML; a logged-out visitor is sent to the login page', async () => {
    const form = new FormData();
    form.set('file', new Blob(['secret']), 'secret.txt');
    const { body } = await upload(form);
    const forbidden = await request(`${server.url}${body['url']}`, { headers: { authorization: basic(CORDELIA) } });
    expect([forbidden.statusCode, forbidden.headers['content-type'], await forbidden.body.text()]).toEqual([
      403,
      'text/html; charset=utf-8',
      '<p>You are not authorized to view this file.</p>',
    ]);
    const missing = await request(`${server.url}/user_uploads/1/aa/nothing-here-at-all-xxxx/none.txt`, { headers: { authorization: basic(HAMLET) } });
    expect([missing.statusCode, await missing.body.text()]).toEqual([404, '<p>This file does not exist or has been deleted.</p>']);
    const anonymous = await request(`${server.url}${body['url']}`);
    await anonymous.body.dump();
    expect([anonymous.statusCode, anonymous.headers['location']]).toEqual([302, `/login/?next=${body['url']}`]);
    const elsewhere = await request(`${server.url}/not_uploads/x`);
    await elsewhere.body.dump();
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses no file, files under two names and a broken form with JSON errors', async () => {
    const none = new FormData();
    none.set('note', 'no file here');
    expect((await upload(none)).body).toEqual({ result: 'error', msg: 'You must specify a file to upload', code: 'BAD_REQUEST' });
    const two = new FormData();
    two.set('a', new Blob(['a']), 'a.txt');
    two.set('b', new Blob(['b']), 'b.txt');
    expect((await upload(two)).body['msg']).toBe('You may only upload one file at a time');
    const broken = await request(`${server.apiUrl}/user_uploads`, {
      method: 'POST',
      headers: { authorization: basic(HAMLET), 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nunfinished',
    });
    expect([broken.statusCode, await broken.body.json()]).toEqual([400, { result: 'error', msg: 'Malformed request body', code: 'BAD_REQUEST' }]);
  });

  it('stops a body far over the upload limit as it streams: the store never holds more than the limit, and keeps nothing', async () => {
    const before = content.count;
    content.peak = content.bytesHeld;
    const boundary = 'chatrefboundary';
    let sent = 0;
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 1);
      for (let i = 0; i < 64 * 4; i++) {
        sent += chunk.length;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await request(`${server.apiUrl}/user_uploads`, {
      method: 'POST',
      headers: { authorization: basic(HAMLET), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.from(body()),
    });
    expect([res.statusCode, await res.body.json()]).toEqual([
      400,
      { result: 'error', msg: "File is larger than this server's configured maximum upload size (1 MiB).", code: 'BAD_REQUEST' },
    ]);
    expect(content.peak - content.bytesHeld).toBeLessThanOrEqual(MIB);
    expect(content.count).toBe(before);
    expect(sent).toBeGreaterThan(MIB);
  });

  it('finds no file for paths that try to leave the upload table', async () => {
    for (const path of ['/user_uploads/%2e%2e/%2e%2e/etc/passwd', '/user_uploads/1/..%2F..%2Fetc%2Fpasswd', '/user_uploads//etc/passwd']) {
      const res = await request(`${server.url}${path}`, { headers: { authorization: basic(HAMLET) } });
      await res.body.dump();
      expect(res.statusCode, path).toBe(404);
    }
  });
});
