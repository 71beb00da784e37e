import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryContentStore } from '../store/content-store.js';
import type { ReadRequestResult } from './read-request.js';
import { readRequest } from './read-request.js';

const LIMIT = 2048;
const content = new MemoryContentStore();

/** Echoes what readRequest made of each request, so the tests see exactly its output. */
describe('readRequest', () => {
  let server: Server;
  let base: string;
  let last: ReadRequestResult | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      readRequest(req, { bodyLimitBytes: LIMIT, uploads: { content, maxFileMib: 1 } }, (result) => {
        last = result;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function send(path: string, options: Parameters<typeof request>[1] = {}): Promise<ReadRequestResult> {
    last = undefined;
    const res = await request(`${base}${path}`, options);
    await res.body.dump();
    return last!;
  }

  it('merges the query string and an urlencoded body for any method; the body wins, the last repeat wins', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const result = await send('/x?a=1&b=1&b=2&c=q', {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: 'c=body&d=%E2%9C%93&d=last',
      });
      expect(result.ok, method).toBe(true);
      if (!result.ok) continue;
      expect({ ...result.params }).toEqual({ a: '1', b: '2', c: 'body', d: 'last' });
      expect(result.files).toEqual([]);
    }
  });

  it('keeps __proto__ and other Object.prototype names as plain keys', async () => {
    const result = await send('/x?__proto__=q&constructor=c', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__=%7B%22polluted%22%3A1%7D&toString=t',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.params).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(result.params['__proto__']).toBe('{"polluted":1}');
    expect(result.params['toString']).toBe('t');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(result.params)).toBeNull();
  });

  it('tolerates malformed percent-encoding', async () => {
    const result = await send('/x?a=%E0%A4%A', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'b=%zz&c=%',
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.params['b']).toBe('%zz');
  });

  it('turns multipart text fields into params and file parts into files', async () => {
    const form = new FormData();
    form.set('content', 'hello ✓');
    form.set('upload', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'image/png' }), 'pïc.png');
    const result = await send('/x?content=query&q=1', { method: 'POST', body: form });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect({ ...result.params }).toEqual({ content: 'hello ✓', q: '1' });
    expect(result.files).toHaveLength(1);
    const [file] = result.files;
    expect(file!.fieldName).toBe('upload');
    expect(file!.fileName).toBe('pïc.png');
    expect(file!.contentType).toBe('image/png');
    expect(file!.size).toBe(4);
    expect([...content.get(file!.contentKey)!]).toEqual([0, 1, 2, 255]);
  });

  it('reads no params from other content types, and a missing body is fine', async () => {
    const json = await send('/x?a=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"b":2}' });
    expect(json.ok && { ...json.params }).toEqual({ a: '1' });
    const none = await send('/x', { method: 'POST' });
    expect(none.ok && { ...none.params }).toEqual({});
  });

  it('refuses bodies over the limit, declared or streamed, in any content type', async () => {
    const declared = await send('/x', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(LIMIT + 1) });
    expect(declared.ok || declared.error.status).toBe(413);

    const chunks = Readable.from(Array.from({ length: 10 }, () => 'x'.repeat(512)));
    const streamed = await send('/x', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: chunks });
    expect(streamed.ok || streamed.error.status).toBe(413);

    const exact = await send('/x', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'x'.repeat(LIMIT - 2)}`,
    });
    expect(exact.ok).toBe(true);
  });
});
