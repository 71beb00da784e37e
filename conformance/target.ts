/**
 * A Target is a server seen only through the public HTTP API shape: the
 * in-process model (no sockets) or a live URL. Checks talk to nothing else.
 */

export interface TargetCredentials {
  readonly email: string;
  readonly apiKey: string;
}

/** Credentials, a raw Authorization header value (to send malformed ones), or none. */
export type TargetAuth = TargetCredentials | string | null;

/** A file to send in a multipart form. */
export interface TargetFile {
  readonly fieldName: string;
  readonly fileName: string;
  /** '' sends the part without a Content-Type. */
  readonly contentType: string;
  readonly data: Uint8Array;
}

export interface TargetResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** An answer read as bytes; `body` is its JSON or text when it declares one, else null. */
export interface TargetBytesResponse extends TargetResponse {
  readonly bytes: Uint8Array;
}

/**
 * The target's clock, for checks of time windows (edit and move limits).
 * Only targets that let a client set time have one: the in-process model,
 * and a chatref server reached with its admin token (targets/http.ts).
 */
export interface TargetClock {
  /** The target's current time, UNIX seconds. */
  now(): Promise<number>;
  /** Moves the target's time forward. */
  advance(seconds: number): Promise<void>;
}

export interface Target {
  readonly name: string;
  /** Present when the target's time can be read and moved. */
  readonly clock?: TargetClock;
  /**
   * The shared HS256 secret the server's organization was configured with for
   * POST /jwt/fetch_api_key, when the tester knows it: checks that need a
   * correctly signed token run only then.
   */
  readonly jwtKey?: string;
  /** Calls `method path` below /api/v1; GET parameters travel in the query string, others in a form body. */
  call(auth: TargetAuth, method: string, path: string, params?: Readonly<Record<string, string>>, files?: readonly TargetFile[]): Promise<TargetResponse>;
  /**
   * A GET or HEAD of a path from the server's root (outside /api/v1, e.g.
   * /user_uploads/…), with the answer's raw bytes. Targets without it skip
   * the checks that need it.
   */
  fetch?(auth: TargetAuth, method: 'GET' | 'HEAD', rootPath: string, headers?: Readonly<Record<string, string>>): Promise<TargetBytesResponse>;
  close(): Promise<void>;
}

export function authorizationHeader(auth: TargetAuth): string | null {
  if (auth === null) return null;
  if (typeof auth === 'string') return auth;
  return `Basic ${Buffer.from(`${auth.email}:${auth.apiKey}`, 'utf8').toString('base64')}`;
}
