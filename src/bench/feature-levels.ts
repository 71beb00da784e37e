/**
 * The cost of answering as an older server: model time of the same requests
 * on the default realm at feature level 185 (Zulip 7.0) and at the newest,
 * timed around handle() alone in alternating blocks. The walks between the
 * newest forms and the old ones are the difference.
 */

import { loadFixture } from '../fixtures/load.js';
import { createEntropySource } from '../http/environment.js';
import { basicAuthorization } from '../model/auth.js';
import { OLDEST_FEATURE_LEVEL } from '../model/feature-levels/releases.js';
import { withFeatureLevel } from '../model/feature-levels/with-feature-level.js';
import { handle } from '../model/handle.js';
import type { State } from '../model/state.js';
import { FEATURE_LEVEL } from '../model/version.js';
import { HAMLET, IAGO } from '../testing/default-realm.js';
import { percentile } from './write-cost.js';

interface LevelRequest {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

const REQUESTS: readonly LevelRequest[] = [
  { label: 'GET /users/{user_id}', method: 'GET', path: `/users/${IAGO.userId}`, params: {} },
  {
    label: 'POST /messages',
    method: 'POST',
    path: '/messages',
    params: { type: 'stream', to: 'general', topic: 'bench', content: 'Hello from the benchmark' },
  },
  { label: 'GET /messages', method: 'GET', path: '/messages', params: { anchor: 'newest', num_before: '50', num_after: '0', narrow: '[]' } },
  { label: 'POST /register', method: 'POST', path: '/register', params: {} },
];

export interface LevelCost {
  readonly label: string;
  readonly oldMicros: number;
  readonly newestMicros: number;
}

export function measureFeatureLevelCost(blocks = 10, perBlock = 100): LevelCost[] {
  const base = loadFixture('default');
  const entropy = createEntropySource('bench-levels');
  const authorization = basicAuthorization(HAMLET.email, HAMLET.apiKey);
  return REQUESTS.map((spec) => {
    const states: Record<'old' | 'newest', State> = { old: withFeatureLevel(base, OLDEST_FEATURE_LEVEL), newest: withFeatureLevel(base, FEATURE_LEVEL) };
    const samples: Record<'old' | 'newest', number[]> = { old: [], newest: [] };
    for (let block = 0; block < blocks; block++) {
      for (const side of block % 2 === 0 ? (['old', 'newest'] as const) : (['newest', 'old'] as const)) {
        for (let i = 0; i < perBlock; i++) {
          const request = {
            method: spec.method,
            path: spec.path,
            params: spec.params,
            authorization,
            origin: 'http://127.0.0.1:9991',
            now: Date.now() / 1000,
            entropy: entropy(),
          };
          const start = performance.now();
          const result = handle(states[side], request);
          samples[side].push(performance.now() - start);
          if (result.response.status !== 200) throw new Error(`${spec.label} at ${side}: ${JSON.stringify(result.response.body)}`);
          states[side] = result.state;
        }
      }
    }
    return { label: spec.label, oldMicros: percentile(samples.old, 0.5) * 1000, newestMicros: percentile(samples.newest, 0.5) * 1000 };
  });
}
