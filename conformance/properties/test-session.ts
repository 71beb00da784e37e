/** For the property checks' own tests: a bootstrapped session over a target, and contexts for it. */
import { bootstrap, type Session } from '../bootstrap.js';
import { createContext, type RecordingContext } from '../context.js';
import type { Target } from '../target.js';
import { modelTarget } from '../targets/model.js';

/** The default fixture's owner, who starts every run. */
export const FIXTURE_OWNER = { email: 'desdemona@chatref.test', apiKey: 'DesdemonaOwnerKey000000000000001' } as const;

export function tickingClock(start = 1_760_000_000): () => number {
  let now = start;
  return () => (now += 1);
}

export function freshModelTarget(seed: number | string = 'properties'): Target {
  return modelTarget({ seed, clock: tickingClock() });
}

export async function sessionOn(target: Target): Promise<Session> {
  return bootstrap(target, FIXTURE_OWNER, { runId: 'crprop' });
}

export function contextFor(session: Session, seed = 42, runs = 25): RecordingContext {
  return createContext(session, { seed, runs });
}
