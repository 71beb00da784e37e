/**
 * The plain-text report. Failures first, each with its clause (level,
 * section), the request, what was expected, the expected/actual diff, the
 * answer pretty-printed and the shrunk curl reproduction; then the
 * per-clause table, the skipped checks, and as the last line
 * `N passed, M failed` (`, K skipped` appended when a check could not run
 * on this target). A run that did not get through its checks says so at the
 * start of that line instead (`interrupted by SIGINT: …, K not run`,
 * `stopped: …`), and a run that could not start is one line with the
 * reason and no count.
 */
import { prettyJson } from './diff.js';
import { type CheckResult, type ClauseSummary, type ConformanceReport, type ExchangeRecord, type FailureRecord, isExcludedByLevel } from './types.js';

/** Answers longer than this many lines are cut in the console (the JSON and HTML reports keep them whole). */
const MAX_BODY_LINES = 40;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function json(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

export function describeSent(exchange: ExchangeRecord): string {
  const params = Object.entries(exchange.params).map(([name, value]) => `${name}=${json(value)}`);
  const files = exchange.files ?? [];
  const extra = [...params, ...files.map((file) => `file ${file}`)].join(' ');
  return `${exchange.method} ${exchange.path}${extra === '' ? '' : ` ${clip(extra, 160)}`}`;
}

/** `spec, clause x.y (Section: rule)` or `spec, clauses a, b`: what a failure fails, at which level. */
export function blameText(failure: FailureRecord): string {
  if (failure.blames.length === 0) return failure.level;
  const where = failure.section === undefined ? '' : ` (${failure.section}${failure.rule === undefined ? '' : `: ${failure.rule}`})`;
  return `${failure.level}, clause${failure.blames.length === 1 ? '' : 's'} ${failure.blames.join(', ')}${where}`;
}

/** The one line for a failing check. */
export function failureLine(result: CheckResult): string {
  const failure = result.failure;
  if (failure === undefined) return `FAIL ${result.id}`;
  return `FAIL ${result.id} — ${blameText(failure)}`;
}

function indent(text: string, prefix = '    '): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `${prefix}${line}`))
    .join('\n');
}

function cutLines(text: string, max: number): string {
  const lines = text.split('\n');
  return lines.length <= max ? text : [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join('\n');
}

/** A failure in full: the lines under its FAIL line. */
export function failureBlock(result: CheckResult, options: { readonly curl?: boolean; readonly bodyLines?: number } = {}): string[] {
  const failure = result.failure;
  const lines = [failureLine(result), `  ${result.title}`];
  if (failure === undefined) return lines;
  if (failure.exchange !== undefined) lines.push(`  request:  ${describeSent(failure.exchange)}`);
  if (failure.diff !== undefined) {
    // The diff below says it in full.
    lines.push(`  expected: ${clip(failure.expected, 200)}`, '  diff (- expected, + actual):', indent(failure.diff));
  } else {
    const [first, ...rest] = failure.expected.trimEnd().split('\n');
    lines.push(`  expected: ${first ?? ''}`);
    if (rest.length > 0) lines.push(indent(rest.join('\n'), '            '));
  }
  if (failure.exchange !== undefined) {
    lines.push(`  answer:   ${failure.exchange.status}`, indent(cutLines(prettyJson(failure.exchange.body), options.bodyLines ?? MAX_BODY_LINES)));
  }
  if (failure.stack !== undefined) lines.push('  stack:', indent(failure.stack));
  if (options.curl !== false) {
    const { requests, outOf } = failure.reproduction;
    lines.push(`  reproduce (${requests} of ${outOf} requests):`, indent(failure.curl));
  }
  return lines;
}

export function clauseLine(clause: ClauseSummary): string {
  const checks = clause.checks.length === 0 ? '' : `  (${clause.checks.length === 1 ? clause.checks[0] : `${clause.checks.length} checks`})`;
  return `  ${clause.status.padEnd(11)} ${clause.level.padEnd(6)} ${clause.id}${checks}`;
}

/** `Judged at feature level 185 (the server's claim), 12 checks excluded`: the level a run judged and where it came from. */
export function featureLevelText(report: ConformanceReport): string | undefined {
  if (report.featureLevel === undefined) return undefined;
  const source =
    report.featureLevelSource === 'option'
      ? `--feature-level${report.claimedFeatureLevel === undefined ? '' : `; the server claims ${report.claimedFeatureLevel}`}`
      : report.featureLevelSource === 'assumed'
        ? 'the server reports none: judged as the newest'
        : 'what the server claims';
  const excluded = report.excludedByLevel === 1 ? '1 check excluded by it' : `${report.excludedByLevel} checks excluded by it`;
  return `Judged at feature level ${report.featureLevel} (${source}), ${excluded}`;
}

/** How many not-run checks the console names before it only counts them. */
const MAX_NOT_RUN_LISTED = 10;

export function formatConsoleReport(report: ConformanceReport, options: { readonly curl?: boolean } = {}): string {
  if (report.couldNotRun !== undefined && report.results.length === 0) return `could not run: ${report.couldNotRun}\n`;
  const lines: string[] = [];
  const failures = report.results.filter((result) => result.verdict === 'fail');
  if (failures.length > 0) {
    const spec = failures.filter((result) => result.failure?.level === 'spec').length;
    lines.push(`Failures (${failures.length}: ${spec} spec, ${failures.length - spec} compat):`);
    for (const result of failures) lines.push('', ...failureBlock(result, options));
  }
  // A run that ran nothing has nothing to sum up per clause.
  if (report.clauses.length > 0 && report.results.length > 0) {
    const count = (status: string) => report.clauses.filter((clause) => clause.status === status).length;
    if (lines.length > 0) lines.push('');
    lines.push(
      `Clauses (level ${report.level}${report.only === undefined ? '' : `, --only ${report.only}`}): ${count('pass')} pass, ${count('fail')} fail, ${count('not covered')} not covered`,
    );
    // Failing clauses first: in a table of hundreds they are what a reader looks for.
    const order = ['fail', 'pass', 'not covered'];
    const sorted = [...report.clauses].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
    for (const clause of sorted) lines.push(clauseLine(clause));
  }
  const skipped = report.results.filter((result) => result.verdict === 'skip' && !isExcludedByLevel(result));
  if (skipped.length > 0) {
    lines.push('', `Skipped on this target (${skipped.length}):`);
    for (const result of skipped) lines.push(`  skip ${result.id}: ${result.skipped ?? ''}`);
  }
  const excluded = report.results.filter(isExcludedByLevel);
  if (excluded.length > 0) {
    lines.push('', `Excluded by the target's feature level ${report.featureLevel ?? '?'} (${excluded.length}):`);
    for (const result of excluded) lines.push(`  skip ${result.id}: ${result.skipped ?? ''}`);
  }
  const notRun = report.notRun;
  if (notRun.length > 0) {
    const named = notRun.slice(0, MAX_NOT_RUN_LISTED).map((check) => check.id);
    const more = notRun.length > named.length ? `, and ${notRun.length - named.length} more (the --json, --junit and --html reports list them all)` : '';
    lines.push('', `Not run (${notRun.length}): ${named.join(', ')}${more}`);
  }
  if (report.unknownClauses.length > 0) {
    lines.push('', `Checks name clauses missing from the register: ${report.unknownClauses.join(', ')}`);
  }
  if (lines.length > 0) lines.push('');
  const where = `${report.target}${report.runId === undefined ? '' : `, run ${report.runId}`}`;
  lines.push(`Target ${where}, seed ${report.seed}, ${report.runs} property runs, ${(report.durationMs / 1000).toFixed(1)} s`);
  const level = featureLevelText(report);
  if (level !== undefined) lines.push(level);
  if (report.couldNotRun !== undefined) lines.push(`could not finish: ${report.couldNotRun}`);
  const byLevel = report.excludedByLevel > 0 ? ` (${report.excludedByLevel} by feature level)` : '';
  const counts = `${report.passed} passed, ${report.failed} failed${report.skipped > 0 ? `, ${report.skipped} skipped${byLevel}` : ''}`;
  const ran = `${counts}${notRun.length > 0 ? `, ${notRun.length} not run` : ''}`;
  if (report.outcome === 'interrupted') lines.push(`interrupted by ${report.interrupted ?? 'request'}: ${ran}`);
  else if (report.couldNotRun !== undefined) lines.push(`stopped: ${ran}`);
  else lines.push(ran);
  return `${lines.join('\n')}\n`;
}
