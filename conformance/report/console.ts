/**
 * The plain-text report: one line per failing check (clauses, what was sent,
 * what came back, what was expected), the curl reproductions, the per-clause
 * summary, the skipped checks, and as the last line `N passed, M failed`
 * (`, K skipped` appended when a check could not run on this target).
 */
import type { CheckResult, ClauseSummary, ConformanceReport, ExchangeRecord } from './types.js';

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

/** The one line for a failing check. */
export function failureLine(result: CheckResult): string {
  const failure = result.failure;
  const clauses = result.clauses.length === 0 ? '' : ` [${result.clauses.join(', ')}]`;
  if (failure === undefined) return `FAIL ${result.id}${clauses}`;
  const exchange = failure.exchange;
  const evidence = exchange === undefined ? 'sent nothing' : `sent ${describeSent(exchange)} → got ${exchange.status} ${clip(json(exchange.body), 200)}`;
  return `FAIL ${result.id}${clauses}: ${evidence}; expected ${clip(failure.expected, 300)}`;
}

function indent(text: string, prefix = '    '): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `${prefix}${line}`))
    .join('\n');
}

export function clauseLine(clause: ClauseSummary): string {
  const checks = clause.checks.length === 0 ? '' : `  (${clause.checks.length === 1 ? clause.checks[0] : `${clause.checks.length} checks`})`;
  return `  ${clause.status.padEnd(11)} ${clause.id}${checks}`;
}

export function formatConsoleReport(report: ConformanceReport, options: { readonly curl?: boolean } = {}): string {
  const lines: string[] = [];
  const failures = report.results.filter((result) => result.verdict === 'fail');
  for (const result of failures) lines.push(failureLine(result));
  if (failures.length > 0 && options.curl !== false) {
    lines.push('', 'Reproductions:');
    for (const result of failures) {
      lines.push('', `  ${result.id}: ${result.title}`);
      if (result.failure?.stack !== undefined) lines.push(indent(result.failure.stack));
      if (result.failure !== undefined) lines.push(indent(result.failure.curl));
    }
  }
  // A run that ran nothing has nothing to sum up per clause.
  if (report.clauses.length > 0 && report.results.length > 0) {
    const count = (status: string) => report.clauses.filter((clause) => clause.status === status).length;
    if (lines.length > 0) lines.push('');
    lines.push(
      `Clauses (level ${report.level}${report.only === undefined ? '' : `, --only ${report.only}`}): ${count('pass')} pass, ${count('fail')} fail, ${count('not covered')} not covered`,
    );
    for (const clause of report.clauses) lines.push(clauseLine(clause));
  }
  const skipped = report.results.filter((result) => result.verdict === 'skip');
  if (skipped.length > 0) {
    lines.push('', `Skipped on this target (${skipped.length}):`);
    for (const result of skipped) lines.push(`  skip ${result.id}: ${result.skipped ?? ''}`);
  }
  if (report.unknownClauses.length > 0) {
    lines.push('', `Checks name clauses missing from the register: ${report.unknownClauses.join(', ')}`);
  }
  if (lines.length > 0) lines.push('');
  const where = `${report.target}${report.runId === undefined ? '' : `, run ${report.runId}`}`;
  lines.push(`Target ${where}, seed ${report.seed}, ${report.runs} property runs, ${(report.durationMs / 1000).toFixed(1)} s`);
  if (report.couldNotRun !== undefined) lines.push(`could not run: ${report.couldNotRun}`);
  lines.push(`${report.passed} passed, ${report.failed} failed${report.skipped > 0 ? `, ${report.skipped} skipped` : ''}`);
  return `${lines.join('\n')}\n`;
}
