/**
 * Runs a fast-check property inside a check: seeded from the run, sized by
 * the run, every request recorded per execution so that the shrunk
 * counterexample can be printed as a curl script.
 */
import fc from 'fast-check';
import { type CheckContext, CheckFailure, type Exchange } from '../check.js';
import type { TargetAuth, TargetFile, TargetResponse } from '../target.js';
import { curlScript } from './curl.js';

export type Call = (
  auth: TargetAuth,
  method: string,
  path: string,
  params?: Readonly<Record<string, string>>,
  files?: readonly TargetFile[],
) => Promise<TargetResponse>;

/** Records the requests of the current property execution and keeps those of the last failing one. */
export class Recorder {
  private current: Exchange[] = [];
  private failing: readonly Exchange[] = [];
  private failure: unknown = undefined;

  constructor(private readonly ctx: CheckContext) {}

  /** ctx.call, recorded for the execution in progress. */
  readonly call: Call = async (auth, method, path, params = {}, files = []) => {
    const response = await this.ctx.call(auth, method, path, params, files);
    this.current.push({ auth, method, path, params: { ...params }, files, response });
    return response;
  };

  /** Wraps one execution of the predicate; a throw marks it as the latest failing one. */
  async execute<T>(body: () => Promise<T>): Promise<T> {
    this.current = [];
    try {
      return await body();
    } catch (error) {
      this.failing = this.current;
      this.failure = error;
      throw error;
    }
  }

  get failingExchanges(): readonly Exchange[] {
    return this.failing;
  }

  get lastFailure(): unknown {
    return this.failure;
  }
}

export interface PropertyRun {
  /** What the property claims, one line, for the failure text. */
  readonly claim: string;
  /** The clause to blame when the failure did not name one. */
  readonly clause: string;
  /** Fraction of the run's property runs to spend (for endpoints that are slow on purpose, like password checks). */
  readonly share?: number;
}

function innerMessage(error: unknown): string {
  if (error instanceof CheckFailure) return error.expected;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Checks `property` with the run's seed and run count. On failure throws a
 * CheckFailure whose text holds the claim, the seed, the fast-check path,
 * the shrunk counterexample and a curl script of the requests it sent.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  ctx: CheckContext,
  recorder: Recorder,
  run: PropertyRun,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  const details = await fc.check(property, { seed: ctx.seed, numRuns: Math.max(1, Math.round(ctx.runs * (run.share ?? 1))), endOnFailure: false });
  if (!details.failed) return;
  const error = recorder.lastFailure ?? details.errorInstance;
  // A transport failure is not a verdict about the target: let the runner handle it as such.
  if (error instanceof Error && error.name === 'TransportError') throw error;
  const exchanges = recorder.failingExchanges;
  const shown = details.counterexample === null ? '(none)' : fc.stringify(details.counterexample);
  // The script below carries the exact values; the summary line stays readable.
  const counterexample = shown.length > 1_500 ? `${shown.slice(0, 1_500)}… (${shown.length} characters)` : shown;
  const replay = `seed: ${details.seed}, path: "${details.counterexamplePath ?? ''}"`;
  const script = curlScript(exchanges, [
    `${run.claim}`,
    `fast-check ${replay} (after ${details.numRuns} runs, ${details.numShrinks} shrinks)`,
    `counterexample: ${counterexample}`,
  ]);
  const text = [
    `${run.claim}: ${innerMessage(error)}`,
    `fast-check ${replay}`,
    `shrunk counterexample: ${counterexample}`,
    'reproduction (curl):',
    script,
  ].join('\n');
  const clause = error instanceof CheckFailure && error.clause !== undefined ? error.clause : run.clause;
  throw new CheckFailure(text, exchanges.at(-1), clause, undefined, exchanges);
}
