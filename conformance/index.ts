/**
 * chatref/conformance: run the Zulip API conformance suite against the
 * in-process reference model or any server at a URL.
 *
 * @example
 * import { runConformance, formatConsoleReport } from 'chatref/conformance';
 * const report = await runConformance({ target: { url: 'http://127.0.0.1:9991', email, apiKey } });
 * console.log(formatConsoleReport(report));
 */
export {
  runConformance,
  selectChecks,
  matchesPattern,
  modelOwner,
  type ConformanceOptions,
  type SelectionOptions,
  type TargetSpec,
  type UrlTarget,
  type ProgressEvent,
} from './runner.js';
export { bootstrap, CouldNotRunError, type Session } from './bootstrap.js';
export { exitCodeOf } from './report/types.js';
export type {
  ConformanceReport,
  CheckResult,
  ClauseSummary,
  ClauseStatus,
  ExchangeRecord,
  FailureRecord,
  Outcome,
  Verdict,
} from './report/types.js';
export { curlScript, curlCommand } from './report/curl.js';
export { formatConsoleReport } from './report/console.js';
export { formatJsonReport } from './report/json.js';
export { formatJunitReport } from './report/junit.js';
export { formatHtmlReport } from './report/html.js';
export { CheckFailure, defineChecks, type Check, type CheckContext, type Cast, type Actor, type Exchange, type Level } from './check.js';
export { CLAUSES, clauseById, type Clause } from './clauses.js';
export { ALL_CHECKS } from './checks/index.js';
export type { Target, TargetAuth, TargetCredentials, TargetResponse } from './target.js';
export { httpTarget } from './targets/http.js';
export { modelTarget } from './targets/model.js';
