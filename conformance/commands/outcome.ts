/** What a command expects from its call, and the check that the answer and the read-back agree with it. */
import { CheckFailure } from '../check.js';
import { describeResponse, expectWellFormed } from '../properties/envelope.js';
import type { TargetResponse } from '../target.js';

/** `either` where the rules of the real server are not pinned down (e.g. acting on oneself). */
export type Expected = 'ok' | 'refused' | 'unauthenticated' | 'either';

const ENVELOPE = { envelope: 'general.envelope.error', success: 'general.envelope.success', clientError: 'general.bad-input.client-error' };

/** Asserts the answer fits the expectation; returns what happened. */
export function expectOutcome(response: TargetResponse, expected: Expected, what: string, clause: string): 'success' | 'error' {
  const outcome = expectWellFormed(response, ENVELOPE);
  if (expected === 'ok' && outcome !== 'success') throw new CheckFailure(`${what} to succeed; got ${describeResponse(response)}`, undefined, clause);
  if (expected === 'refused' && outcome !== 'error') throw new CheckFailure(`${what} to be refused; got ${describeResponse(response)}`, undefined, clause);
  if (expected === 'unauthenticated' && (outcome !== 'error' || response.status !== 401)) {
    throw new CheckFailure(
      `${what} to be refused with 401, the caller being deactivated; got ${describeResponse(response)}`,
      undefined,
      'invariant.deactivated.no-auth',
    );
  }
  return outcome;
}
