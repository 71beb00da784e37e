/**
 * The store's recent requests and their answers, for a test to look at after
 * the fact ("which calls did my client make, and what did it get?"). A ring
 * buffer: the newest `capacity` entries are kept, older ones are forgotten.
 * Entries share the answers' bodies rather than copying them; a binary answer
 * is kept as a summary of its file, never as bytes.
 */
import { parseBasicAuthorization } from '../model/auth.js';
import type { ModelResponse, UploadedFile } from '../model/request.js';

export const DEFAULT_REQUEST_LOG_SIZE = 256;

export interface RecordedRequest {
  /** Increasing from 1 over the store's life. */
  readonly id: number;
  /** UNIX seconds by the store's clock when the request arrived. */
  readonly time: number;
  readonly method: string;
  /** The path the client used: /api/v1/… for API calls, /user_uploads/… for files. */
  readonly path: string;
  /** The username of the request's Basic credentials (an e-mail address), or null. */
  readonly user: string | null;
  /** The id of the account with that address when the request arrived, or null. */
  readonly user_id: number | null;
  readonly params: Readonly<Record<string, string>>;
  /** Uploaded files, without their bytes. */
  readonly files: readonly RecordedFile[];
  readonly status: number;
  /** From arrival to answer (a held GET /events counts its wait). */
  readonly duration_ms: number;
  readonly response: RecordedResponse;
}

/** An uploaded file as the log shows it. Entries are snake_case, as the chat API's JSON is: the admin API serves them as they are. */
export interface RecordedFile {
  readonly field_name: string;
  readonly file_name: string;
  readonly content_type: string;
  readonly size: number;
}

export interface RecordedResponse {
  readonly headers: ModelResponse['headers'];
  /** The JSON body, or null (a binary or text answer, or none). */
  readonly body: Readonly<Record<string, unknown>> | null;
  /** A text answer's text (the real server's HTML error pages). */
  readonly text?: string;
  /** A binary answer, summarised. */
  readonly file?: { readonly content_type: string; readonly size: number; readonly range?: { readonly start: number; readonly end: number } };
}

export interface RequestFilter {
  /** The path, with or without /api/v1; `*` matches any run of characters. */
  readonly path?: string;
  readonly method?: string;
  /** An e-mail address (any case) or a user id. */
  readonly user?: string | number;
  /** A status (404) or a class ('4xx'). */
  readonly status?: number | string;
  /** At most this many, newest first (default: all that are kept). */
  readonly limit?: number;
}

/** The request half of an entry, as the store saw it. */
export interface RequestFacts {
  readonly method: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly files?: readonly UploadedFile[];
  readonly authorization?: string | null;
}

/** The username of Basic credentials, or null when there are none (or they are malformed). */
export function basicUsername(authorization: string | null | undefined): string | null {
  const parsed = parseBasicAuthorization(authorization);
  return parsed.kind === 'basic' ? parsed.username : null;
}

function summarise(response: ModelResponse): RecordedResponse {
  const file = response.file;
  return {
    headers: response.headers,
    body: response.body,
    ...(response.text === undefined ? {} : { text: response.text }),
    ...(file === undefined ? {} : { file: { content_type: file.contentType, size: file.size, ...(file.range === undefined ? {} : { range: file.range }) } }),
  };
}

function globMatches(pattern: string, text: string): boolean {
  if (!pattern.includes('*')) return pattern === text;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(text);
}

function statusMatches(wanted: number | string, status: number): boolean {
  if (typeof wanted === 'number') return wanted === status;
  const text = wanted.trim().toLowerCase();
  if (/^[1-5]xx$/.test(text)) return Math.floor(status / 100) === Number(text[0]);
  return Number(text) === status;
}

export class RequestLog {
  private readonly entries: (RecordedRequest | undefined)[];
  private nextId = 1;

  constructor(readonly capacity = DEFAULT_REQUEST_LOG_SIZE) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError(`a request log holds a whole number of entries, not ${capacity}`);
    this.entries = new Array<RecordedRequest | undefined>(capacity);
  }

  /** Entries recorded so far, including the forgotten ones. */
  get recorded(): number {
    return this.nextId - 1;
  }

  record(request: RequestFacts, response: ModelResponse, facts: { readonly time: number; readonly durationMs: number; readonly userId: number | null }): void {
    const id = this.nextId++;
    if (this.capacity === 0) return;
    this.entries[(id - 1) % this.capacity] = {
      id,
      time: facts.time,
      method: request.method.toUpperCase(),
      path: request.path,
      user: basicUsername(request.authorization),
      user_id: facts.userId,
      params: request.params ?? {},
      files: (request.files ?? []).map((file) => ({ field_name: file.fieldName, file_name: file.fileName, content_type: file.contentType, size: file.size })),
      status: response.status,
      duration_ms: facts.durationMs,
      response: summarise(response),
    };
  }

  /** The kept entries that match, newest first. */
  list(filter: RequestFilter = {}): RecordedRequest[] {
    const found: RecordedRequest[] = [];
    const limit = filter.limit ?? Number.POSITIVE_INFINITY;
    for (let id = this.nextId - 1; id >= Math.max(1, this.nextId - this.capacity) && found.length < limit; id--) {
      const entry = this.entries[(id - 1) % this.capacity];
      if (entry !== undefined && entry.id === id && matches(entry, filter)) found.push(entry);
    }
    return found;
  }

  clear(): void {
    this.entries.fill(undefined);
  }
}

function matches(entry: RecordedRequest, filter: RequestFilter): boolean {
  if (filter.method !== undefined && filter.method.toUpperCase() !== entry.method) return false;
  if (filter.status !== undefined && !statusMatches(filter.status, entry.status)) return false;
  if (filter.user !== undefined) {
    const user = filter.user;
    const byId = typeof user === 'number' || /^[0-9]+$/.test(user);
    if (byId ? entry.user_id !== Number(user) : entry.user?.toLowerCase() !== user.toLowerCase()) return false;
  }
  if (filter.path !== undefined && !globMatches(filter.path, entry.path) && !globMatches(`/api/v1${filter.path}`, entry.path)) return false;
  return true;
}

/** One line of the access log (`--log`): method, path, user, status (`-` when the client went away first) and milliseconds. */
export interface AccessFacts {
  readonly method: string;
  readonly path: string;
  readonly user: string | null;
  readonly status: number | null;
  readonly ms: number;
}

export type AccessLogFormat = 'text' | 'json';

export function accessLine(format: AccessLogFormat, facts: AccessFacts, at: Date = new Date()): string {
  const ms = Math.round(facts.ms * 10) / 10;
  if (format === 'json') return JSON.stringify({ time: at.toISOString(), method: facts.method, path: facts.path, user: facts.user, status: facts.status, ms });
  return `${facts.method} ${facts.path} ${facts.user ?? '-'} ${facts.status ?? '-'} ${ms}ms`;
}
