/** A model whose clock the presence tests move themselves (imported by *.test.ts only). */
import { createModel, type Model } from '../../../in-process.js';
import { T0 } from '../../../testing/default-realm.js';

export interface ClockedModel {
  readonly model: Model;
  /** Seconds since T0. */
  elapsed(): number;
  advance(seconds: number): void;
}

export function clockedModel(): ClockedModel {
  let now = T0;
  const model = createModel({ seed: 'presence', clock: () => now });
  return {
    model,
    elapsed: () => now - T0,
    advance: (seconds) => {
      now += seconds;
    },
  };
}
