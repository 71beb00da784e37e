/** A pipelining client that does not read its answers: the server stops reading it and holds at most about one answer for it. */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import type { ModelResponse } from '../model/request.js';
import { IAGO } from '../testing/default-realm.js';
import { type RunningServer, startServer } from './server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const AUTH = `Basic ${Buffer.from(`${IAGO.email}:${IAGO.apiKey}`).toString('base64')}`;
// About 60 KB of JSON per answer: 100 messages of the default realm's history.
const REQUEST = `GET /api/v1/messages?anchor=newest&num_before=100&num_after=0 HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\n\r\n`;

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('pipelining without reading', () => {
  it('keeps the bytes the server holds for the connection below two answers, and serves every request once the client reads', async () => {
    server = await startServer({ state: loadFixture(), port: 0, log: () => {} });
    const serverSockets: Socket[] = [];
    server.httpServer.on('connection', (socket: Socket) => serverSockets.push(socket));
    // Every answer the store produced, and its size.
    const produced: number[] = [];
    const store = server.store;
    const dispatch = store.dispatch.bind(store);
    store.dispatch = (request, send) =>
      dispatch(request, (response: ModelResponse) => {
        produced.push(Buffer.byteLength(JSON.stringify(response.body)));
        send(response);
      });

    const client = connect(server.port, '127.0.0.1');
    await once(client, 'connect');
    client.pause();
    const count = 600;
    // One write of every request: the server receives them as fast as it reads.
    client.write(REQUEST.repeat(count));
    await sleep(1500);
    while (produced.length === 0) await sleep(10);

    const socket = serverSockets[0]!;
    const answerSize = Math.max(...produced);
    expect(answerSize).toBeGreaterThan(30_000);
    // Handed to the kernel so far (the rest of what was produced is still in the process).
    const inKernel = socket.bytesWritten - socket.writableLength;
    const producedBytes = produced.reduce((sum, size) => sum + size, 0);
    const heldInProcess = producedBytes - inKernel;
    expect(heldInProcess).toBeLessThan(2 * answerSize);
    // It stopped reading: most requests were neither read nor run yet.
    expect(produced.length).toBeLessThan(count / 2);

    // Once the client reads, every request is answered, in order.
    let received = '';
    let answers = 0;
    client.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      for (let at = received.indexOf('HTTP/1.1 200 OK'); at !== -1; at = received.indexOf('HTTP/1.1 200 OK')) {
        answers += 1;
        received = received.slice(at + 15);
      }
    });
    client.resume();
    while (answers < count) await sleep(50);
    expect(answers).toBe(count);
    client.destroy();
  });
});
