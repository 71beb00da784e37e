/** Writes a ModelResponse: its status and headers, and its body as JSON. */
import type { ServerResponse } from 'node:http';
import type { ModelResponse } from '../model/request.js';

export function writeResponse(res: ServerResponse, response: ModelResponse, method: string): void {
  if (res.headersSent || res.destroyed) return;
  const payload = response.body === null ? null : Buffer.from(JSON.stringify(response.body), 'utf8');
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (payload === null) {
    res.removeHeader('Content-Type');
    // A 204 or 304 must not carry Content-Length at all.
    if (response.status !== 204 && response.status !== 304) res.setHeader('Content-Length', '0');
  } else {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', String(payload.byteLength));
  }
  // A HEAD reply carries the headers a GET would, without the body.
  if (method.toUpperCase() === 'HEAD' || payload === null) res.end();
  else res.end(payload);
}
