/**
 * CORS for browser clients (`--cors ORIGIN`, off by default): requests from an
 * allowed origin get its Access-Control headers; a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204 without reaching the model.
 * The Authorization header a client sets itself needs no credentials mode, but
 * Allow-Credentials is sent too, for clients that use one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsOptions {
  /** Origins as browsers send them (`https://app.example:8080`), or '*' for any. */
  readonly origins: readonly string[];
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type';
/** What a browser script may read besides the simple headers: the rate-limit and download headers. */
const EXPOSED_HEADERS = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Content-Disposition';
/** Seconds a browser may cache a preflight (Chromium caps it at 7200). */
const PREFLIGHT_MAX_AGE = 600;

/** The origin as compared: without a trailing slash. */
function normalise(origin: string): string {
  return origin.trim().replace(/\/+$/, '');
}

/** Returns a handler that sets the headers and answers true when it has answered the request itself (a preflight). */
export function corsHandler(options: CorsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const any = options.origins.includes('*');
  const allowed = new Set(options.origins.map(normalise));
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin === undefined || !(any || allowed.has(normalise(origin)))) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return false;
    }
    res.writeHead(204, {
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
    });
    res.end();
    return true;
  };
}
