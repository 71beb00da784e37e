/** A stateful, in-process handle on the model: no sockets, same answers as the server, one store underneath. */
import { loadFixture } from './fixtures/load.js';
import { basicAuthorization } from './model/auth.js';
import { errorResponse } from './model/envelope.js';
import { Errors } from './model/errors.js';
import type { ModelResponse, UploadedFile } from './model/request.js';
import type { State } from './model/state.js';
import { type StartingOptions, startingState } from './starting-state.js';
import { MemoryContentStore } from './store/content-store.js';
import { Control } from './store/control.js';
import { type EventStream, type EventStreamOptions, openEventStream } from './store/event-stream.js';
import { loadSnapshot, type Snapshot } from './store/snapshot.js';
import { Store, type StoreRequest } from './store/store.js';

export interface ModelOptions extends StartingOptions {
  /** A fixture name or path, or a ready State. Default: the embedded default realm. */
  readonly fixture?: string | State;
  /** Derive all keys, salts and queue ids from this seed instead of the system's randomness. */
  readonly seed?: number | string;
  /** UNIX seconds; default: the system clock. Move it and call tick() to expire queues or send heartbeats. */
  readonly clock?: () => number;
  /** The address clients are told to use (realm_url); default https://<realm host>. */
  readonly origin?: string;
  /** Limits on password key fetches per username (the real server's 5 per 30 minutes); default true. */
  readonly authRateLimit?: boolean;
  /** Emulates the real server's general API rate limits and X-RateLimit-* headers; default false. */
  readonly rateLimit?: boolean;
  /** Start from a snapshot (a file path, or `control.snapshot()`'s document) instead of a fixture; its files included. */
  readonly snapshot?: string | Snapshot;
  /** Journal every write to this file, after replaying what it holds (src/store/journal.ts). */
  readonly journal?: string;
  /** How many recent requests `control.requests()` keeps (default 256). */
  readonly requestLogSize?: number;
}

export interface Credentials {
  readonly email: string;
  readonly apiKey: string;
}

/** A file to upload, with its bytes (the model stores them in its content store, as the HTTP layer does). */
export interface FileData {
  readonly fieldName: string;
  readonly fileName: string;
  /** '' for a part without a Content-Type. */
  readonly contentType: string;
  readonly data: Uint8Array;
}

export interface CallOptions {
  /** Credentials, or a raw Authorization header value (to send malformed ones). */
  readonly auth?: Credentials | string | null;
  readonly files?: readonly FileData[];
  /** The User-Agent the request claims (the sending client's name in messages comes from it). */
  readonly userAgent?: string;
  /** Send it as the web app does, on /json/ paths: the Cookie and X-CSRFToken headers a session login set. */
  readonly session?: { readonly cookie: string; readonly csrfToken?: string };
}

export interface Model {
  /** The current state (immutable). */
  readonly state: State;
  /** The store underneath: state, clock, event queues. */
  readonly store: Store;
  /** Reset, snapshot and restore, clock, recent requests, outbox, journal: the admin API's operations. */
  readonly control: Control;
  /**
   * Calls an endpoint as an HTTP client would, e.g. call('GET', '/users/me', {}, { auth }). Path is below /api/v1.
   * A GET /events that would wait for an event throws: use request() for those.
   */
  call(method: string, path: string, params?: Readonly<Record<string, string>>, options?: CallOptions): ModelResponse;
  /** Like call(), but a GET /events may wait for its answer (an event, a heartbeat, a newer request, the queue's deletion). */
  request(method: string, path: string, params?: Readonly<Record<string, string>>, options?: CallOptions): Promise<ModelResponse>;
  /** The events a user's queue receives, as an async iterator; `stop()` (or `break`) deletes the queue. */
  events(user: Credentials, options?: EventStreamOptions): EventStream;
  /**
   * A GET or HEAD of a file path outside /api/v1 (e.g. /user_uploads/…):
   * a binary answer names its bytes by `file.contentKey`; read them with
   * `model.store.content.get(key)`. A path that is no file path answers 404.
   */
  fetch(method: string, path: string, options?: Pick<CallOptions, 'auth'> & { readonly range?: string }): ModelResponse;
  /** Sends due heartbeats and collects expired queues, by the model's clock. */
  tick(): void;
  /** Replaces the state (e.g. to rewind to an earlier one). */
  reset(state: State): void;
  /** Answers waiting requests, stops the heartbeat timer and closes the journal. */
  close(): void;
}

function authorizationOf(auth: CallOptions['auth']): string | null {
  return auth == null ? null : typeof auth === 'string' ? auth : basicAuthorization(auth.email, auth.apiKey);
}

/**
 * Runs the model in-process.
 *
 * @example
 * const model = createModel({ seed: 1 });
 * const me = model.call('GET', '/users/me', {}, { auth: { email: 'iago@chatref.test', apiKey: 'IagoAdministratorKey000000000002' } });
 * for await (const event of model.events({ email: 'iago@chatref.test', apiKey: 'IagoAdministratorKey000000000002' })) { ... }
 */
export function createModel(options: ModelOptions = {}): Model {
  if (options.snapshot !== undefined && options.fixture !== undefined) throw new TypeError('createModel: give a fixture or a snapshot, not both');
  const content = new MemoryContentStore();
  const loaded =
    options.snapshot !== undefined
      ? loadSnapshot(options.snapshot, content)
      : typeof options.fixture === 'object'
        ? options.fixture
        : loadFixture(options.fixture, { start: options.clock?.() ?? Date.now() / 1000 });
  const state = startingState(loaded, options);
  const store = new Store({
    state,
    content,
    ...(options.requestLogSize === undefined ? {} : { requestLogSize: options.requestLogSize }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.authRateLimit === undefined ? {} : { authRateLimit: options.authRateLimit }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
  });
  const control = new Control(store);
  if (options.journal !== undefined) control.openJournal(options.journal);
  if (options.clock === undefined) store.startTimers();

  const storeFile = (file: FileData): UploadedFile => ({
    fieldName: file.fieldName,
    fileName: file.fileName,
    contentType: file.contentType,
    contentKey: store.content.put(file.data),
    size: file.data.byteLength,
  });

  const toRequest = (method: string, path: string, params: Readonly<Record<string, string>>, callOptions: CallOptions): StoreRequest => ({
    method,
    path,
    params,
    files: (callOptions.files ?? []).map(storeFile),
    authorization: authorizationOf(callOptions.auth),
    ...(callOptions.userAgent === undefined ? {} : { userAgent: callOptions.userAgent }),
    ...(callOptions.session === undefined
      ? {}
      : { surface: 'json' as const, cookie: callOptions.session.cookie, csrfToken: callOptions.session.csrfToken ?? null }),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  });

  const request: Model['request'] = (method, path, params = {}, callOptions = {}) =>
    new Promise((resolve) => {
      store.dispatch(toRequest(method, path, params, callOptions), resolve);
    });

  return {
    get state() {
      return store.state;
    },
    store,
    control,
    call(method, path, params = {}, callOptions = {}) {
      let response: ModelResponse | undefined;
      const release = store.dispatch(toRequest(method, path, params, callOptions), (answer) => {
        response = answer;
      });
      if (response === undefined) {
        release?.();
        throw new Error(`${method} ${path} waits for an event; use model.request() to await it`);
      }
      return response;
    },
    request,
    events: (user, streamOptions = {}) => openEventStream(request, user, streamOptions),
    fetch(method, path, fetchOptions = {}) {
      const served = store.serve({ method, path, authorization: authorizationOf(fetchOptions.auth), range: fetchOptions.range ?? null });
      return served ?? errorResponse(Errors.notFound());
    },
    tick: () => store.tick(),
    reset(next) {
      store.setState(next);
    },
    close() {
      store.close();
      control.closeJournal();
    },
  };
}
