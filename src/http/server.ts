/**
 * The HTTP server: turns each request under /api/v1 into a request for the
 * store (which owns the state and the event queues) and writes the answer,
 * now or, for a held GET /events, later. No business rules live here.
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHttpTerminator } from 'http-terminator';
import { isAvatarPath } from '../model/endpoints/realm-emoji/emoji-image.js';
import { errorResponse } from '../model/envelope.js';
import { Errors } from '../model/errors.js';
import type { ModelResponse } from '../model/request.js';
import type { State } from '../model/state.js';
import { isFilePath } from '../model/uploads/serve.js';
import type { ContentStore } from '../store/content-store.js';
import { Store, type StoreRequest } from '../store/store.js';
import { type ReadRequestResult, readRequest } from './read-request.js';
import { writeResponse } from './write-response.js';

export interface ServerOptions {
  readonly state: State;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 9991; 0 picks a free port. */
  readonly port?: number;
  /** Makes keys and salts reproducible; default: crypto-random. */
  readonly seed?: number | string;
  /** Where uploaded bytes are kept; default: in memory. */
  readonly content?: ContentStore;
  /** Default 30 MiB. */
  readonly bodyLimitBytes?: number;
  /** UNIX seconds; default: the system clock. */
  readonly clock?: () => number;
  /** Where failures are reported; default: stderr. */
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  /** http://HOST:PORT */
  readonly url: string;
  /** url + '/api/v1' */
  readonly apiUrl: string;
  readonly host: string;
  readonly port: number;
  /** The store behind the server: state, clock, event queues. */
  readonly store: Store;
  getState(): State;
  setState(next: State): void;
  /** Stops accepting connections and resolves once in-flight requests have been answered. */
  stop(): Promise<void>;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 9991;
export const DEFAULT_BODY_LIMIT_BYTES = 30 * 1024 * 1024;

const API_PREFIX = '/api/v1';

const INTERNAL_ERROR: ModelResponse = {
  status: 500,
  headers: { 'Content-Type': 'application/json' },
  body: { result: 'error', msg: 'Internal server error', code: 'BAD_REQUEST' },
};

const NOT_FOUND: ModelResponse = errorResponse(Errors.notFound());

function writeStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}

function ignore(): void {}

/** The path below /api/v1 (still percent-encoded), or null for anything outside the API. */
function apiPath(url: string): string | null {
  // Absolute-form targets (as sent to proxies) carry a scheme and authority before the path.
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const pathname = target.split(/[?#]/, 1)[0]!;
  if (pathname === API_PREFIX) return '/';
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  return pathname.slice(API_PREFIX.length);
}

/** The path of a request target, still percent-encoded. */
function rootPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0]!;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const store = new Store({
    state: options.state,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.content === undefined ? {} : { content: options.content }),
  });
  const log = options.log ?? writeStderr;
  let authority = '';

  function serve(req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): void {
    const method = req.method ?? 'GET';
    const path = apiPath(req.url ?? '/');
    if (path === null) {
      // The file paths outside the API (/user_uploads/…, /user_avatars/…): the store asks the model who may read what.
      const pathname = rootPath(req.url ?? '/');
      const served =
        isFilePath(pathname) || isAvatarPath(pathname)
          ? store.serve({ method, path: pathname, authorization: req.headers.authorization ?? null, range: req.headers.range ?? null })
          : null;
      writeResponse(res, served ?? NOT_FOUND, method, store.content);
      return;
    }
    const uploads = { content: store.content, maxFileMib: store.state.server.maxFileUploadSizeMib };
    readRequest(req, { bodyLimitBytes, uploads }, (read) => {
      try {
        answer(req, res, method, path, read);
      } catch (error) {
        fail(error);
      }
    });
  }

  function answer(req: IncomingMessage, res: ServerResponse, method: string, path: string, read: ReadRequestResult): void {
    if (!read.ok) {
      writeResponse(res, errorResponse(read.error), method);
      return;
    }

    const request: StoreRequest = {
      method,
      path,
      params: read.params,
      files: read.files,
      authorization: req.headers.authorization ?? null,
      userAgent: req.headers['user-agent'] ?? null,
      origin: `http://${req.headers.host ?? authority}`,
    };
    let release: (() => void) | null = null;
    try {
      release = store.dispatch(request, (response) => {
        if (!res.writableEnded && !res.destroyed) writeResponse(res, response, method);
      });
    } catch (error) {
      store.discardFiles(read.files);
      log(`chatref: ${method} ${req.url ?? ''} failed: ${describeFailure(error)}`);
      writeResponse(res, INTERNAL_ERROR, method);
      return;
    }
    // A held long-poll whose client goes away frees its place at once.
    if (release !== null) {
      const held = release;
      res.once('close', () => {
        if (!res.writableEnded) held();
      });
    }
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    // A client that goes away mid-request must not take the process down with it.
    req.on('error', ignore);
    res.on('error', ignore);
    const fail = (error: unknown) => {
      log(`chatref: ${req.method ?? ''} ${req.url ?? ''} failed: ${describeFailure(error)}`);
      try {
        writeResponse(res, INTERNAL_ERROR, req.method ?? 'GET');
      } catch {
        res.destroy();
      }
    };
    try {
      serve(req, res, fail);
    } catch (error) {
      fail(error);
    }
  }

  function onClientError(error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  }

  const server: Server = createServer({ keepAlive: true }, onRequest);
  server.on('clientError', onClientError);
  const terminator = createHttpTerminator({ server });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log(`chatref: server error: ${describeFailure(error)}`));
  store.startTimers();

  const port = (server.address() as AddressInfo).port;
  authority = `${formatHost(host)}:${port}`;
  const url = `http://${authority}`;
  let stopping: Promise<void> | undefined;

  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    host,
    port,
    store,
    getState: () => store.state,
    setState(next) {
      store.setState(next);
    },
    stop() {
      if (stopping === undefined) {
        // Held long-polls are answered first, so they do not hold the shutdown up.
        store.close();
        stopping = terminator.terminate();
      }
      return stopping;
    },
  };
}
