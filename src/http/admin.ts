/**
 * The admin API: the control plane over HTTP, under /chatref/admin (never
 * under /api/v1, so no Zulip client can stumble on it). Every request needs
 * `Authorization: Bearer <token>`; the token is compared in constant time.
 * Answers are JSON: `{result: 'success', msg: '', …}` or
 * `{result: 'error', msg, code}` like the chat API's, except GET /snapshot,
 * which answers the snapshot document itself so it can be saved as a file.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ModelResponse } from '../model/request.js';
import type { ClockChange, Control } from '../store/control.js';
import { JournalError } from '../store/journal.js';
import type { RequestFilter } from '../store/request-log.js';
import { parseSnapshotText, SnapshotError } from '../store/snapshot.js';
import { writeResponse } from './write-response.js';

export const ADMIN_PREFIX = '/chatref/admin';

/** Snapshots carry uploads in base64, so restores may be large. */
export const DEFAULT_ADMIN_BODY_LIMIT_BYTES = 256 * 1024 * 1024;

const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };

/** A fresh random token (192 bits). */
export function generateAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether an Authorization header carries the token; digests of equal length make the comparison constant-time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

function success(data: Record<string, unknown> = {}): ModelResponse {
  return { status: 200, headers: JSON_HEADERS, body: { result: 'success', msg: '', ...data } };
}

function failure(status: number, code: string, msg: string, headers: Record<string, string> = {}): ModelResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: { result: 'error', msg, code } };
}

class BadInput extends Error {}

type Handler = (input: AdminInput) => ModelResponse;

interface AdminInput {
  readonly query: URLSearchParams;
  readonly body: string;
  readonly contentType: string;
}

/** Route → method → handler. */
function routes(control: Control): Record<string, Record<string, Handler>> {
  return {
    '': { GET: () => success({ endpoints: ENDPOINT_LIST, journal: control.journal }) },
    '/reset': {
      POST: () => {
        control.reset();
        return success();
      },
    },
    '/snapshot': { GET: () => ({ status: 200, headers: JSON_HEADERS, body: control.snapshot() as unknown as Record<string, unknown> }) },
    '/restore': {
      POST: ({ body }) => {
        control.restore(parseSnapshotText(body));
        return success();
      },
    },
    '/clock': {
      GET: () => success({ clock: control.clock() }),
      PUT: (input) => success({ clock: control.setClock(clockChange(fieldsOf(input))) }),
    },
    '/requests': {
      GET: ({ query }) => success({ requests: control.requests(requestFilter(query)) }),
      DELETE: () => {
        control.clearRequests();
        return success();
      },
    },
    '/outbox': { GET: () => success({ emails: control.outbox() }) },
    '/journal/replay': { POST: ({ body }) => success({ applied: control.replayJournal(body) }) },
  };
}

/** What the control plane answers, as `METHOD /chatref/admin/…` lines. */
export const ENDPOINT_LIST = [
  'POST /reset',
  'GET /snapshot',
  'POST /restore',
  'GET /clock',
  'PUT /clock',
  'GET /requests',
  'DELETE /requests',
  'GET /outbox',
  'POST /journal/replay',
].map((line) => line.replace(' /', ` ${ADMIN_PREFIX}/`));

/** A JSON object body, or form or query fields. */
function fieldsOf(input: AdminInput): Record<string, unknown> {
  if (input.contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = input.body === '' ? {} : JSON.parse(input.body);
    } catch {
      throw new BadInput('the body is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadInput('the body must be a JSON object');
    return parsed as Record<string, unknown>;
  }
  const fields: Record<string, unknown> = Object.fromEntries(input.query);
  if (input.contentType.startsWith('application/x-www-form-urlencoded')) Object.assign(fields, Object.fromEntries(new URLSearchParams(input.body)));
  return fields;
}

function numberField(fields: Record<string, unknown>, name: string): number | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) throw new BadInput(`${name} must be a number of seconds, not ${JSON.stringify(value)}`);
  return number;
}

function booleanField(fields: Record<string, unknown>, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new BadInput(`${name} must be true or false, not ${JSON.stringify(value)}`);
}

function clockChange(fields: Record<string, unknown>): ClockChange {
  const known = ['system', 'frozen', 'now', 'advance'];
  const unknown = Object.keys(fields).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new BadInput(`unknown clock fields: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const system = booleanField(fields, 'system');
  const frozen = booleanField(fields, 'frozen');
  const now = numberField(fields, 'now');
  const advance = numberField(fields, 'advance');
  if (system === undefined && frozen === undefined && now === undefined && advance === undefined) throw new BadInput(`give one of ${known.join(', ')}`);
  return {
    ...(system === undefined ? {} : { system }),
    ...(frozen === undefined ? {} : { frozen }),
    ...(now === undefined ? {} : { now }),
    ...(advance === undefined ? {} : { advance }),
  };
}

function requestFilter(query: URLSearchParams): RequestFilter {
  const limit = query.get('limit');
  if (limit !== null && !/^[0-9]+$/.test(limit)) throw new BadInput(`limit must be a whole number, not ${JSON.stringify(limit)}`);
  const status = query.get('status');
  if (status !== null && !/^([1-5][0-9][0-9]|[1-5]xx)$/i.test(status))
    throw new BadInput(`status must be a status (404) or a class (4xx), not ${JSON.stringify(status)}`);
  const text = (name: string) => query.get(name) ?? undefined;
  const filter = {
    path: text('path'),
    method: text('method'),
    user: text('user'),
    status: status ?? undefined,
    limit: limit === null ? undefined : Number(limit),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as RequestFilter;
}

export interface AdminApi {
  /** Answers a request under /chatref/admin and returns true, or returns false for any other path. `fail` answers an unexpected error. */
  serve(req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void): boolean;
}

/** The admin API over `control`, for requests carrying `token`. */
export function adminApi(control: Control, token: string, bodyLimitBytes = DEFAULT_ADMIN_BODY_LIMIT_BYTES): AdminApi {
  const table = routes(control);
  return {
    serve(req, res, fail) {
      const target = (req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
      const [pathname = '', search = ''] = target.split('?', 2);
      if (pathname !== ADMIN_PREFIX && !pathname.startsWith(`${ADMIN_PREFIX}/`)) return false;
      const method = (req.method ?? 'GET').toUpperCase();
      const reply = (response: ModelResponse) => {
        // The rest of an unread body is not worth waiting for.
        if (!req.complete) response = { ...response, headers: { ...response.headers, Connection: 'close' } };
        writeResponse(res, response, method);
      };
      if (!bearerMatches(req.headers.authorization, token)) {
        reply(
          failure(401, 'UNAUTHORIZED', 'The admin API needs the admin token: Authorization: Bearer <token>', {
            'WWW-Authenticate': 'Bearer realm="chatref-admin"',
          }),
        );
        return true;
      }
      const key = pathname.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
      const route = Object.hasOwn(table, key) ? table[key] : undefined;
      if (route === undefined) {
        reply(failure(404, 'NOT_FOUND', `No admin endpoint at ${pathname}; GET ${ADMIN_PREFIX} lists them`));
        return true;
      }
      const verb = method === 'HEAD' ? 'GET' : method;
      const handler = Object.hasOwn(route, verb) ? route[verb] : undefined;
      if (handler === undefined) {
        const allowed = Object.keys(route).join(', ');
        reply(failure(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}; use ${allowed}`, { Allow: allowed }));
        return true;
      }
      readBody(req, bodyLimitBytes, (body) => {
        if (body === null) {
          reply(failure(413, 'BAD_REQUEST', `The body is larger than ${bodyLimitBytes} bytes`));
          return;
        }
        const input = { query: new URLSearchParams(search), body, contentType: (req.headers['content-type'] ?? '').toLowerCase() };
        let response: ModelResponse;
        try {
          response = handler(input);
        } catch (error) {
          if (!(error instanceof BadInput || error instanceof SnapshotError || error instanceof JournalError)) {
            fail(error);
            return;
          }
          response = failure(400, 'BAD_REQUEST', error.message);
        }
        reply(response);
      });
      return true;
    },
  };
}

/** The whole body as text, or null once it passes the limit (the rest is not read). */
function readBody(req: IncomingMessage, limit: number, done: (body: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > limit) {
      finished = true;
      req.pause();
      done(null);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    done(Buffer.concat(chunks).toString('utf8'));
  });
}
