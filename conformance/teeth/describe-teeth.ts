/**
 * The suite has teeth: against each deliberately broken server of
 * teeth/bugs.ts (the model with one realistic bug) the checks selected for
 * that bug fail, while the correct model passes the very same selections.
 * The bugs are dealt to two test files (teeth.test.ts, teeth.second.test.ts)
 * so that two workers share them: each run builds its own cast, so the file
 * is the longest of the suite.
 */
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../report/types.js';
import { modelOwner, runConformance } from '../runner.js';
import { BUGS, type Bug } from './bugs.js';
import { type Distortion, distorted } from './distort.js';

const SEED = 20_240_601;
const RUNS = 3;
const OWNER = modelOwner();

function run(name: string, distortion: Distortion | undefined, only: string, featureLevel?: number): Promise<ConformanceReport> {
  const target = distortion === undefined ? 'model' : distorted(name, distortion, undefined, featureLevel);
  return runConformance({ target, owner: OWNER, only, seed: SEED, runs: RUNS });
}

function verdicts(report: ConformanceReport): { failed: string[]; passed: string[] } {
  return {
    failed: report.results.filter((result) => result.verdict === 'fail').map((result) => result.id),
    passed: report.results.filter((result) => result.verdict === 'pass').map((result) => result.id),
  };
}

function describeFailures(report: ConformanceReport): string {
  return report.results
    .filter((result) => result.verdict === 'fail')
    .map((result) => `  ${result.id}: ${result.failure?.expected.slice(0, 300)}`)
    .join('\n');
}

/** The bugs (and correct servers) of one of `of` shares; share 0 also checks the inventory and the correct model. */
export function describeTeeth(share: number, of: number): void {
  const mine = <T>(items: readonly T[]) => items.filter((_, index) => index % of === share);
  describe(`the suite against realistic broken servers (share ${share + 1} of ${of})`, () => {
    if (share === 0)
      it('has at least 25 bugs, in every area, each naming the checks that catch it', () => {
        expect(BUGS.length).toBeGreaterThanOrEqual(25);
        expect(new Set(BUGS.map((bug) => bug.area))).toEqual(
          new Set(['general', 'auth', 'users', 'profile', 'channels', 'streams', 'groups', 'realm', 'events', 'messages']),
        );
        expect(new Set(BUGS.map((bug) => bug.name)).size).toBe(BUGS.length);
        for (const bug of BUGS) expect(bug.caughtBy.length, bug.name).toBeGreaterThan(0);
      });

    for (const bug of mine(BUGS)) {
      it(`${bug.area}: ${bug.name}`, async () => {
        const report = await run(bug.name, bug.distortion(), bug.only);
        const { failed, passed } = verdicts(report);
        expect(report.outcome, `${bug.name}: the run itself (${report.couldNotRun ?? ''})`).not.toBe('could not run');
        const missed = bug.caughtBy.filter((id) => !failed.includes(id));
        expect(
          missed,
          `${bug.name}: expected ${bug.caughtBy.join(', ')} to fail (--only ${bug.only}); failed: [${failed.join(', ')}]; passed: [${passed.join(', ')}]`,
        ).toEqual([]);
        const failing = new Set(report.clauses.filter((clause) => clause.status === 'fail').map((clause) => clause.id));
        expect(
          (bug.failingClauses ?? []).filter((id) => !failing.has(id)),
          `${bug.name}: clauses the report must show failing`,
        ).toEqual([]);
      });
    }

    if (share === 0)
      it('the correct model passes every selection of the bugs', async () => {
        const only = [...new Set(BUGS.map((bug) => bug.only))].join(',');
        const report = await run('model', undefined, only);
        expect(report.failed, `failing on the correct model:\n${describeFailures(report)}`).toBe(0);
        expect(report.outcome).toBe('pass');
        const ran = new Set(report.results.map((result) => result.id));
        // `setup.*` results exist only when the suite's own set-up meets a wrong answer.
        const checkIds = BUGS.flatMap((bug) => bug.caughtBy).filter((id) => !id.startsWith('setup.'));
        expect(checkIds.filter((id) => !ran.has(id))).toEqual([]);
      });

    const controlled = BUGS.filter((bug): bug is Bug & { control: () => Distortion } => bug.control !== undefined);
    for (const bug of mine(controlled)) {
      it(`the correct server for "${bug.name}" passes its selection`, async () => {
        const report = await run(`${bug.name} (correct)`, bug.control(), bug.only, bug.controlFeatureLevel);
        expect(report.failed, `failing on the correct server:\n${describeFailures(report)}`).toBe(0);
        expect(report.outcome).toBe('pass');
      });
    }
  });
}
