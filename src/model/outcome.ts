/** What a reducer returns: the next state and response data, or an error (and then the state is untouched). */
import type { ApiError } from './errors.js';
import type { State } from './state.js';

export type Outcome =
  | { readonly ok: true; readonly state: State; readonly data: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: ApiError };

export function succeed(state: State, data: Readonly<Record<string, unknown>> = {}): Outcome {
  return { ok: true, state, data };
}

export function fail(error: ApiError): Outcome {
  return { ok: false, error };
}

/** A lookup or rule that either yields a value or an error. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function accept<T>(value: T): Checked<T> {
  return { ok: true, value };
}

export function reject<T = never>(error: ApiError): Checked<T> {
  return { ok: false, error };
}
