/** Envelope shape assertions shared by the property checks (they name the clause that failed). */
import { CheckFailure } from '../check.js';
import type { TargetResponse } from '../target.js';

export type Body = Record<string, unknown>;

export function describeResponse(response: TargetResponse): string {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  return `${response.status} ${text === undefined ? '' : text.length > 400 ? `${text.slice(0, 400)}…` : text}`;
}

function asObject(body: unknown): Body | null {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : null;
}

/** Whether the response is a well-formed success envelope. */
export function isSuccess(response: TargetResponse): boolean {
  const body = asObject(response.body);
  return response.status === 200 && body !== null && body['result'] === 'success' && body['msg'] === '';
}

/**
 * Every answer is JSON and either a success envelope or an error envelope
 * with a string msg and code; never a server error.
 */
export function expectWellFormed(response: TargetResponse, clauses: { envelope: string; clientError: string; success: string }): 'success' | 'error' {
  const body = asObject(response.body);
  if (response.status >= 500) {
    throw new CheckFailure(`a 4xx error or a success, never a server error; got ${describeResponse(response)}`, undefined, clauses.clientError);
  }
  if (body === null) throw new CheckFailure(`a JSON object body; got ${describeResponse(response)}`, undefined, clauses.clientError);
  if (response.status >= 200 && response.status < 300) {
    if (body['result'] !== 'success' || body['msg'] !== '' || response.status !== 200) {
      throw new CheckFailure(
        `a 2xx answer to be a 200 success envelope (result "success", msg ""); got ${describeResponse(response)}`,
        undefined,
        clauses.success,
      );
    }
    return 'success';
  }
  if (body['result'] !== 'error' || typeof body['msg'] !== 'string' || typeof body['code'] !== 'string') {
    throw new CheckFailure(
      `an error envelope with result "error", a string msg and a string code; got ${describeResponse(response)}`,
      undefined,
      clauses.envelope,
    );
  }
  if (response.status < 400) {
    throw new CheckFailure(`an error to carry a 4xx status; got ${describeResponse(response)}`, undefined, clauses.clientError);
  }
  return 'error';
}
