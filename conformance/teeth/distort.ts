/**
 * Deliberately broken servers for the suite's own tests: a Target wrapping
 * the in-process model with a `before` hook (rewrite the request, or answer
 * it without asking the model) and an `after` hook (rewrite the answer, or
 * change the state behind the client's back). Each bug in bugs.ts is a few
 * lines of data over these helpers.
 */
import type { Target, TargetAuth, TargetBytesResponse, TargetCredentials, TargetFile, TargetResponse } from '../target.js';
import { modelTarget } from '../targets/model.js';

export type Json = Record<string, any>;

/** One request as the suite sent it. */
export interface Request {
  readonly auth: TargetAuth;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly files: readonly TargetFile[];
}

/** Calls the undistorted model (to look things up or change state behind the client's back). */
export type Inner = (auth: TargetAuth, method: string, path: string, params?: Readonly<Record<string, string>>) => Promise<TargetResponse>;

export interface Distortion {
  /** A changed request to pass on, or a response to answer with instead (the model is not asked). */
  readonly before?: (request: Request, inner: Inner) => Request | TargetResponse | Promise<Request | TargetResponse>;
  /** The answer the client gets instead of the model's. */
  readonly after?: (request: Request, response: TargetResponse, inner: Inner) => TargetResponse | Promise<TargetResponse>;
  /** The answer to a fetch outside /api/v1 (a file download) instead of the model's. */
  readonly afterFetch?: (request: Request, response: TargetBytesResponse, inner: Inner) => TargetBytesResponse | Promise<TargetBytesResponse>;
}

function isResponse(value: Request | TargetResponse): value is TargetResponse {
  return 'status' in value;
}

/** The model (fresh, seeded, at the newest feature level unless given one) behind the distortion. */
export function distorted(name: string, distortion: Distortion, seed = 7, featureLevel?: number): Target {
  const model = modelTarget(featureLevel === undefined ? { seed } : { seed, featureLevel });
  const inner: Inner = (auth, method, path, params = {}) => model.call(auth, method, path, params);
  return {
    name,
    ...(model.clock === undefined ? {} : { clock: model.clock }),
    ...(model.jwtKey === undefined ? {} : { jwtKey: model.jwtKey }),
    async call(auth, method, path, params = {}, files = []) {
      let request: Request = { auth, method, path, params, files };
      if (distortion.before !== undefined) {
        const changed = await distortion.before(request, inner);
        if (isResponse(changed)) return changed;
        request = changed;
      }
      const response = await model.call(request.auth, request.method, request.path, request.params, request.files);
      return distortion.after === undefined ? response : distortion.after(request, response, inner);
    },
    async fetch(auth, method, path, headers = {}) {
      const response = await model.fetch!(auth, method, path, headers);
      const request: Request = { auth, method, path, params: {}, files: [] };
      return distortion.afterFetch === undefined ? response : distortion.afterFetch(request, response, inner);
    },
    close: () => model.close(),
  };
}

// ------------------------------------------------------------- matching

/** Whether the request is `method` on a path matching `path` (a string matches exactly). */
export function is(request: Request, method: string, path: string | RegExp): boolean {
  return request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path));
}

export function credentialsOf(auth: TargetAuth): TargetCredentials | undefined {
  return auth !== null && typeof auth === 'object' ? auth : undefined;
}

/** The caller's own user record (GET /users/me as them), or undefined without credentials. */
export async function whoIs(inner: Inner, auth: TargetAuth): Promise<Json | undefined> {
  if (credentialsOf(auth) === undefined) return undefined;
  const response = await inner(auth, 'GET', '/users/me');
  return response.status === 200 ? (response.body as Json) : undefined;
}

/** A parameter's JSON value, or undefined when absent or not JSON. */
export function jsonParam(request: Request, name: string): any {
  const raw = request.params[name];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function withParams(request: Request, change: (params: Record<string, string>) => void): Request {
  const params = { ...request.params };
  change(params);
  return { ...request, params };
}

// ------------------------------------------------------------ responses

export function bodyOf(response: TargetResponse): Json | undefined {
  const body = response.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : undefined;
}

export function succeeded(response: TargetResponse): boolean {
  return response.status === 200 && bodyOf(response)?.['result'] === 'success';
}

/** An error answer whose msg matches. */
export function failedWith(response: TargetResponse, msg: RegExp): boolean {
  const body = bodyOf(response);
  return response.status >= 400 && typeof body?.['msg'] === 'string' && msg.test(body['msg']);
}

/** The answer with its JSON body rewritten by `change` (on a deep copy; return a value to replace the body). */
export function rewrite(response: TargetResponse, change: (body: Json) => Json | void): TargetResponse {
  const body = bodyOf(response);
  if (body === undefined) return response;
  const copy = structuredClone(body);
  return { ...response, body: change(copy) ?? copy };
}

export function errorResponse(status: number, code: string, msg: string): TargetResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: { result: 'error', msg, code } };
}

export function successResponse(extra: Json = {}): TargetResponse {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: { result: 'success', msg: '', ...extra } };
}

/** Every object in `list` (if it is an array) changed in place by `change`. */
export function eachOf(list: unknown, change: (entry: Json) => void): void {
  if (Array.isArray(list)) for (const entry of list) if (entry !== null && typeof entry === 'object') change(entry as Json);
}

/** Distortions applied in turn: `before` hooks first to last (the first answer wins), `after` hooks last to first. */
export function compose(...distortions: readonly Distortion[]): Distortion {
  return {
    async before(request, inner) {
      let current: Request | TargetResponse = request;
      for (const distortion of distortions) {
        if (distortion.before === undefined) continue;
        current = await distortion.before(current, inner);
        if (isResponse(current)) return current;
      }
      return current;
    },
    async after(request, response, inner) {
      let current = response;
      for (const distortion of [...distortions].reverse()) if (distortion.after !== undefined) current = await distortion.after(request, current, inner);
      return current;
    },
  };
}

/**
 * A server that leaks a private channel's events to its administrators:
 * those outside the channel `channelOf` finds for a request are subscribed
 * just before it and unsubscribed just after, so they receive its events.
 */
export function administratorsJoinAround(owner: TargetCredentials, channelOf: (request: Request, inner: Inner) => Promise<Json | undefined>): Distortion {
  let pending: { name: string; userIds: number[] } | undefined;
  return {
    before: async (request, inner) => {
      const channel = await channelOf(request, inner);
      if (channel?.['invite_only'] !== true) return request;
      const users = (bodyOf(await inner(owner, 'GET', '/users'))?.['members'] as Json[] | undefined) ?? [];
      const members = (bodyOf(await inner(owner, 'GET', `/streams/${channel['stream_id']}/members`))?.['subscribers'] as number[] | undefined) ?? [];
      const userIds = users
        .filter((user) => user['is_active'] === true && user['is_bot'] === false && user['role'] <= 200 && !members.includes(user['user_id']))
        .map((user) => user['user_id'] as number);
      if (userIds.length === 0) return request;
      const params = { subscriptions: JSON.stringify([{ name: channel['name'] }]), principals: JSON.stringify(userIds) };
      if (succeeded(await inner(request.auth, 'POST', '/users/me/subscriptions', params))) pending = { name: channel['name'], userIds };
      return request;
    },
    after: async (_request, response, inner) => {
      if (pending !== undefined) {
        const { name, userIds } = pending;
        pending = undefined;
        await inner(owner, 'DELETE', '/users/me/subscriptions', { subscriptions: JSON.stringify([name]), principals: JSON.stringify(userIds) });
      }
      return response;
    },
  };
}
