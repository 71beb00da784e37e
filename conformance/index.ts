/**
 * chatref/conformance: run the Zulip API conformance suite against the
 * in-process reference model or any server at a URL.
 *
 * @example
 * import { runConformance, formatConsoleReport } from 'chatref/conformance';
 * const report = await runConformance({ target: { url: 'http://127.0.0.1:9991', email, apiKey } });
 * console.log(formatConsoleReport(report));
 */

export { bootstrap, CouldNotRunError, describeLedger, type Ledger, type Session } from './bootstrap.js';
export {
  type Actor,
  type Cast,
  type Check,
  type CheckContext,
  CheckFailure,
  CheckSkipped,
  defineChecks,
  type Exchange,
  type Level,
  requireClock,
} from './check.js';
export { ALL_CHECKS } from './checks/index.js';
export { CLAUSES, type Clause, clauseById } from './clauses.js';
export { formatConsoleReport } from './report/console.js';
export { curlCommand, curlScript } from './report/curl.js';
export { formatHtmlReport } from './report/html.js';
export { formatJsonReport } from './report/json.js';
export { formatJunitReport } from './report/junit.js';
export type {
  CheckResult,
  ClauseStatus,
  ClauseSummary,
  ConformanceReport,
  ExchangeRecord,
  FailureRecord,
  NotRunCheck,
  Outcome,
  Verdict,
} from './report/types.js';
export { exitCodeOf } from './report/types.js';
export {
  type ConformanceOptions,
  type LiveRun,
  matchesPattern,
  modelOwner,
  type ProgressEvent,
  runConformance,
  type SelectionOptions,
  selectChecks,
  type TargetSpec,
  type UrlTarget,
} from './runner.js';
export type { Target, TargetAuth, TargetClock, TargetCredentials, TargetResponse } from './target.js';
export { type AdminAccess, adminClock, httpTarget } from './targets/http.js';
export { modelTarget } from './targets/model.js';
