/** What one run of the suite found: the data every reporter renders. */
import type { Level } from '../check.js';

/** `skip`: the check could not run on this target (e.g. it needs a settable clock); it proves nothing either way. */
export type Verdict = 'pass' | 'fail' | 'skip';

/** One request of a check and the answer, as reports show it. */
export interface ExchangeRecord {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** Uploaded files by field and name (contents are not kept). */
  readonly files?: readonly string[];
  readonly status: number;
  readonly body: unknown;
}

export interface FailureRecord {
  /** What the check expected (a CheckFailure's text), or the message of an unexpected exception. */
  readonly expected: string;
  /** The clause the failing assertion named, when it named one. */
  readonly clause?: string;
  /** The clauses this failure fails: the one the assertion named, else all the check names. */
  readonly blames: readonly string[];
  /** `spec` when a blamed clause is stated by the spec; `compat` when all are real-server behaviour the spec is silent on. */
  readonly level: Level;
  /** Where the named clause is stated and its rule in one line (from the clause register). */
  readonly section?: string;
  readonly rule?: string;
  /** The assertion's expected and actual values, and their line diff (`- expected`, `+ actual`). */
  readonly comparison?: { readonly expected: unknown; readonly actual: unknown };
  readonly diff?: string;
  /** `CheckFailure` for a failed assertion; otherwise the exception's name (an error in the check or the target). */
  readonly kind: string;
  /** The exchange that showed the failure: the CheckFailure's own, else the check's last one. */
  readonly exchange?: ExchangeRecord;
  /** The shortest reproduction: a shell script of at most ten curl commands (see `reproduction`). */
  readonly curl: string;
  /** How `curl` was chosen: `requests` of the `outOf` the check sent up to the failure; `capped` kept writes left out for length. */
  readonly reproduction: { readonly requests: number; readonly outOf: number; readonly capped: number };
  /** Every request the check sent (its last hundred), when `curl` holds fewer. */
  readonly fullCurl?: string;
  /** For unexpected exceptions: where it was thrown. */
  readonly stack?: string;
}

export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly clauses: readonly string[];
  readonly level: Level;
  readonly endpoint: string;
  readonly verdict: Verdict;
  readonly durationMs: number;
  /** How many requests the check sent. */
  readonly requests: number;
  readonly failure?: FailureRecord;
  /** Why a skipped check did not run. */
  readonly skipped?: string;
  /** Set when the target's feature level excluded the check: the level its behaviour appeared at (the target is below). */
  readonly needsFeatureLevel?: number;
  /** Set when the target's feature level excluded the check: the level its behaviour stopped at (the target is at or above). */
  readonly goneAtFeatureLevel?: number;
}

/** Whether the target's feature level excluded the check (a skip, with `needsFeatureLevel` or `goneAtFeatureLevel`). */
export function isExcludedByLevel(result: CheckResult): boolean {
  return result.needsFeatureLevel !== undefined || result.goneAtFeatureLevel !== undefined;
}

export type ClauseStatus = 'pass' | 'fail' | 'not covered';

export interface ClauseSummary {
  readonly id: string;
  readonly level: Level;
  readonly section: string;
  readonly summary: string;
  readonly endpoint?: string;
  readonly status: ClauseStatus;
  /** Ids of the run's checks that name this clause. */
  readonly checks: readonly string[];
}

/** A check the run chose but did not run (the run was interrupted, stopped, or could not start). */
export interface NotRunCheck {
  readonly id: string;
  readonly title: string;
  readonly clauses: readonly string[];
  readonly level: Level;
  readonly endpoint: string;
}

/** `interrupted`: stopped on request (a signal) before every chosen check ran; `results` holds what did run. */
export type Outcome = 'pass' | 'fail' | 'could not run' | 'interrupted';

export interface ConformanceReport {
  /** The target's name: `model` or the base URL. */
  readonly target: string;
  /** Base URL used in curl reproductions; absent for the in-process model (the scripts use $CHATREF_URL). */
  readonly baseUrl?: string;
  readonly runId?: string;
  readonly level: Level | 'compat';
  /** The feature level the target was judged as of (absent when the run could not ask it). */
  readonly featureLevel?: number;
  /** `server`: what its GET /server_settings claims; `option`: the tester's --feature-level; `assumed`: it did not say, judged as the newest. */
  readonly featureLevelSource?: 'server' | 'option' | 'assumed';
  /** The level the server claims, when it claims one (differs from featureLevel under --feature-level). */
  readonly claimedFeatureLevel?: number;
  /** How many of the skipped checks the target's feature level excluded (their behaviour appeared later). */
  readonly excludedByLevel: number;
  readonly only?: string;
  readonly seed: number;
  readonly runs: number;
  /** ISO time the run started. */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly outcome: Outcome;
  /** Why the run could not run or could not finish (then `results` holds what did run). */
  readonly couldNotRun?: string;
  /** What interrupted the run (`SIGINT`, `SIGTERM`, or the abort reason), when outcome is `interrupted`. */
  readonly interrupted?: string;
  readonly passed: number;
  readonly failed: number;
  /** Checks that could not run on this target; their clauses count as not covered unless another check ran. */
  readonly skipped: number;
  readonly results: readonly CheckResult[];
  /** The chosen checks that did not run, in order: none after a complete run. */
  readonly notRun: readonly NotRunCheck[];
  readonly clauses: readonly ClauseSummary[];
  /** Clause ids checks name that the register does not hold. */
  readonly unknownClauses: readonly string[];
}

/** What shells exit with when a signal ends a program: 128 + the signal's number. */
const SIGNAL_EXIT_CODES: Readonly<Record<string, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/**
 * 0 all passed, 1 some check failed, 2 the suite could not run (or was
 * interrupted for a reason other than a signal), 130 interrupted by SIGINT,
 * 143 by SIGTERM (129 SIGHUP).
 */
export function exitCodeOf(report: ConformanceReport): number {
  if (report.outcome === 'interrupted') return SIGNAL_EXIT_CODES[report.interrupted ?? ''] ?? 2;
  if (report.outcome === 'could not run') return 2;
  return report.failed > 0 ? 1 : 0;
}
