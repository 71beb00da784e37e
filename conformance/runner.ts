/**
 * The runner: picks the checks (level, --only), bootstraps the cast on the
 * target, runs the checks one after another (they share a realm), turns each
 * into a verdict with the evidence for a failure, and sums up per clause.
 */
import { defaultFixtureData } from '../src/fixtures/load.js';
import { bootstrap, CouldNotRunError, interruptionReason, type Ledger, newLedger, newRunId, RunInterrupted, type Session, SetupFailure } from './bootstrap.js';
import { type Check, CheckSkipped, type Exchange, type Level } from './check.js';
import { ALL_CHECKS } from './checks/index.js';
import { CLAUSES, type Clause, clauseById } from './clauses.js';
import { createContext, describeCause, TransportError } from './context.js';
import { clauseHoldsAt, type JudgedLevel, judgedLevel, LevelSkipped, levelExclusion, NEWEST_FEATURE_LEVEL } from './feature-level.js';
import { failureRecord } from './report/failure.js';
import { type CheckResult, type ClauseSummary, type ConformanceReport, type FailureRecord, isExcludedByLevel, type NotRunCheck } from './report/types.js';
import type { Target, TargetCredentials } from './target.js';
import { httpTarget } from './targets/http.js';
import { modelTarget } from './targets/model.js';

/** A live server: its root URL (http://host:port, calls go below /api/v1) and an owner account that may create users. */
export interface UrlTarget {
  readonly url: string;
  readonly email: string;
  readonly apiKey: string;
  /** The organization's JWT secret, if JWT login is configured: enables the checks that need a correctly signed token. */
  readonly jwtKey?: string;
  /** A chatref server's admin token (`admin_token` on `chatref serve`'s first line): the time-limit checks then move its clock. */
  readonly adminToken?: string;
  /** Its admin API (default: url + /chatref/admin). */
  readonly adminUrl?: string;
}

export type TargetSpec = Target | UrlTarget | 'model';

/** A run in progress, for a caller that must act before it ends (a second Ctrl-C). */
export interface LiveRun {
  readonly runId: string;
  /** `setting up`, `running check <id>` or `cleaning up`. */
  stage(): string;
  /** The report of what ran so far, as if the run ended now (interrupted, once the signal has aborted). */
  report(): ConformanceReport;
  /** What the run made on the target and has not cleaned up yet. */
  readonly ledger: Ledger;
}

export type ProgressEvent =
  /** Before the set-up: the first event. */
  | { readonly kind: 'starting'; readonly total: number; readonly run: LiveRun }
  | { readonly kind: 'bootstrapped'; readonly total: number; readonly runId: string }
  | { readonly kind: 'started'; readonly index: number; readonly total: number; readonly check: Check }
  | { readonly kind: 'finished'; readonly index: number; readonly total: number; readonly result: CheckResult }
  /** The checks are over (all of them, or as far as the run got); the clean-up follows, then runConformance returns this report. */
  | { readonly kind: 'ended'; readonly report: ConformanceReport };

export interface SelectionOptions {
  /** Only checks whose id, endpoint or a clause id matches: `*` globs (whole text), otherwise substring; case-insensitive; `,` separates alternatives. */
  readonly only?: string;
  /** `spec`: only spec-level checks and clauses. `compat` (default): all. */
  readonly level?: Level;
  /** The checks to choose from (default: the whole suite, ALL_CHECKS). */
  readonly checks?: readonly Check[];
  /** The clause register (default CLAUSES). */
  readonly clauses?: readonly Clause[];
}

export interface ConformanceOptions extends SelectionOptions {
  /** `'model'` (the in-process reference), a URL with owner credentials, or any Target (then give `owner`). */
  readonly target: TargetSpec;
  /** Owner credentials when `target` is a Target object. */
  readonly owner?: TargetCredentials;
  /** Base URL for curl reproductions when `target` is a Target object (default: the $CHATREF_URL placeholder). */
  readonly baseUrl?: string;
  /** Seed for checks drawing random input (default DEFAULT_SEED, so two runs against one server agree). */
  readonly seed?: number;
  /** Property-check runs (default 25). */
  readonly runs?: number;
  /** Per-check time limit in milliseconds (default 120000). */
  readonly timeoutMs?: number;
  /**
   * Judge the target as of this feature level instead of the one its GET
   * /server_settings claims (`chatref conform --feature-level N`). The
   * in-process model (`target: 'model'`) is then also served at it.
   */
  readonly featureLevel?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  /**
   * Stops the run: the set-up stops between two users, or the check in
   * progress finishes (its own clean-up included) and no other starts; then
   * the run cleans up as at a normal end and reports `interrupted` (a string
   * reason, e.g. `SIGINT`, is reported as what interrupted it).
   */
  readonly signal?: AbortSignal;
}

export const DEFAULT_RUNS = 25;
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Fixed so that a verdict repeats; --seed varies it. */
export const DEFAULT_SEED = 1;

// ---------------------------------------------------------------- selection

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'i');
}

/** Whether any of `texts` matches the --only pattern. */
export function matchesPattern(pattern: string, texts: readonly string[]): boolean {
  const alternatives = pattern
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return alternatives.some((alternative) => {
    if (alternative.includes('*')) {
      const regex = globToRegExp(alternative);
      return texts.some((text) => regex.test(text));
    }
    const needle = alternative.toLowerCase();
    return texts.some((text) => text.toLowerCase().includes(needle));
  });
}

export function selectChecks(options: SelectionOptions): readonly Check[] {
  const level = options.level ?? 'compat';
  return (options.checks ?? ALL_CHECKS).filter(
    (check) =>
      (level === 'compat' || check.level === 'spec') &&
      (options.only === undefined || matchesPattern(options.only, [check.id, check.endpoint, ...check.clauses])),
  );
}

// ------------------------------------------------------------------ targets

/** The owner the in-process model's default fixture documents: its first owner who may create users. */
export function modelOwner(): TargetCredentials {
  const owner = defaultFixtureData().users.find(
    (user) => user.role === 100 && 'can_create_users' in user && user.can_create_users === true && user.is_active !== false,
  );
  if (owner === undefined) throw new CouldNotRunError('the default fixture has no owner with can_create_users');
  return { email: owner.email, apiKey: owner.api_key };
}

export interface ResolvedTarget {
  readonly target: Target;
  readonly owner: TargetCredentials;
  readonly baseUrl: string | undefined;
  /** Whether the runner made the target (and so closes it). */
  readonly owned: boolean;
}

export function isTarget(spec: TargetSpec): spec is Target {
  return typeof spec === 'object' && typeof (spec as Target).call === 'function';
}

export function resolveTarget(options: Pick<ConformanceOptions, 'target' | 'owner' | 'baseUrl' | 'seed' | 'featureLevel'>): ResolvedTarget {
  const spec = options.target;
  if (spec === 'model') {
    // The in-process model serves the level it is judged at.
    let target: Target;
    try {
      target = modelTarget({
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.featureLevel === undefined ? {} : { featureLevel: options.featureLevel }),
      });
    } catch (error) {
      // A level the model does not serve.
      if (options.featureLevel !== undefined)
        throw new CouldNotRunError(`the model cannot serve feature level ${options.featureLevel}: ${describeCause(error)}`);
      throw error;
    }
    return { target, owner: modelOwner(), baseUrl: undefined, owned: true };
  }
  if (isTarget(spec)) {
    if (options.owner === undefined) throw new TypeError('runConformance: a Target object needs `owner` credentials');
    return { target: spec, owner: options.owner, baseUrl: options.baseUrl, owned: false };
  }
  if (!/^https?:\/\//i.test(spec.url)) throw new TypeError(`runConformance: url must start with http:// or https://, not ${spec.url}`);
  const baseUrl = spec.url.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const admin = spec.adminToken === undefined ? undefined : { url: spec.adminUrl ?? `${baseUrl}/chatref/admin`, token: spec.adminToken };
  return { target: httpTarget(baseUrl, spec.jwtKey, admin), owner: { email: spec.email, apiKey: spec.apiKey }, baseUrl, owned: true };
}

// ------------------------------------------------------------ one check

function failureOf(
  error: unknown,
  check: Check,
  exchanges: readonly Exchange[],
  baseUrl: string | undefined,
  clauses: readonly Clause[] = CLAUSES,
): FailureRecord {
  return failureRecord(error, check, exchanges, baseUrl, clauses);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type CheckOutcome =
  | { readonly result: CheckResult }
  /** The target stopped answering: the run cannot go on. */
  | { readonly stopped: string };

export interface CheckRunOptions {
  readonly seed: number;
  readonly runs: number;
  readonly baseUrl: string | undefined;
  readonly timeoutMs?: number;
  /** The clause register failures are described from (default CLAUSES). */
  readonly clauses?: readonly Clause[];
  /** The feature level the target is judged as of (default: the newest). */
  readonly featureLevel?: number;
}

/** Runs one check on the session and judges it (a check the level excludes is skipped without a request). */
export async function runCheck(session: Session, check: Check, options: CheckRunOptions): Promise<CheckOutcome> {
  const featureLevel = options.featureLevel ?? NEWEST_FEATURE_LEVEL;
  const context = createContext(session, { ...options, featureLevel, ...(check.callsLaterEndpoints === true ? { callsLaterEndpoints: true } : {}) });
  const started = performance.now();
  let error: unknown;
  let failed = false;
  let skipped: string | undefined;
  let needsFeatureLevel: number | undefined;
  let goneAtFeatureLevel: number | undefined;
  const lookUp = (id: string) => (options.clauses === undefined ? clauseById(id) : options.clauses.find((clause) => clause.id === id));
  try {
    const excluded = levelExclusion(check, featureLevel, lookUp);
    if (excluded !== undefined) throw excluded;
    await withTimeout(check.run(context), options.timeoutMs ?? DEFAULT_TIMEOUT_MS, `check ${check.id}`);
  } catch (thrown) {
    if (thrown instanceof CheckSkipped) {
      skipped = thrown.reason;
      if (thrown instanceof LevelSkipped) {
        needsFeatureLevel = thrown.needs;
        goneAtFeatureLevel = thrown.gone;
      }
    } else {
      failed = true;
      error = thrown;
    }
  }
  const durationMs = Math.round(performance.now() - started);
  if (failed && error instanceof TransportError) {
    // Gone for good, or did it only drop this request (which is the target's fault)?
    try {
      await session.target.call(session.cast.owner, 'GET', '/users/me');
    } catch (probe) {
      return { stopped: `the target stopped answering during ${check.id}: ${error.message}; a retry got no answer either (${describeCause(probe)})` };
    }
  }
  const result: CheckResult = {
    id: check.id,
    title: check.title,
    clauses: check.clauses,
    level: check.level,
    endpoint: check.endpoint,
    verdict: failed ? 'fail' : skipped !== undefined ? 'skip' : 'pass',
    durationMs,
    requests: context.exchanges.length,
    ...(failed ? { failure: failureOf(error, check, context.exchanges, options.baseUrl, options.clauses) } : {}),
    ...(skipped === undefined ? {} : { skipped }),
    ...(needsFeatureLevel === undefined ? {} : { needsFeatureLevel }),
    ...(goneAtFeatureLevel === undefined ? {} : { goneAtFeatureLevel }),
  };
  return { result };
}

/** The verdict for a set-up that got a wrong answer: its failure, shown like a check's. */
function setupResult(check: Check, failure: SetupFailure, baseUrl: string | undefined): CheckResult {
  return {
    id: check.id,
    title: check.title,
    clauses: check.clauses,
    level: check.level,
    endpoint: check.endpoint,
    verdict: 'fail',
    durationMs: 0,
    requests: failure.exchanges.length,
    failure: failureOf(failure, check, failure.exchanges, baseUrl),
  };
}

// ---------------------------------------------------------------- summary

/** Per clause in scope: which of the run's checks name it and how they fared. */
export function summarizeClauses(
  clauses: readonly Clause[],
  checks: readonly Check[],
  results: readonly CheckResult[],
  options: Pick<SelectionOptions, 'only' | 'level'> & { readonly featureLevel?: number },
): ClauseSummary[] {
  const featureLevel = options.featureLevel;
  const level = options.level ?? 'compat';
  const verdicts = new Map(results.map((result) => [result.id, result.verdict]));
  const naming = new Map<string, string[]>();
  const name = (clause: string, checkId: string) => {
    const list = naming.get(clause) ?? [];
    if (!list.includes(checkId)) list.push(checkId);
    naming.set(clause, list);
  };
  for (const check of checks) for (const clause of check.clauses) name(clause, check.id);
  // A failing assertion may name a clause its check does not list: that clause fails too.
  const failedClauses = new Set<string>();
  for (const result of results) {
    for (const clause of result.failure?.blames ?? []) {
      name(clause, result.id);
      failedClauses.add(clause);
    }
  }
  return (
    clauses
      .filter((clause) => failedClauses.has(clause.id) || level === 'compat' || clause.level === 'spec')
      // A rule that does not hold at the target's level is not the target's to pass or fail.
      .filter((clause) => failedClauses.has(clause.id) || featureLevel === undefined || clauseHoldsAt(clause, featureLevel))
      .filter(
        (clause) =>
          options.only === undefined ||
          failedClauses.has(clause.id) ||
          naming.has(clause.id) ||
          matchesPattern(options.only, [clause.id, ...(clause.endpoint === undefined ? [] : [clause.endpoint])]),
      )
      .map((clause) => {
        const ids = naming.get(clause.id) ?? [];
        const ran = ids.filter((id) => verdicts.has(id) && verdicts.get(id) !== 'skip');
        const failing = failedClauses.has(clause.id) || ran.some((id) => verdicts.get(id) === 'fail');
        const status = failing ? 'fail' : ran.length === 0 ? 'not covered' : 'pass';
        return {
          id: clause.id,
          level: clause.level,
          section: clause.section,
          summary: clause.summary,
          ...(clause.endpoint === undefined ? {} : { endpoint: clause.endpoint }),
          status,
          checks: ids,
        };
      })
  );
}

// -------------------------------------------------------------------- run

/**
 * Runs the suite against a target and returns the report (never throws for
 * a target that cannot be used: that is `outcome: 'could not run'`; nor for
 * an aborted signal: that is `outcome: 'interrupted'`).
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const startedAt = new Date();
  const started = performance.now();
  const level = options.level ?? 'compat';
  const seed = options.seed ?? DEFAULT_SEED;
  const runs = options.runs ?? DEFAULT_RUNS;
  const clauses = options.clauses ?? CLAUSES;
  const checks = selectChecks(options);
  const known = new Set(clauses.map((clause) => clause.id));
  const unknownClauses = [...new Set(checks.flatMap((check) => check.clauses).filter((id) => !known.has(id)))].sort();
  const results: CheckResult[] = [];
  const signal = options.signal;
  let targetName = isTarget(options.target) ? options.target.name : options.target === 'model' ? 'model' : options.target.url;
  let baseUrl: string | undefined;
  let runId: string | undefined;
  let setupCheck: Check | undefined;
  let judged: JudgedLevel | undefined;
  let stage = 'setting up';

  const finish = (end: { readonly couldNotRun?: string; readonly interrupted?: string } = {}): ConformanceReport => {
    const passed = results.filter((result) => result.verdict === 'pass').length;
    const skipped = results.filter((result) => result.verdict === 'skip').length;
    const failed = results.length - passed - skipped;
    const ran = new Set(results.map((result) => result.id));
    const notRun: NotRunCheck[] = checks
      .filter((check) => !ran.has(check.id))
      .map((check) => ({ id: check.id, title: check.title, clauses: check.clauses, level: check.level, endpoint: check.endpoint }));
    // Signalled after the last check ran: nothing is missing, so the verdict stands.
    const interrupted = end.interrupted !== undefined && notRun.length > 0 ? end.interrupted : undefined;
    const outcome = end.couldNotRun !== undefined ? 'could not run' : interrupted !== undefined ? 'interrupted' : failed > 0 ? 'fail' : 'pass';
    const excludedByLevel = results.filter(isExcludedByLevel).length;
    return {
      target: targetName,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(runId === undefined ? {} : { runId }),
      level,
      ...(judged === undefined
        ? options.featureLevel === undefined
          ? {}
          : { featureLevel: options.featureLevel, featureLevelSource: 'option' as const }
        : {
            featureLevel: judged.level,
            featureLevelSource: judged.source,
            ...(judged.claimed === undefined ? {} : { claimedFeatureLevel: judged.claimed }),
          }),
      excludedByLevel,
      ...(options.only === undefined ? {} : { only: options.only }),
      seed,
      runs,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      outcome,
      ...(end.couldNotRun === undefined ? {} : { couldNotRun: end.couldNotRun }),
      ...(interrupted === undefined ? {} : { interrupted }),
      passed,
      failed,
      skipped,
      results: [...results],
      notRun,
      clauses: summarizeClauses(clauses, setupCheck === undefined ? checks : [setupCheck, ...checks], results, {
        ...options,
        ...(judged === undefined ? {} : { featureLevel: judged.level }),
      }),
      unknownClauses: [...new Set([...unknownClauses, ...results.flatMap((result) => result.failure?.blames ?? []).filter((id) => !known.has(id))])].sort(),
    };
  };
  // A function, not a narrowed property: the signal aborts while the run awaits.
  const aborted = () => signal?.aborted === true;
  const interruption = () => (signal !== undefined && aborted() ? { interrupted: interruptionReason(signal) } : {});

  if (checks.length === 0 && options.only !== undefined) {
    return finish({ couldNotRun: `no check matches --only ${options.only}${level === 'spec' ? ' at level spec' : ''}` });
  }
  if (aborted()) return finish(interruption());

  let resolved: ResolvedTarget;
  try {
    resolved = resolveTarget({ ...options, seed });
  } catch (error) {
    if (error instanceof CouldNotRunError) return finish({ couldNotRun: error.message });
    throw error;
  }
  targetName = resolved.target.name;
  baseUrl = resolved.baseUrl;
  if (options.featureLevel !== undefined && (!Number.isSafeInteger(options.featureLevel) || options.featureLevel < 1)) {
    if (resolved.owned) await resolved.target.close();
    return finish({ couldNotRun: `featureLevel must be a positive integer, not ${String(options.featureLevel)}` });
  }
  try {
    judged = await judgedLevel(resolved.target, options.featureLevel);
  } catch (error) {
    if (resolved.owned) await resolved.target.close();
    // Worded as the bootstrap words an unreachable server: this is the run's first request.
    return finish({ couldNotRun: `cannot reach ${resolved.target.name}: GET /server_settings got no answer (${describeCause(error)})` });
  }
  const featureLevel = judged.level;
  const ledger = newLedger();
  const newId = newRunId();
  options.onProgress?.({
    kind: 'starting',
    total: checks.length,
    run: { runId: newId, stage: () => stage, report: () => finish(interruption()), ledger },
  });
  try {
    let session: Session;
    try {
      session = await bootstrap(resolved.target, resolved.owner, { runId: newId, ledger, ...(signal === undefined ? {} : { signal }) });
    } catch (error) {
      if (error instanceof SetupFailure) {
        // A wrong answer to the suite's own set-up is the server's failure of that clause, not "could not run".
        setupCheck = error.asCheck(clauses.find((clause) => clause.id === error.clause)?.level ?? 'spec');
        results.push(setupResult(setupCheck, error, baseUrl));
        return finish();
      }
      if (error instanceof RunInterrupted) return finish({ interrupted: error.reason });
      return finish({ couldNotRun: error instanceof CouldNotRunError ? error.message : `bootstrap failed: ${describeCause(error)}` });
    }
    runId = session.cast.runId;
    options.onProgress?.({ kind: 'bootstrapped', total: checks.length, runId });
    let report: ConformanceReport;
    try {
      let stopped: string | undefined;
      for (const [index, check] of checks.entries()) {
        if (aborted()) break;
        stage = `running check ${check.id}`;
        options.onProgress?.({ kind: 'started', index, total: checks.length, check });
        const outcome = await runCheck(session, check, {
          seed,
          runs,
          baseUrl,
          clauses,
          featureLevel,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        });
        if ('stopped' in outcome) {
          stopped = outcome.stopped;
          break;
        }
        results.push(outcome.result);
        options.onProgress?.({ kind: 'finished', index, total: checks.length, result: outcome.result });
      }
      report = finish(stopped === undefined ? interruption() : { couldNotRun: stopped });
      options.onProgress?.({ kind: 'ended', report });
    } finally {
      stage = 'cleaning up';
      await session.teardown();
    }
    return report;
  } finally {
    if (resolved.owned) await resolved.target.close();
  }
}
