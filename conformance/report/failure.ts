/**
 * Turns what a failing check threw into the report's FailureRecord: the
 * clause it fails (with level and section), the exchange that showed it,
 * the expected/actual diff, and a shrunk curl reproduction.
 */
import { type Check, CheckFailure, type Exchange, type Level } from '../check.js';
import type { Clause } from '../clauses.js';
import { curlScript } from './curl.js';
import { formatDiff } from './diff.js';
import { failingIndex, shrinkReproduction } from './shrink.js';
import type { ExchangeRecord, FailureRecord } from './types.js';

/** Longer check histories are cut to their last requests in the full curl script. */
const MAX_CURL_EXCHANGES = 100;

export function exchangeRecord(exchange: Exchange): ExchangeRecord {
  return {
    method: exchange.method,
    path: exchange.path,
    params: exchange.params,
    ...(exchange.files.length === 0 ? {} : { files: exchange.files.map((file) => `${file.fieldName}=${file.fileName}`) }),
    status: exchange.response.status,
    body: exchange.response.body,
  };
}

function asCheckFailure(error: unknown): CheckFailure | undefined {
  if (error instanceof CheckFailure) return error;
  if (error instanceof Error && error.name === 'CheckFailure' && 'expected' in error) return error as CheckFailure;
  return undefined;
}

/** The failure's level: `spec` as soon as one blamed clause is a spec clause. */
function levelOf(blames: readonly string[], check: Check, byId: ReadonlyMap<string, Clause>): Level {
  const known = blames.map((id) => byId.get(id)).filter((clause) => clause !== undefined);
  if (known.length === 0) return check.level;
  return known.some((clause) => clause.level === 'spec') ? 'spec' : 'compat';
}

/** `history`: where the reproduction is chosen from (all `exchanges`, or a property's failing execution). */
function scripts(check: Check, history: readonly Exchange[], exchanges: readonly Exchange[], failing: number, baseUrl: string | undefined, expected: string) {
  const info = { checkId: check.id, title: check.title, expected };
  if (failing < 0) return { curl: curlScript([], baseUrl, info), reproduction: { requests: 0, outOf: 0, capped: 0 } };
  const shrunk = shrinkReproduction(history, failing);
  const source = history === exchanges ? 'the check sent' : "of the property's shrunk counterexample";
  const notes = [
    `${shrunk.kept.length} of the ${shrunk.outOf} requests ${source} up to the failure: the failing one, the writes before it, and the reads whose ids it uses.`,
    ...(shrunk.capped > 0 ? [`${shrunk.capped} earlier writes are left out to keep this short; the full history is in the JSON or HTML report.`] : []),
    'Chosen by that rule, not re-run: ids and keys are the ones this run got.',
  ];
  const curl = curlScript(
    shrunk.kept.map((index) => history[index]!),
    baseUrl,
    { ...info, numbers: shrunk.kept.map((index) => index + 1), notes },
  );
  const reproduction = { requests: shrunk.kept.length, outOf: shrunk.outOf, capped: shrunk.capped };
  if (history === exchanges && shrunk.kept.length === exchanges.length) return { curl, reproduction };
  const from = Math.max(0, exchanges.length - MAX_CURL_EXCHANGES);
  const fullCurl = curlScript(exchanges.slice(from), baseUrl, {
    ...info,
    numbers: exchanges.slice(from).map((_, index) => from + index + 1),
    notes: from === 0 ? ['Every request the check sent.'] : [`The last ${exchanges.length - from} of the ${exchanges.length} requests the check sent.`],
  });
  return { curl, reproduction, fullCurl };
}

/** The evidence for one failing check. `clauses` is the run's clause register. */
export function failureRecord(
  error: unknown,
  check: Check,
  exchanges: readonly Exchange[],
  baseUrl: string | undefined,
  clauses: readonly Clause[],
): FailureRecord {
  // A property check's failure arrives wrapped by fast-check (counterexample in the message, the assertion as cause).
  const direct = asCheckFailure(error);
  const failure = direct ?? (error instanceof Error ? asCheckFailure(error.cause) : undefined);
  const expected = direct
    ? direct.expected
    : error instanceof Error
      ? failure
        ? error.message
        : `unexpected ${error.name}: ${error.message}`
      : `unexpected throw: ${String(error)}`;
  const history = failure?.history !== undefined && failure.history.length > 0 ? failure.history : exchanges;
  const index = failingIndex(history, failure?.exchange);
  const shown = failure?.exchange ?? history[index];
  const byId = new Map(clauses.map((clause) => [clause.id, clause]));
  const blames = failure?.clause === undefined ? check.clauses : [failure.clause];
  const named = blames.length === 1 ? byId.get(blames[0]!) : undefined;
  const comparison = failure?.comparison;
  return {
    expected,
    ...(failure?.clause === undefined ? {} : { clause: failure.clause }),
    blames,
    level: levelOf(blames, check, byId),
    ...(named === undefined ? {} : { section: named.section, rule: named.summary }),
    ...(comparison === undefined
      ? {}
      : { comparison: { expected: comparison.expected, actual: comparison.actual }, diff: formatDiff(comparison.expected, comparison.actual) }),
    kind: failure ? 'CheckFailure' : error instanceof Error ? error.name : typeof error,
    ...(shown === undefined ? {} : { exchange: exchangeRecord(shown) }),
    ...scripts(check, history, exchanges, index, baseUrl, expected),
    ...(failure === undefined && error instanceof Error && error.stack !== undefined ? { stack: error.stack } : {}),
  };
}
