/**
 * Upload throughput over HTTP: one 100 MiB file streamed into POST
 * /user_uploads (the server's limit raised for it), in MiB/s, and how much
 * the process grows meanwhile beyond the bytes the content store keeps (the
 * in-memory store holds the file itself by design). Client and server share
 * the process; the client sends one reused chunk, so its own cost is flat.
 */
import { Readable } from 'node:stream';
import { request } from 'undici';
import { createServer } from '../create-server.js';
import { loadFixture } from '../fixtures/load.js';
import { MemoryContentStore } from '../store/content-store.js';
import { HAMLET } from '../testing/default-realm.js';

const MIB = 1024 * 1024;
const FILE_MIB = 100;
const CHUNK = Buffer.alloc(256 * 1024, 0x5a);

export interface UploadMeasurement {
  readonly mibPerSecond: number;
  /** Peak growth of the heap during the upload. */
  readonly peakHeapGrowth: number;
  /** Peak growth of the resident set, less the bytes the content store held at that moment. */
  readonly peakRssGrowthBeyondStored: number;
  readonly storedBytes: number;
}

function* fileBody(boundary: string): Generator<Buffer> {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  for (let sent = 0; sent < FILE_MIB * MIB; sent += CHUNK.length) yield CHUNK;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export async function measureUpload(): Promise<UploadMeasurement> {
  const state = loadFixture();
  const content = new MemoryContentStore();
  const server = await createServer({
    fixture: { ...state, server: { ...state.server, maxFileUploadSizeMib: FILE_MIB * 2 } },
    port: 0,
    seed: 'bench-upload',
    content,
  });
  try {
    globalThis.gc?.();
    const base = process.memoryUsage();
    let peakHeap = 0;
    let peakRss = 0;
    const sample = () => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed - base.heapUsed);
      peakRss = Math.max(peakRss, now.rss - base.rss - content.bytesHeld);
    };
    const timer = setInterval(sample, 5);
    const boundary = 'chatrefbenchboundary';
    const start = performance.now();
    const response = await request(`${server.apiUrl}/user_uploads`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${HAMLET.email}:${HAMLET.apiKey}`).toString('base64')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Readable.from(fileBody(boundary)),
    });
    const body = (await response.body.json()) as Record<string, unknown>;
    const seconds = (performance.now() - start) / 1000;
    clearInterval(timer);
    sample();
    if (response.statusCode !== 200) throw new Error(`the bench upload failed: ${JSON.stringify(body)}`);
    return { mibPerSecond: FILE_MIB / seconds, peakHeapGrowth: peakHeap, peakRssGrowthBeyondStored: peakRss, storedBytes: content.bytesHeld };
  } finally {
    await server.stop();
  }
}
