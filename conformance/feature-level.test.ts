/** Verdicts per version: the level a run judges, what it excludes, and how reports show it. */
import { describe, expect, it } from 'vitest';
import { parseConformArgs } from '../src/cli/conform.js';
import { type Check, CheckFailure } from './check.js';
import type { Clause } from './clauses.js';
import { clauseHoldsAt, LevelSkipped, laterEndpointOfRequest, levelExclusion } from './feature-level.js';
import { formatConsoleReport } from './report/console.js';
import { modelOwner, runConformance } from './runner.js';

const clause = (id: string, bounds: Partial<Pick<Clause, 'since' | 'before'>> = {}): Clause => ({ id, section: 's', summary: 's', level: 'spec', ...bounds });
const check = (id: string, clauses: string[], extra: Partial<Check> = {}): Check => ({
  id,
  title: id,
  clauses,
  level: 'spec',
  endpoint: 'GET /users/me',
  run: async () => {},
  ...extra,
});

describe('feature levels in verdicts', () => {
  const clauses = [clause('old'), clause('new', { since: 300 }), clause('legacy', { before: 300 })];
  const byId = (id: string) => clauses.find((each) => each.id === id);

  it('excludes a check by its own since/before, or when none of its clauses holds', () => {
    expect(levelExclusion(check('a', ['old'], { since: 250 }), 200, byId)?.reason).toMatch(/^needs feature level ≥ 250/);
    expect(levelExclusion(check('a', ['old'], { since: 250 }), 250, byId)).toBeUndefined();
    expect(levelExclusion(check('b', ['new']), 299, byId)?.needs).toBe(300);
    expect(levelExclusion(check('c', ['new', 'legacy']), 200, byId)).toBeUndefined();
    expect(levelExclusion(check('c', ['new', 'legacy']), 400, byId)).toBeUndefined();
    expect(levelExclusion(check('d', ['legacy']), 300, byId)?.gone).toBe(300);
    expect(clauseHoldsAt(clauses[2]!, 299)).toBe(true);
  });

  it('lets a call through when an endpoint of the level takes it', () => {
    expect(laterEndpointOfRequest('GET', '/users/11', 185)).toBeUndefined();
  });

  it('--feature-level overrides the claim; the report shows the level and the excluded checks', async () => {
    expect(parseConformArgs(['--target', 'model', '--feature-level', '300']).featureLevel).toBe(300);
    const later = check('sample.later', [], { since: 400, run: async () => Promise.reject(new CheckFailure('never run')) });
    const changed = check('sample.level', [], {
      run: async (ctx) => {
        if (ctx.featureLevel !== 300) throw new CheckFailure(`judged at 300, got ${ctx.featureLevel}`);
      },
    });
    const report = await runConformance({ target: 'model', featureLevel: 300, checks: [later, changed], clauses: [] });
    expect(report.featureLevel).toBe(300);
    expect(report.featureLevelSource).toBe('option');
    expect(report.claimedFeatureLevel).toBe(300);
    expect(report.excludedByLevel).toBe(1);
    expect(report.results.map((result) => result.verdict)).toEqual(['skip', 'pass']);
    expect(report.results[0]!.skipped).toMatch(/^needs feature level ≥ 400/);
    const text = formatConsoleReport(report);
    expect(text).toContain('Judged at feature level 300 (--feature-level; the server claims 300), 1 check excluded by it');
    expect(text).toContain('1 passed, 0 failed, 1 skipped (1 by feature level)');
    const claimed = await runConformance({ target: 'model', owner: modelOwner(), checks: [changed], clauses: [] });
    expect([claimed.featureLevelSource, claimed.featureLevel]).toEqual(['server', 496]);
    expect(new LevelSkipped({ needs: 10 }, 5).needs).toBe(10);
  });
});
