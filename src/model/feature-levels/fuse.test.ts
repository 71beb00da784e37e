import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../fixtures/load.js';
import { CORDELIA, HAMLET, IAGO } from '../../testing/default-realm.js';
import { basicAuthorization } from '../auth.js';
import { handle } from '../handle.js';
import { FEATURE_LEVEL } from '../version.js';
import { levelView, responseAtLevel, unfusedLevelView } from './at-level.js';
import type { Body } from './change.js';
import { fuse, located, omitting } from './fuse.js';
import { OLDEST_FEATURE_LEVEL } from './releases.js';
import { FEATURE_LEVEL_CHANGES } from './table.js';
import { withFeatureLevel } from './with-feature-level.js';

/** The answers whose walks the table states most often, each as the newest server sends it. */
const READS: readonly { readonly operation: string; readonly method: string; readonly path: string; readonly as: typeof HAMLET }[] = [
  { operation: 'register-queue', method: 'POST', path: '/register', as: HAMLET },
  { operation: 'register-queue', method: 'POST', path: '/register', as: IAGO },
  { operation: 'get-streams', method: 'GET', path: '/streams', as: CORDELIA },
  { operation: 'get-subscriptions', method: 'GET', path: '/users/me/subscriptions', as: HAMLET },
  { operation: 'get-users', method: 'GET', path: '/users', as: IAGO },
  { operation: 'get-user-groups', method: 'GET', path: '/user_groups', as: HAMLET },
  { operation: 'get-own-user', method: 'GET', path: '/users/me', as: HAMLET },
];

/** Every level a row of the table names, and the one below it: each fused view differs from its neighbours. */
const LEVELS = [...new Set(FEATURE_LEVEL_CHANGES.flatMap((change) => [change.level - 1, change.level]))].filter(
  (level) => level >= OLDEST_FEATURE_LEVEL && level < FEATURE_LEVEL,
);

describe('fused answer walks', () => {
  it('give every answer byte for byte what the table’s walks give one row at a time, at every level', () => {
    const newest = loadFixture('default');
    const answers = READS.map((read) => {
      const result = handle(newest, {
        method: read.method,
        path: read.path,
        params: {},
        authorization: basicAuthorization(read.as.email, read.as.apiKey),
        origin: 'http://127.0.0.1:9991',
        now: 1_800_000_000,
        entropy: new Uint8Array(32),
      });
      expect(result.response.status, read.path).toBe(200);
      return { read, response: result.response };
    });
    let compared = 0;
    for (const level of LEVELS) {
      const context = { state: withFeatureLevel(newest, level), params: {} };
      for (const { read, response } of answers) {
        const fused = responseAtLevel(levelView(level), read.operation, response, context);
        const oneByOne = responseAtLevel(unfusedLevelView(level), read.operation, response, context);
        expect(JSON.stringify(fused.body), `${read.operation} at ${level}`).toBe(JSON.stringify(oneByOne.body));
        compared++;
      }
    }
    expect(compared).toBe(LEVELS.length * READS.length);
  });

  it('fuses register’s walks at the oldest level into fewer passes than rows', () => {
    const rows = unfusedLevelView(OLDEST_FEATURE_LEVEL).responseWalks.get('register-queue') ?? [];
    const passes = levelView(OLDEST_FEATURE_LEVEL).responseWalks.get('register-queue') ?? [];
    expect(rows.length).toBeGreaterThan(50);
    expect(passes.length).toBeLessThan(rows.length / 3);
  });

  it('keeps a walk that does not say where it edits in its place, and moves no removal across it', () => {
    const context = { state: loadFixture('default'), params: {} };
    const readsB = (body: Body): Body => ({ ...body, copied: body['b'] ?? 'gone' });
    const walks = [located([{ kind: 'omit', keys: ['a'] }]), readsB, located([{ kind: 'omit', keys: ['b'] }])];
    const [first] = walks;
    const fused = fuse(walks);
    expect(fused).toHaveLength(3);
    expect(fused[0]).not.toBe(first);
    const run = (list: typeof walks) => list.reduce<Body>((body, walk) => walk(body, context), { a: 1, b: 2, c: 3 });
    expect(run(fused)).toEqual({ c: 3, copied: 2 });
  });

  it('runs the edits of one list in their order, with adjacent removals merged', () => {
    const context = { state: loadFixture('default'), params: {} };
    const renameX = (item: Readonly<Record<string, unknown>>) => ('x' in item ? { ...item, y: item['x'] } : item);
    const walks = [
      located([{ kind: 'each', key: 'list', edit: omitting(['z']) }]),
      located([{ kind: 'each', key: 'list', edit: renameX }]),
      located([{ kind: 'each', key: 'list', edit: omitting(['x']) }]),
    ];
    const fused = fuse(walks);
    expect(fused).toHaveLength(1);
    const body = { list: [{ x: 1, z: 2 }, { w: 3 }, 7] };
    expect(fused[0]?.(body, context)).toEqual({ list: [{ y: 1 }, { w: 3 }, 7] });
  });
});
