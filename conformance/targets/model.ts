/** The in-process target: the pure model behind the same call shape, no sockets. */
import { createModel, type ModelOptions } from '../../src/in-process.js';
import { headerText } from '../../src/model/request.js';
import { authorizationHeader, type Target } from '../target.js';

/**
 * A path may carry a query string (zulip-js sends DELETE /events?queue_id=…):
 * its parameters join the others, as the HTTP layer merges query and body.
 */
function splitQuery(path: string, params: Readonly<Record<string, string>>): { path: string; params: Readonly<Record<string, string>> } {
  const start = path.indexOf('?');
  if (start === -1) return { path, params };
  return { path: path.slice(0, start), params: { ...Object.fromEntries(new URLSearchParams(path.slice(start + 1))), ...params } };
}

/** The model with a clock the suite can move forward: the given one (default the system's) plus an offset. */
export function modelTarget(options: ModelOptions = {}): Target {
  const base = options.clock ?? (() => Math.floor(Date.now() / 1000));
  let offset = 0;
  const model = createModel({ ...options, clock: () => base() + offset });
  if (options.clock === undefined) model.store.startTimers();
  const jwtKey = model.state.realm.jwtKey;
  return {
    name: 'model',
    ...(jwtKey === null ? {} : { jwtKey }),
    clock: {
      async now() {
        return base() + offset;
      },
      async advance(seconds) {
        offset += seconds;
      },
    },
    async call(auth, method, path, params = {}, files = []) {
      const request = splitQuery(path, params);
      // request(), not call(): a GET /events long-poll waits for its answer as it would over HTTP.
      const response = await model.request(method, request.path, request.params, { auth: authorizationHeader(auth), files });
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), headerText(value)]));
      return { status: response.status, headers, body: response.text ?? response.body };
    },
    async fetch(auth, method, rootPath, headers = {}) {
      const range = Object.entries(headers).find(([name]) => name.toLowerCase() === 'range')?.[1];
      const response = model.fetch(method, rootPath, { auth: authorizationHeader(auth), ...(range === undefined ? {} : { range }) });
      const headerMap = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), headerText(value)]));
      let bytes: Uint8Array = new Uint8Array(0);
      const file = response.file;
      if (file !== undefined) {
        headerMap['content-type'] = file.contentType;
        if (file.disposition !== null) headerMap['content-disposition'] = file.disposition;
        const whole = method === 'HEAD' ? undefined : model.store.content.get(file.contentKey);
        if (whole !== undefined) bytes = file.range === undefined ? whole : whole.subarray(file.range.start, file.range.end + 1);
        headerMap['content-length'] = String(file.range === undefined ? file.size : file.range.end - file.range.start + 1);
      } else if (response.text !== undefined || response.body !== null) {
        bytes = Buffer.from(response.text ?? JSON.stringify(response.body), 'utf8');
        if (response.text === undefined) headerMap['content-type'] = 'application/json';
      }
      return { status: response.status, headers: headerMap, body: response.text ?? response.body, bytes };
    },
    async close() {
      model.close();
    },
  };
}
