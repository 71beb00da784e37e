/** Writes a ModelResponse: its status and headers, and its body as JSON. */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ModelResponse } from '../model/request.js';

export function writeResponse(res: ServerResponse, response: ModelResponse, method: string): void {
  if (res.headersSent || res.destroyed) return;
  const headers: OutgoingHttpHeaders = { ...response.headers };
  // A string body lets node send headers and body in one write instead of a writev of two buffers.
  const payload = response.body === null ? null : JSON.stringify(response.body);
  if (payload === null) {
    delete headers['Content-Type'];
    // A 204 or 304 must not carry Content-Length at all.
    if (response.status !== 204 && response.status !== 304) headers['Content-Length'] = 0;
  } else {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(payload, 'utf8');
  }
  res.writeHead(response.status, headers);
  // A HEAD reply carries the headers a GET would, without the body.
  if (method.toUpperCase() === 'HEAD' || payload === null) res.end();
  else res.end(payload, 'utf8');
}
