/** What a reducer returns: the next state, response data and events, or an error (and then the state is untouched). */
import type { ApiError } from './errors.js';
import type { Written } from './events/commit.js';
import type { Emission, QueueCommand } from './events/event.js';
import type { State } from './state.js';

/**
 * The content store's bytes a write now refers to (`kept`: an upload's) or
 * no longer refers to (`dropped`: a deleted attachment's). The store deletes
 * the dropped ones, and a request's files that were not kept.
 */
export interface ContentUse {
  readonly kept: readonly string[];
  readonly dropped: readonly string[];
}

export type Outcome =
  | {
      readonly ok: true;
      readonly state: State;
      readonly data: Readonly<Record<string, unknown>>;
      readonly events: readonly Emission[];
      /** For the queue endpoints: what the store must do with its event queues. */
      readonly queue?: QueueCommand;
      /** Stored file contents the write took into the state or let go of (uploads). */
      readonly content?: ContentUse;
      /** Response headers beyond the JSON ones (the session cookies a login sets). */
      readonly headers?: Readonly<Record<string, string | readonly string[]>>;
    }
  | { readonly ok: false; readonly error: ApiError };

/** Success without a change (reads), or with what `commit` wrote. */
export function succeed(result: State | Written, data: Readonly<Record<string, unknown>> = {}): Outcome {
  if ('events' in result) return { ok: true, state: result.state, data, events: result.events };
  return { ok: true, state: result, data, events: [] };
}

/** Success that also tells the store which stored contents the state took or let go of. */
export function succeedWithContent(result: State | Written, data: Readonly<Record<string, unknown>>, content: ContentUse): Outcome {
  const outcome = succeed(result, data);
  return outcome.ok ? { ...outcome, content } : outcome;
}

/** Success that also sends response headers (a login's Set-Cookie). */
export function succeedWithHeaders(
  result: State | Written,
  data: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string | readonly string[]>>,
): Outcome {
  const outcome = succeed(result, data);
  return outcome.ok ? { ...outcome, headers } : outcome;
}

/** Success that also asks the store to act on an event queue. */
export function succeedWithQueue(state: State, data: Readonly<Record<string, unknown>>, queue: QueueCommand): Outcome {
  return { ok: true, state, data, events: [], queue };
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
