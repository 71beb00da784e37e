/**
 * Child process that hosts the servers under load, so that autocannon (in
 * the parent) and the server under test do not share one event loop.
 * Driven over IPC by http-throughput.ts (host-protocol.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { createServer as createChatrefServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { BENCH_HOST, type CannedReply, type HostCommand, type HostEvent } from './host-protocol.js';

function startBareServer(replies: Readonly<Record<string, CannedReply>>): Promise<Server> {
  const answers = new Map(Object.entries(replies).map(([requestLine, reply]) => [requestLine, { ...reply, bytes: Buffer.from(reply.body) }]));
  // Reads the whole body before answering, as chatref must, but parses nothing.
  const server = createServer({ keepAlive: true }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Buffer.concat(chunks);
      const answer = answers.get(`${req.method} ${req.url}`);
      if (answer === undefined) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.statusCode = answer.status;
      res.setHeader('Content-Type', answer.contentType);
      res.setHeader('Content-Length', String(answer.bytes.byteLength));
      res.end(answer.bytes);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, BENCH_HOST, () => resolve(server));
  });
}

/** The server under load is the built package users run (`npm run bench` builds it first), not the TypeScript sources. */
async function builtChatref(): Promise<typeof createChatrefServer> {
  const built = (await import(new URL('../../dist/index.js', import.meta.url).href)) as { createServer: typeof createChatrefServer };
  return built.createServer;
}

function send(event: HostEvent): Promise<void> {
  return new Promise((resolve) => process.send!(event, () => resolve()));
}

async function run(): Promise<void> {
  let chatref: RunningServer | undefined;
  let bare: Server | undefined;

  let stopping: Promise<void> | undefined;
  function stopAll(): Promise<void> {
    stopping ??= (async () => {
      await chatref?.stop();
      if (bare !== undefined) {
        bare.closeAllConnections();
        await new Promise<void>((resolve) => bare!.close(() => resolve()));
      }
    })();
    return stopping;
  }

  async function obey(command: HostCommand): Promise<void> {
    switch (command.kind) {
      case 'start-chatref':
        chatref = await (await builtChatref())({ host: BENCH_HOST, port: 0 });
        await send({ kind: 'chatref-ready', apiUrl: chatref.apiUrl });
        return;
      case 'start-bare': {
        bare = await startBareServer(command.replies);
        await send({ kind: 'bare-ready', url: `http://${BENCH_HOST}:${(bare.address() as AddressInfo).port}` });
        return;
      }
      case 'memory': {
        const usage = process.memoryUsage();
        await send({ kind: 'memory', heapUsed: usage.heapUsed, rss: usage.rss, waiting: chatref?.store.waitingCount ?? 0 });
        return;
      }
      case 'stop':
        await stopAll();
        await send({ kind: 'stopped' });
        process.disconnect();
        return;
    }
  }

  process.on('message', (command: HostCommand) => {
    obey(command).catch((error: unknown) => send({ kind: 'failed', message: String((error as Error)?.stack ?? error) }));
  });
  // If the parent goes away, so do the servers.
  process.on('disconnect', () => {
    void stopAll().finally(() => process.exit(0));
  });
}

void run();
