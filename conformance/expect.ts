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

/** The envelope fields of an answer, beside its status, for a diff against the envelope wanted. */
function envelopeOf(response: TargetResponse): Record<string, unknown> {
  const body = response.body as Body | null;
  if (body === null || typeof body !== 'object') return { status: response.status, body };
  const picked: Record<string, unknown> = { status: response.status };
  for (const key of ['result', 'code', 'msg']) if (key in body) picked[key] = body[key];
  return picked;
}

export const JSON_CONTENT_TYPE_CLAUSE = 'general.json.content-type';

/** Whether a Content-Type header value names application/json (parameters such as charset allowed). */
export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && value.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * A JSON answer declared as application/json. Every envelope helper below
 * applies it, so one rule covers every answer the checks read. A 405 is let
 * off: the real server answers it through Django with text/html.
 */
export function expectJsonContentType(response: TargetResponse): void {
  if (response.status === 405 || isJsonContentType(response.headers['content-type'])) return;
  throw new CheckFailure(
    `a JSON answer with Content-Type application/json, got ${JSON.stringify(response.headers['content-type'] ?? null)} on ${describe(response)}`,
    undefined,
    JSON_CONTENT_TYPE_CLAUSE,
  );
}

/** A 200 success envelope (`result: "success"`, `msg: ""`); returns the body. */
export function expectSuccess(response: TargetResponse, clause?: string): Body {
  const body = response.body as Body | null;
  if (response.status !== 200 || body === null || typeof body !== 'object' || body['result'] !== 'success' || body['msg'] !== '') {
    throw new CheckFailure(`a 200 success envelope, got ${describe(response)}`, undefined, clause, {
      expected: { status: 200, result: 'success', msg: '' },
      actual: envelopeOf(response),
    });
  }
  expectJsonContentType(response);
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
    throw new CheckFailure(`an error envelope ${wanted}, got ${describe(response)}`, undefined, clause, {
      expected: { status, result: 'error', code, ...(msg === undefined ? {} : { msg: typeof msg === 'string' ? msg : String(msg) }) },
      actual: envelopeOf(response),
    });
  }
  expectJsonContentType(response);
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
  expectJsonContentType(response);
  return body as Body;
}

/** Deep equality with a description of what is being compared. */
export function expectEqual(actual: unknown, expected: unknown, what: string, clause?: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new CheckFailure(`${what} to be ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, undefined, clause, { expected, actual });
  }
}

export function expectTrue(condition: boolean, what: string, clause?: string): asserts condition {
  if (!condition) throw new CheckFailure(what, undefined, clause);
}

/** Asserts that a read-back is unchanged by a failed request (`before` read before it, `after` after). */
export function expectUnchanged(before: unknown, after: unknown, what: string, clause?: string): void {
  if (!isDeepStrictEqual(before, after)) {
    throw new CheckFailure(`a failed request to leave ${what} unchanged; before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`, undefined, clause, {
      expected: before,
      actual: after,
    });
  }
}
