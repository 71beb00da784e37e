/** The live target: any server reachable at a URL, over HTTP with undici. */
import { FormData, request } from 'undici';
import { authorizationHeader, type Target } from '../target.js';

/** `baseUrl` is the server's root (http://host:port); calls go below /api/v1. `jwtKey`: the organization's JWT secret, when known. */
export function httpTarget(baseUrl: string, jwtKey?: string): Target {
  const apiUrl = `${baseUrl.replace(/\/+$/, '')}/api/v1`;
  return {
    name: baseUrl,
    ...(jwtKey === undefined ? {} : { jwtKey }),
    async call(auth, method, path, params = {}, files = []) {
      const authorization = authorizationHeader(auth);
      const headers: Record<string, string> = authorization === null ? {} : { authorization };
      const inQuery = method === 'GET' || method === 'HEAD';
      let url = `${apiUrl}${path}`;
      let body: string | FormData | undefined;
      if (files.length > 0) {
        const form = new FormData();
        for (const [name, value] of Object.entries(params)) form.append(name, value);
        for (const file of files) form.append(file.fieldName, new Blob([file.data], { type: file.contentType }), file.fileName);
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
    async close() {},
  };
}
