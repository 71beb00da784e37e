/** The live target: any server reachable at a URL, over HTTP with undici. */
import { FormData, request } from 'undici';
import { authorizationHeader, type Target, type TargetClock } from '../target.js';

/** A chatref server's admin API (`admin_url` and `admin_token` on `chatref serve`'s first line): it makes the target's clock settable. */
export interface AdminAccess {
  /** e.g. http://127.0.0.1:9991/chatref/admin */
  readonly url: string;
  readonly token: string;
}

/** A byte answer's JSON or text, when its Content-Type says it has one (reports show it), else null. */
export function readableBody(contentType: string | undefined, bytes: Uint8Array): unknown {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.startsWith('text/')) return null;
  const text = Buffer.from(bytes).toString('utf8');
  if (type !== 'application/json') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function lowerCaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The clock of a chatref server, read and moved through its admin API. */
export function adminClock(admin: AdminAccess): TargetClock {
  const clockUrl = `${admin.url.replace(/\/+$/, '')}/clock`;
  const exchange = async (method: 'GET' | 'PUT', body?: unknown): Promise<number> => {
    const headers: Record<string, string> = { authorization: `Bearer ${admin.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await request(clockUrl, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${clockUrl} answered ${response.statusCode}: ${text}`);
    // Whole seconds, as the server stamps them on what it stores.
    return Math.floor((JSON.parse(text) as { clock: { now: number } }).clock.now);
  };
  return {
    now: () => exchange('GET'),
    async advance(seconds) {
      await exchange('PUT', { advance: seconds });
    },
  };
}

/**
 * `baseUrl` is the server's root (http://host:port); calls go below /api/v1. `jwtKey`: the organization's JWT secret, when known.
 * `admin`: a chatref server's admin API, which gives the target a clock (the time-limit checks need one).
 */
export function httpTarget(baseUrl: string, jwtKey?: string, admin?: AdminAccess): Target {
  const root = baseUrl.replace(/\/+$/, '');
  const apiUrl = `${root}/api/v1`;
  return {
    name: baseUrl,
    ...(jwtKey === undefined ? {} : { jwtKey }),
    ...(admin === undefined ? {} : { clock: adminClock(admin) }),
    async call(auth, method, path, params = {}, files = []) {
      const authorization = authorizationHeader(auth);
      const headers: Record<string, string> = authorization === null ? {} : { authorization };
      const inQuery = method === 'GET' || method === 'HEAD';
      let url = `${apiUrl}${path}`;
      let body: string | FormData | undefined;
      if (files.length > 0) {
        const form = new FormData();
        for (const [name, value] of Object.entries(params)) form.append(name, value);
        for (const file of files) form.append(file.fieldName, new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.contentType }), file.fileName);
        body = form;
      } else if (inQuery) {
        const query = new URLSearchParams(params).toString();
        if (query !== '') url += `?${query}`;
      } else if (Object.keys(params).length > 0) {
        body = new URLSearchParams(params).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      const response = await request(url, { method: method as 'GET', headers, ...(body === undefined ? {} : { body }) });
      const text = await response.body.text();
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // A non-JSON body is kept as text so a check can report it.
      }
      return { status: response.statusCode, headers: responseHeaders, body: parsed };
    },
    async fetch(auth, method, rootPath, extraHeaders = {}) {
      const authorization = authorizationHeader(auth);
      const headers: Record<string, string> = { ...extraHeaders, ...(authorization === null ? {} : { authorization }) };
      const response = await request(`${root}${rootPath}`, { method, headers });
      const bytes = new Uint8Array(await response.body.arrayBuffer());
      const responseHeaders = lowerCaseHeaders(response.headers);
      return { status: response.statusCode, headers: responseHeaders, body: readableBody(responseHeaders['content-type'], bytes), bytes };
    },
    async close() {},
  };
}
