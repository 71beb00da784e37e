/**
 * The suite inside a vitest file: bootstrap in beforeAll, one `it` per check,
 * teardown in afterAll. Kept apart from index.ts because it imports vitest.
 *
 * @example
 * // conformance.test.ts in your project
 * import { registerConformanceTests } from 'chatref/conformance/vitest';
 * registerConformanceTests({ target: { url: 'http://127.0.0.1:9991', email: 'owner@example.com', apiKey: '…' } });
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { bootstrap, type Session } from './bootstrap.js';
import type { Check } from './check.js';
import { describeCause } from './context.js';
import { judgedLevel } from './feature-level.js';
import { failureBlock } from './report/console.js';
import { type ConformanceOptions, DEFAULT_RUNS, DEFAULT_SEED, type ResolvedTarget, resolveTarget, runCheck, selectChecks, type TargetSpec } from './runner.js';

export interface VitestConformanceOptions extends Omit<ConformanceOptions, 'target' | 'onProgress' | 'timeoutMs' | 'signal'> {
  /** The target, or a function giving it once the tests start (e.g. after a server started in beforeAll). */
  readonly target: TargetSpec | (() => TargetSpec | Promise<TargetSpec>);
  /** Per-check vitest timeout in milliseconds (default 120000). */
  readonly timeoutMs?: number;
  /** Name of the enclosing describe block (default `conformance: <target>`). */
  readonly name?: string;
  /** Bootstrap time limit in milliseconds (default 120000). */
  readonly bootstrapTimeoutMs?: number;
}

/** What a failing check throws in vitest: the console line, the expectation and the curl reproduction. */
export class ConformanceTestFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceTestFailure';
  }
}

/**
 * Registers the selected checks as vitest tests; returns the checks it
 * registered. A selection that matches no check is a mistake in the options
 * (as `chatref conform` exits 2 for it), so it throws while the file is collected.
 */
export function registerConformanceTests(options: VitestConformanceOptions): readonly Check[] {
  const checks = selectChecks(options);
  if (checks.length === 0) {
    throw new Error(`no conformance check matches the selection (only: ${options.only ?? '(all)'}, level: ${options.level ?? 'compat'})`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const runs = options.runs ?? DEFAULT_RUNS;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const label =
    typeof options.target === 'string'
      ? options.target
      : typeof options.target === 'function'
        ? 'target'
        : 'url' in options.target
          ? options.target.url
          : options.target.name;

  describe(options.name ?? `conformance: ${label}`, () => {
    let resolved: ResolvedTarget | undefined;
    let session: Session | undefined;
    let setupError: Error | undefined;
    let featureLevel: number | undefined;

    beforeAll(async () => {
      try {
        const spec = typeof options.target === 'function' ? await options.target() : options.target;
        resolved = resolveTarget({ ...options, target: spec, seed });
        featureLevel = (await judgedLevel(resolved.target, options.featureLevel)).level;
        session = await bootstrap(resolved.target, resolved.owner);
      } catch (error) {
        // Reported by every test rather than thrown here, so each check shows why it could not run.
        setupError = error instanceof Error ? error : new Error(String(error));
      }
    }, options.bootstrapTimeoutMs ?? 120_000);

    afterAll(async () => {
      await session?.teardown();
      if (resolved?.owned) await resolved.target.close();
    });

    for (const check of checks) {
      it(
        `${check.id}: ${check.title}`,
        async (context) => {
          if (session === undefined || resolved === undefined) {
            throw new Error(`the suite could not run: ${setupError === undefined ? 'no session' : describeCause(setupError)}`);
          }
          const outcome = await runCheck(session, check, {
            seed,
            runs,
            baseUrl: resolved.baseUrl,
            timeoutMs,
            ...(featureLevel === undefined ? {} : { featureLevel }),
          });
          if ('stopped' in outcome) throw new Error(`the suite could not run: ${outcome.stopped}`);
          const { result } = outcome;
          // A check that could not run on this target (no settable clock, no JWT key, a later feature level) reports as skipped, never as passed.
          if (result.verdict === 'skip') context.skip(result.skipped);
          if (result.verdict === 'fail') {
            throw new ConformanceTestFailure([...failureBlock(result), '', `seed ${seed}`].join('\n'));
          }
        },
        timeoutMs + 5_000,
      );
    }
  });
  return checks;
}
