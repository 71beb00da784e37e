import type { State } from '../state.js';
import { unsupportedFeatureLevel } from './releases.js';

/** The realm answering as a server of `level` (185 to the newest); throws a RangeError for any other. */
export function withFeatureLevel(state: State, level: number): State {
  const problem = unsupportedFeatureLevel(level);
  if (problem !== null) throw new RangeError(problem);
  return level === state.featureLevel ? state : Object.freeze({ ...state, featureLevel: level });
}
