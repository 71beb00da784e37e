/**
 * The HTTP server: turns each request under /api/v1 into a request for the
 * store (which owns the state and the event queues) and writes the answer,
 * now or, for a held GET /events, later. No business rules live here.
 */

import type { ServerOptions as HttpServerOptions, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isAvatarPath } from '../model/endpoints/realm-emoji/emoji-image.js';
import { errorResponse } from '../model/envelope.js';
import { Errors } from '../model/errors.js';
import type { ModelResponse } from '../model/request.js';
import type { State } from '../model/state.js';
import { isFilePath } from '../model/uploads/serve.js';
import type { ContentStore } from '../store/content-store.js';
import { Control } from '../store/control.js';
import { type AccessLogFormat, accessLine, basicUsername } from '../store/request-log.js';
import { Store, type StoreRequest } from '../store/store.js';
import { ADMIN_PREFIX, adminApi, generateAdminToken } from './admin.js';
import { clientErrorHandler } from './client-errors.js';
import { Connections } from './connections.js';
import { type CorsOptions, corsHandler } from './cors.js';
import { homePages } from './home-page.js';
import { type ReadRequestResult, readRequest } from './read-request.js';
import { serverCredentials, type TlsInfo, type TlsOptions } from './tls.js';
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
  /** Limits on password key fetches per username and per client address; default true (turn off for test suites that log in often). */
  readonly authRateLimit?: boolean;
  /** Emulates the real server's general API rate limits and X-RateLimit-* headers; default false. */
  readonly rateLimit?: boolean;
  /** The bearer token of the admin API under /chatref/admin; default: a random one (RunningServer.adminToken). */
  readonly adminToken?: string;
  /** Journal every write to this file before answering, after replaying what it holds (src/store/journal.ts). */
  readonly journal?: string;
  /** How many recent requests the control plane keeps (default 256). */
  readonly requestLogSize?: number;
  /** One line per request through `log`: method, path, user, status, milliseconds (`text`), or a JSON object (`json`). */
  readonly accessLog?: AccessLogFormat;
  /** How long stop() lets requests already received finish before it closes their connections; default 10 s. */
  readonly shutdownGraceMs?: number;
  /** Time to receive a request's headers (a slowloris client is answered 408 then); default 60 s, as nginx's client_header_timeout. */
  readonly headerTimeoutMs?: number;
  /** Time to receive a whole request, body included; default 60 s (nginx's client_body_timeout; uploads on a slow link may need more). */
  readonly requestTimeoutMs?: number;
  /** Connections open at once; more are closed as they arrive. Default 4096. */
  readonly maxConnections?: number;
  /** Browser origins allowed to call the API (CORS), or '*'; default none. */
  readonly cors?: CorsOptions;
  /**
   * Serve HTTPS: `true` makes a self-signed certificate at start (for localhost, 127.0.0.1, ::1 and `host`;
   * RunningServer.tls has its PEM and fingerprint for clients to trust), or give `{ cert, key }` (PEM).
   * A certificate and key that do not match are refused with a TlsError. Default: plain HTTP.
   */
  readonly tls?: TlsOptions;
}

export interface RunningServer {
  /** http://HOST:PORT, or https:// with `tls` */
  readonly url: string;
  /** url + '/api/v1' */
  readonly apiUrl: string;
  readonly host: string;
  readonly port: number;
  /** The store behind the server: state, clock, event queues. */
  readonly store: Store;
  /** Reset, snapshot and restore, clock, recent requests, outbox, journal: what the admin API does, in-process. */
  readonly control: Control;
  /** url + '/chatref/admin' */
  readonly adminUrl: string;
  /** The admin API's bearer token. */
  readonly adminToken: string;
  /** The node:http (or node:https) server underneath (for connection counts and the like; chatref owns its listeners). */
  readonly httpServer: Server | HttpsServer;
  /** The certificate served over HTTPS (PEM and SHA-256 fingerprint), or null for plain HTTP. */
  readonly tls: TlsInfo | null;
  getState(): State;
  setState(next: State): void;
  /**
   * Graceful shutdown: stops accepting connections at once, answers held GET /events, lets every request already
   * received finish (within shutdownGraceMs), closes idle connections, and resolves when all are closed.
   */
  stop(): Promise<void>;
  /** The same as stop(). */
  close(): Promise<void>;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 9991;
export const DEFAULT_BODY_LIMIT_BYTES = 30 * 1024 * 1024;
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_HEADER_TIMEOUT_MS = 60_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS = 4096;

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

/** The web app's URL space: the same endpoints as /api/v1, for a session (model/rules/sessions.ts). */
const JSON_PREFIX = '/json';

interface ApiTarget {
  readonly surface: 'api' | 'json';
  /** Below the prefix, still percent-encoded. */
  readonly path: string;
}

/** Which API a request target is for, or null for anything outside both. */
function apiTarget(url: string): ApiTarget | null {
  // Absolute-form targets (as sent to proxies) carry a scheme and authority before the path.
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const pathname = target.split(/[?#]/, 1)[0]!;
  for (const [prefix, surface] of [
    [API_PREFIX, 'api'],
    [JSON_PREFIX, 'json'],
  ] as const) {
    if (pathname === prefix) return { surface, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { surface, path: pathname.slice(prefix.length) };
  }
  return null;
}

/** The path of a request target, still percent-encoded. */
function rootPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0]!;
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  // Before anything opens (the journal): a certificate that cannot be used changes nothing.
  const credentials = options.tls === undefined ? null : await serverCredentials(options.tls, host, new Date());
  const scheme = credentials === null ? 'http' : 'https';
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const store = new Store({
    state: options.state,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.content === undefined ? {} : { content: options.content }),
    ...(options.authRateLimit === undefined ? {} : { authRateLimit: options.authRateLimit }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.requestLogSize === undefined ? {} : { requestLogSize: options.requestLogSize }),
  });
  const control = new Control(store);
  if (options.journal !== undefined) control.openJournal(options.journal);
  const adminToken = options.adminToken ?? generateAdminToken();
  const admin = adminApi(control, adminToken);
  const pages = homePages(store);
  const log = options.log ?? writeStderr;
  let authority = '';

  function serve(req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): void {
    const method = req.method ?? 'GET';
    if (admin.serve(req, res, fail)) return;
    if (pages.serve(req, res, authority)) return;
    const api = apiTarget(req.url ?? '/');
    if (api === null) {
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
        answer(req, res, method, api, read);
      } catch (error) {
        fail(error);
      }
    });
  }

  function answer(req: IncomingMessage, res: ServerResponse, method: string, api: ApiTarget, read: ReadRequestResult): void {
    const { surface, path } = api;
    if (!read.ok) {
      const refused = errorResponse(read.error);
      // Refused before the store saw it (a body over the limit, a malformed form): still one of the recent requests.
      const prefix = surface === 'json' ? JSON_PREFIX : API_PREFIX;
      store.requests.record({ method, path: `${prefix}${path}`, authorization: req.headers.authorization ?? null }, refused, {
        time: store.clock(),
        durationMs: 0,
        userId: null,
      });
      writeResponse(res, refused, method);
      return;
    }

    const request: StoreRequest = {
      method,
      path,
      params: read.params,
      files: read.files,
      authorization: req.headers.authorization ?? null,
      ...(surface === 'json' ? { surface, cookie: req.headers.cookie ?? null, csrfToken: headerValue(req.headers['x-csrftoken']) } : {}),
      userAgent: req.headers['user-agent'] ?? null,
      origin: `${scheme}://${req.headers.host ?? authority}`,
      remoteAddress: req.socket.remoteAddress,
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
    if (options.accessLog !== undefined) logAccess(options.accessLog, req, res);
    const fail = (error: unknown) => {
      log(`chatref: ${req.method ?? ''} ${req.url ?? ''} failed: ${describeFailure(error)}`);
      try {
        writeResponse(res, INTERNAL_ERROR, req.method ?? 'GET');
      } catch {
        res.destroy();
      }
    };
    connections.admit(req, res, () => {
      try {
        // A CORS preflight is answered here; other requests from an allowed origin get its headers.
        if (cors?.(req, res) === true) return;
        serve(req, res, fail);
      } catch (error) {
        fail(error);
      }
    });
  }

  function logAccess(format: AccessLogFormat, req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    res.once('close', () => {
      const facts = {
        method: req.method ?? 'GET',
        path: rootPath(req.url ?? '/'),
        user: basicUsername(req.headers.authorization),
        status: res.writableFinished ? res.statusCode : null,
        ms: performance.now() - started,
      };
      log(accessLine(format, facts));
    });
  }

  const timeouts = {
    // node:http requires the header timeout to be no longer than the request timeout.
    headerTimeoutMs: Math.min(options.headerTimeoutMs ?? DEFAULT_HEADER_TIMEOUT_MS, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  };
  const httpOptions: HttpServerOptions = {
    keepAlive: true,
    headersTimeout: timeouts.headerTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    // node:http checks the timeouts every 30 s by default, so a 60 s timeout could take 90.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, timeouts.headerTimeoutMs / 4)),
  };
  const server: Server | HttpsServer =
    credentials === null
      ? createServer(httpOptions, onRequest)
      : // A client that opens a connection and never completes the handshake is a slow client too: it gets the header timeout.
        createHttpsServer({ ...httpOptions, cert: credentials.cert, key: credentials.key, handshakeTimeout: timeouts.headerTimeoutMs }, onRequest);
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  let dropping = false;
  server.on('drop', () => {
    if (dropping) return;
    dropping = true;
    log(`chatref: ${server.maxConnections} connections open, closing new ones until some end (maxConnections)`);
    setTimeout(() => {
      dropping = false;
    }, 10_000).unref();
  });
  const connections = new Connections(server);
  const cors = options.cors === undefined ? undefined : corsHandler(options.cors);
  server.on('clientError', clientErrorHandler(connections, timeouts));

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
  const url = `${scheme}://${authority}`;
  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    // Held long-polls are answered once no new connection can come; the journal closes once the last in-flight write is in it.
    stopping ??= connections
      .close(options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, () => store.close())
      .then(({ destroyed }) => {
        if (destroyed > 0) log(`chatref: closed ${destroyed} connection(s) still open when the grace period ended`);
      })
      .finally(() => control.closeJournal());
    return stopping;
  }

  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    host,
    port,
    store,
    control,
    adminUrl: `${url}${ADMIN_PREFIX}`,
    adminToken,
    getState: () => store.state,
    setState(next) {
      store.setState(next);
    },
    httpServer: server,
    tls: credentials?.info ?? null,
    stop,
    close: stop,
  };
}
