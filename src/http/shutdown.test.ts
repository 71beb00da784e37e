/** Graceful shutdown over real sockets: under concurrent writers nothing received is reset, late arrivals finish, new connections are refused. */
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { getRow } from '../model/tables/table.js';
import { HAMLET, IAGO } from '../testing/default-realm.js';
import { type RunningServer, startServer } from './server.js';

function basic(actor: { email: string; apiKey: string }): string {
  return `Basic ${Buffer.from(`${actor.email}:${actor.apiKey}`).toString('base64')}`;
}

interface Outcome {
  /** When the request had been handed to the kernel (ms since epoch), or null if it never was. */
  readonly sentAt: number | null;
  readonly status: number | null;
  readonly error: string | null;
  readonly body: Record<string, unknown> | null;
}

function post(agent: Agent, port: number, path: string, body: string, auth: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let sentAt: number | null = null;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ sentAt, status: res.statusCode ?? null, error: null, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ sentAt, status: null, error: error.code ?? error.message, body: null }));
      },
    );
    req.on('finish', () => {
      sentAt = Date.now();
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ sentAt, status: null, error: error.code ?? error.message, body: null }));
    req.end(body);
  });
}

/** Sends messages one after another on one keep-alive connection until the server goes away. */
async function writer(index: number, port: number, outcomes: Outcome[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let n = 0; ; n++) {
    const outcome = await post(agent, port, '/api/v1/messages', `type=stream&to=general&topic=shutdown&content=w${index}-${n}`, basic(IAGO));
    outcomes.push(outcome);
    if (outcome.error !== null) break;
  }
  agent.destroy();
}

function rawConnect(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  return once(socket, 'connect').then(() => socket);
}

function readAll(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8'))));
}

function connectError(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('graceful shutdown', () => {
  it('under 20 writers resets nothing received before stop(), finishes a slowly arriving request, answers held long-polls and refuses new connections', async () => {
    // A grace period no busy machine reaches: the stop must end because everything finished, which the log shows.
    const logged: string[] = [];
    const running = await startServer({ state: loadFixture(), port: 0, shutdownGraceMs: 120_000, log: (line) => logged.push(line) });
    server = running;
    const { port } = running;
    const outcomes: Outcome[] = [];
    const writers = Array.from({ length: 20 }, (_, index) => writer(index, port, outcomes));

    // A long-poll held in the store.
    const registered = await post(new Agent(), port, '/api/v1/register', 'event_types=["message"]&narrow=[["channel","Denmark"]]', basic(HAMLET));
    expect(registered.status).toBe(200);
    const poll = await rawConnect(port);
    const pollAnswer = readAll(poll);
    const queueId = registered.body!['queue_id'] as string;
    poll.write(`GET /api/v1/events?queue_id=${queueId}&last_event_id=-1 HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(HAMLET)}\r\n\r\n`);

    // A request still arriving: its head and half its body are in before the stop.
    const body = 'status_text=arrived%20late&away=false';
    const slow = await rawConnect(port);
    const slowAnswer = readAll(slow);
    slow.write(
      `POST /api/v1/users/me/status HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(HAMLET)}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    await sleep(400);
    // Until the long-poll is held and the writers are well under way (however slow the machine).
    while (running.store.waitingCount < 1 || outcomes.length <= 20) await sleep(10);
    expect(running.store.waitingCount).toBe(1);
    const stoppedAt = Date.now();
    const stopping = running.stop();

    expect(await connectError(port)).toBe('ECONNREFUSED');
    for (const char of body.slice(10)) {
      slow.write(char);
      await sleep(10);
    }
    const slowText = await slowAnswer;
    expect(slowText).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(slowText).toMatch(/\r\nConnection: close\r\n/i);
    expect(slowText.endsWith('{"result":"success","msg":""}')).toBe(true);

    const pollText = await pollAnswer;
    expect(pollText).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(pollText).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(pollText.slice(pollText.indexOf('\r\n\r\n') + 4))).toEqual({ result: 'success', msg: '', events: [], queue_id: queueId });

    await Promise.all(writers);
    await stopping;
    expect(logged.filter((line) => line.includes('grace period ended'))).toEqual([]);

    const before = outcomes.filter((outcome) => outcome.sentAt !== null && outcome.sentAt < stoppedAt);
    expect(before.length).toBeGreaterThan(20);
    // Every request that had reached the kernel before stop() was answered, none reset.
    expect(before.filter((outcome) => outcome.status !== 200)).toEqual([]);
    // A request sent after stop() was answered (on a connection still open), or found no server: refused, or (sent on
    // a keep-alive connection as it was being closed idle, the usual keep-alive race) reset before it was read.
    const after = outcomes.filter((outcome) => !before.includes(outcome));
    for (const outcome of after) expect(outcome.status === 200 || ['ECONNREFUSED', 'ECONNRESET'].includes(outcome.error!), JSON.stringify(outcome)).toBe(true);
    expect(after.filter((outcome) => outcome.error !== null)).toHaveLength(20);
    expect(after.filter((outcome) => outcome.error === 'ECONNREFUSED').length).toBeGreaterThan(0);
    // Nothing acknowledged is lost.
    const state = running.getState();
    for (const outcome of outcomes.filter((o) => o.status === 200)) expect(getRow(state.messages, outcome.body!['id'] as number)).toBeDefined();
  });

  it('closes idle keep-alive connections at once and connections that sent nothing, so an idle stop is quick', async () => {
    const running = await startServer({ state: loadFixture(), port: 0, shutdownGraceMs: 120_000, log: () => {} });
    server = running;
    const agent = new Agent({ keepAlive: true });
    expect((await post(agent, running.port, '/api/v1/users/me/status', 'status_text=idle', basic(HAMLET))).status).toBe(200);
    const silent = await rawConnect(running.port);
    const closed = once(silent, 'close');
    const started = Date.now();
    await running.close();
    await closed;
    // Long before the grace period: nothing waited for it.
    expect(Date.now() - started).toBeLessThan(60_000);
    agent.destroy();
  });

  it('destroys what is still open when the grace period ends, and says so', async () => {
    const logged: string[] = [];
    const running = await startServer({ state: loadFixture(), port: 0, shutdownGraceMs: 300, log: (line) => logged.push(line) });
    server = running;
    const stuck = await rawConnect(running.port);
    const closed = once(stuck, 'close');
    stuck.write('POST /api/v1/users/me/status HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nstatus');
    await sleep(50);
    const started = Date.now();
    await running.stop();
    await closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // Ended by the grace timer, however late a busy machine fires it: the request itself would never finish.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(logged).toContain('chatref: closed 1 connection(s) still open when the grace period ended');
  });
});
