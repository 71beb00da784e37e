/** Slow and greedy clients over real sockets: header and body timeouts answered with a JSON 408, the connection cap. */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { HAMLET } from '../testing/default-realm.js';
import { type RunningServer, type ServerOptions, startServer } from './server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function basic(actor: { email: string; apiKey: string }): string {
  return `Basic ${Buffer.from(`${actor.email}:${actor.apiKey}`).toString('base64')}`;
}

async function rawConnect(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Everything the server sends until it closes the connection, and when it closed. */
function readUntilClose(socket: Socket): Promise<{ text: string; closedAt: number }> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), closedAt: Date.now() })));
}

/** Sends `text` a piece at a time until the connection closes. */
async function trickle(socket: Socket, pieces: () => string, everyMs: number): Promise<void> {
  while (!socket.destroyed && socket.writable) {
    socket.write(pieces());
    await sleep(everyMs);
  }
}

function bodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

let server: RunningServer | undefined;
async function start(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  server = await startServer({ state: loadFixture(), port: 0, log: () => {}, headerTimeoutMs: 200, requestTimeoutMs: 400, ...options });
  return server;
}
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('slow clients', () => {
  it('answers a client that never finishes its headers with a JSON 408 after the header timeout, serving other requests meanwhile', async () => {
    const { port, apiUrl } = await start();
    const slowloris = await rawConnect(port);
    const answer = readUntilClose(slowloris);
    const started = Date.now();
    slowloris.write('GET /api/v1/server_settings HTTP/1.1\r\nHost: x\r\n');
    let header = 0;
    void trickle(slowloris, () => `X-Slow-${header++}: yes\r\n`, 40);

    // Other clients are served while the slow one holds its connection: answers that come before it is closed.
    let closed = false;
    void answer.then(() => (closed = true));
    const answeredAt: number[] = [];
    while (!closed) {
      const res = await request(`${apiUrl}/server_settings`);
      await res.body.json();
      expect(res.statusCode).toBe(200);
      answeredAt.push(Date.now());
    }
    const { text, closedAt } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toMatch(/\r\nContent-Type: application\/json\r\n/);
    expect(text).toMatch(/\r\nConnection: close\r\n/);
    expect(bodyOf(text)).toEqual({ result: 'error', msg: "Request timeout: the request's headers did not arrive within 0.2 s", code: 'BAD_REQUEST' });
    // Never before the timeout; after it, a busy machine may delay the check, so the upper bound is only "long
    // before the 60 s default" (the message above names the 0.2 s header timeout as the one that ended it).
    expect(closedAt - started).toBeGreaterThanOrEqual(190);
    expect(closedAt - started).toBeLessThan(30_000);
    expect(answeredAt.filter((at) => at <= closedAt).length).toBeGreaterThan(0);
  });

  it('answers a body that arrives too slowly with a JSON 408 after the request timeout and keeps none of it', async () => {
    const { port } = await start();
    const slow = await rawConnect(port);
    const answer = readUntilClose(slow);
    const started = Date.now();
    slow.write(
      `POST /api/v1/users/me/status HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(HAMLET)}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\nstatus_text=',
    );
    void trickle(slow, () => 'a', 40);
    const { text, closedAt } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(text)).toEqual({ result: 'error', msg: "Request timeout: the request's body did not arrive within 0.4 s", code: 'BAD_REQUEST' });
    expect(closedAt - started).toBeGreaterThanOrEqual(390);
    expect(closedAt - started).toBeLessThan(30_000);
    expect(server!.getState().users).toBe(loadFixture().users);
  });

  it('lets a slow but steady request finish within the timeout', async () => {
    // Slower than the 0.2 s header timeout, which ends with the headers; well within the request timeout even when
    // a busy machine stretches each 20 ms pause.
    const { port } = await start({ requestTimeoutMs: 10_000 });
    const body = 'status_text=steady';
    const steady = await rawConnect(port);
    const answer = readUntilClose(steady);
    steady.write(
      `POST /api/v1/users/me/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${basic(HAMLET)}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    for (const char of body) {
      steady.write(char);
      await sleep(20);
    }
    const { text } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('closes connections beyond maxConnections at once and serves again when some end', async () => {
    const { port, apiUrl } = await start({ maxConnections: 2 });
    const first = await rawConnect(port);
    const second = await rawConnect(port);
    const third = connect(port, '127.0.0.1');
    third.on('error', () => {});
    const { text } = await readUntilClose(third);
    expect(text).toBe('');
    first.destroy();
    second.destroy();
    // The server counts a connection out when it sees it close: until then a new one may still be turned away.
    for (;;) {
      const res = await request(`${apiUrl}/server_settings`).catch(() => undefined);
      if (res === undefined) {
        await sleep(10);
        continue;
      }
      expect(res.statusCode).toBe(200);
      await res.body.json();
      break;
    }
  });
});
