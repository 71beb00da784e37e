/**
 * Assertions for checks. Each throws a CheckFailure saying what was expected;
 * the runner attaches the check's last exchange and a curl reproduction.
 */
import { isDeepStrictEqual } from 'node:util';
import { CheckFailure } from './check.js';
import type { TargetResponse } from './target.js';

export type Body = Record<string, any>;

function describe(response: TargetResponse): string {
  return `${response.status} ${JSON.stringify(response.body)}`;
}

/** A 200 success envelope (`result: "success"`, `msg: ""`); returns the body. */
export function expectSuccess(response: TargetResponse, clause?: string): Body {
  const body = response.body as Body | null;
  if (response.status !== 200 || body === null || typeof body !== 'object' || body['result'] !== 'success' || body['msg'] !== '') {
    throw new CheckFailure(`a 200 success envelope, got ${describe(response)}`, undefined, clause);
  }
  return body;
}

/**
 * An error envelope with this status and code (and message, when given: a
 * string must match exactly, a RegExp must match).
 */
export function expectError(response: TargetResponse, status: number, code: string, msg?: string | RegExp, clause?: string): Body {
  const body = response.body as Body | null;
  const envelopeOk =
    body !== null && typeof body === 'object' && body['result'] === 'error' && typeof body['msg'] === 'string' && typeof body['code'] === 'string';
  const msgOk = msg === undefined || (envelopeOk && (typeof msg === 'string' ? body['msg'] === msg : msg.test(body['msg'])));
  if (response.status !== status || !envelopeOk || body['code'] !== code || !msgOk) {
    const wanted = `${status} ${code}${msg === undefined ? '' : ` ${typeof msg === 'string' ? JSON.stringify(msg) : String(msg)}`}`;
    throw new CheckFailure(`an error envelope ${wanted}, got ${describe(response)}`, undefined, clause);
  }
  return body;
}

/** Any JSON error envelope with a 4xx status (for property checks on bad input). */
export function expectClientError(response: TargetResponse, clause?: string): Body {
  const body = response.body as Body | null;
  const ok =
    response.status >= 400 &&
    response.status < 500 &&
    body !== null &&
    typeof body === 'object' &&
    body['result'] === 'error' &&
    typeof body['msg'] === 'string' &&
    typeof body['code'] === 'string';
  if (!ok) throw new CheckFailure(`a 4xx JSON error envelope, got ${describe(response)}`, undefined, clause);
  return body as Body;
}

/** Deep equality with a description of what is being compared. */
export function expectEqual(actual: unknown, expected: unknown, what: string, clause?: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new CheckFailure(`${what} to be ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, undefined, clause);
  }
}

export function expectTrue(condition: boolean, what: string, clause?: string): asserts condition {
  if (!condition) throw new CheckFailure(what, undefined, clause);
}

/** Asserts that a read-back is unchanged by a failed request (`before` read before it, `after` after). */
export function expectUnchanged(before: unknown, after: unknown, what: string, clause?: string): void {
  if (!isDeepStrictEqual(before, after)) {
    throw new CheckFailure(`a failed request to leave ${what} unchanged; before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`, undefined, clause);
  }
}
