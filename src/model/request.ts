/** The model's input and output: plain data, so requests can be journaled and replayed. */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface UploadedFile {
  readonly fieldName: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Uint8Array;
}

export interface ModelRequest {
  readonly method: string;
  /** Path below /api/v1, e.g. "/users/5" (already percent-decoded per segment by the caller or not; the model decodes). */
  readonly path: string;
  /** Raw parameters merged from the query string and the body. */
  readonly params: Readonly<Record<string, string>>;
  readonly files?: readonly UploadedFile[];
  /** The raw Authorization header, if any. */
  readonly authorization?: string | null;
  /** The User-Agent header, from which the sending client's name is taken (`client` in a message). */
  readonly userAgent?: string | null;
  /** Scheme and authority the client used (e.g. http://127.0.0.1:9991); defaults to https://<realm host>. */
  readonly origin?: string;
  /** UNIX seconds. */
  readonly now: number;
  /** UNIX seconds the server started (register's server_generation); default: the realm's creation. */
  readonly serverGeneration?: number;
  /** Random bytes for keys and salts; the model stretches them deterministically if it needs more. */
  readonly entropy: Uint8Array;
}

export interface ModelResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Readonly<Record<string, unknown>> | null;
}
