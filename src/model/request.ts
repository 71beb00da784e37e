/** The model's input and output: plain data, so requests can be journaled and replayed. */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * A file that came with the request. Its bytes never enter the model: the
 * transport put them in the content store beside it (src/store/content-store.ts)
 * under `contentKey`, an opaque name the model only records.
 */
export interface UploadedFile {
  readonly fieldName: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly contentKey: string;
  /** Bytes. */
  readonly size: number;
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
  /**
   * Which URL space the request came in on: /api/v1 (the default) or /json,
   * the web app's, where a session cookie logs in (rules/sessions.ts).
   */
  readonly surface?: 'api' | 'json';
  /** The raw Cookie header (read on /json/ paths only). */
  readonly cookie?: string | null;
  /** The X-CSRFToken header (read on /json/ paths only). */
  readonly csrfToken?: string | null;
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
  /** The Range header of a file download, if any. */
  readonly range?: string | null;
}

/** One header's value as a single string, repeated values joined as fetch's Headers joins them. */
export function headerText(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join(', ');
}

/** A binary answer: the transport sends the stored bytes of `contentKey` (or the `range` of them). */
export interface ServedFile {
  readonly contentKey: string;
  readonly contentType: string;
  /** Bytes of the whole content. */
  readonly size: number;
  /** The Content-Disposition value, e.g. `inline; filename="a.png"`, or null for none. */
  readonly disposition: string | null;
  /** Inclusive byte range to send (a 206 answer); absent for the whole content. */
  readonly range?: { readonly start: number; readonly end: number };
}

/**
 * An answer. `body` is JSON (or null); a binary answer carries `file` and a
 * text one (the real server's HTML error pages) `text`, each with a null body.
 */
export interface ModelResponse {
  readonly status: number;
  /** A list for a header sent more than once (Set-Cookie). */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  readonly body: Readonly<Record<string, unknown>> | null;
  readonly file?: ServedFile;
  readonly text?: string;
}
