/** A stateful, in-process handle on the pure model: no sockets, same answers as the server. */
import { createEntropySource, systemClock } from './http/environment.js';
import { loadFixture } from './fixtures/load.js';
import { basicAuthorization } from './model/auth.js';
import { handle } from './model/handle.js';
import type { ModelResponse, UploadedFile } from './model/request.js';
import type { State } from './model/state.js';

export interface ModelOptions {
  /** A fixture name or path, or a ready State. Default: the embedded default realm. */
  readonly fixture?: string | State;
  /** Derive all keys and salts from this seed instead of the system's randomness. */
  readonly seed?: number | string;
  /** UNIX seconds; default: the system clock. */
  readonly clock?: () => number;
  /** The address clients are told to use (realm_url); default https://<realm host>. */
  readonly origin?: string;
}

export interface Credentials {
  readonly email: string;
  readonly apiKey: string;
}

export interface CallOptions {
  /** Credentials, or a raw Authorization header value (to send malformed ones). */
  readonly auth?: Credentials | string | null;
  readonly files?: readonly UploadedFile[];
}

export interface Model {
  /** The current state (immutable). */
  readonly state: State;
  /** Calls an endpoint as an HTTP client would, e.g. call('GET', '/users/me', {}, { auth }). Path is below /api/v1. */
  call(method: string, path: string, params?: Readonly<Record<string, string>>, options?: CallOptions): ModelResponse;
  /** Replaces the state (e.g. to rewind to an earlier one). */
  reset(state: State): void;
}

/**
 * Runs the model in-process.
 *
 * @example
 * const model = createModel({ seed: 1 });
 * const me = model.call('GET', '/users/me', {}, { auth: { email: 'iago@chatref.test', apiKey: 'IagoAdministratorKey000000000002' } });
 */
export function createModel(options: ModelOptions = {}): Model {
  let state = typeof options.fixture === 'object' ? options.fixture : loadFixture(options.fixture);
  const entropy = createEntropySource(options.seed);
  const clock = options.clock ?? systemClock;
  return {
    get state() {
      return state;
    },
    call(method, path, params = {}, callOptions = {}) {
      const auth = callOptions.auth;
      const authorization = auth == null ? null : typeof auth === 'string' ? auth : basicAuthorization(auth.email, auth.apiKey);
      const result = handle(state, {
        method,
        path,
        params,
        files: callOptions.files ?? [],
        authorization,
        ...(options.origin === undefined ? {} : { origin: options.origin }),
        now: clock(),
        entropy: entropy(),
      });
      state = result.state;
      return result.response;
    },
    reset(next) {
      state = next;
    },
  };
}
