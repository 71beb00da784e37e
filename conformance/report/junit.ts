/**
 * JUnit XML: a testsuite per endpoint, a testcase per check, a failure
 * element with the expectation as message and, as text, what the console
 * shows for it (clause, level, request, diff, answer, curl script) plus the
 * check's whole request history. A run that could not run, or could not
 * finish or was interrupted, has one errored testcase saying so; the checks
 * it chose but did not run are skipped testcases whose message says `not run`.
 */
import { failureBlock } from './console.js';
import type { CheckResult, ConformanceReport, NotRunCheck } from './types.js';
import { escapeXml } from './xml.js';

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function failureText(result: CheckResult): string {
  const failure = result.failure!;
  const lines = failureBlock(result, { bodyLines: Number.POSITIVE_INFINITY });
  if (failure.fullCurl !== undefined) lines.push('  every request the check sent:', failure.fullCurl.trimEnd().replace(/^/gm, '    '));
  return lines.join('\n');
}

function testcase(result: CheckResult): string {
  const open = `    <testcase classname="${escapeXml(result.endpoint)}" name="${escapeXml(`${result.id}: ${result.title}`)}" time="${seconds(result.durationMs)}"`;
  if (result.verdict === 'pass') return `${open}/>`;
  if (result.verdict === 'skip') return `${open}>\n      <skipped message="${escapeXml(result.skipped ?? '')}"/>\n    </testcase>`;
  const failure = result.failure!;
  return [
    `${open}>`,
    `      <failure message="${escapeXml(failure.expected)}" type="${escapeXml(failure.kind)}">${escapeXml(failureText(result))}</failure>`,
    '    </testcase>',
  ].join('\n');
}

function notRunCase(check: NotRunCheck, why: string): string {
  return [
    `    <testcase classname="${escapeXml(check.endpoint)}" name="${escapeXml(`${check.id}: ${check.title}`)}" time="0.000">`,
    `      <skipped message="${escapeXml(`not run: ${why}`)}"/>`,
    '    </testcase>',
  ].join('\n');
}

/** Why the run did not get through its checks, as an error: `[type, message]`. */
function runError(report: ConformanceReport): [string, string] | undefined {
  if (report.couldNotRun !== undefined) return ['CouldNotRun', report.couldNotRun];
  if (report.outcome === 'interrupted') {
    const ran = report.results.length;
    return ['Interrupted', `interrupted by ${report.interrupted ?? 'request'} after ${ran} of ${ran + report.notRun.length} checks`];
  }
  return undefined;
}

export function formatJunitReport(report: ConformanceReport): string {
  const byEndpoint = new Map<string, { results: CheckResult[]; notRun: NotRunCheck[] }>();
  const entry = (endpoint: string) => {
    const found = byEndpoint.get(endpoint) ?? { results: [], notRun: [] };
    byEndpoint.set(endpoint, found);
    return found;
  };
  for (const result of report.results) entry(result.endpoint).results.push(result);
  for (const check of report.notRun) entry(check.endpoint).notRun.push(check);
  const error = runError(report);
  const why = error === undefined ? 'the set-up failed' : error[1];
  const errors = error === undefined ? 0 : 1;
  const tests = report.results.length + report.notRun.length + errors;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="chatref conformance" tests="${tests}" failures="${report.failed}" errors="${errors}" skipped="${report.skipped + report.notRun.length}" time="${seconds(report.durationMs)}">`,
  ];
  // The level the target was judged as of, on every suite (JUnit has no properties on <testsuites>).
  const properties =
    report.featureLevel === undefined
      ? []
      : [
          '    <properties>',
          `      <property name="feature-level" value="${report.featureLevel}"/>`,
          `      <property name="feature-level-source" value="${escapeXml(report.featureLevelSource ?? '')}"/>`,
          ...(report.claimedFeatureLevel === undefined ? [] : [`      <property name="claimed-feature-level" value="${report.claimedFeatureLevel}"/>`]),
          `      <property name="excluded-by-feature-level" value="${report.excludedByLevel}"/>`,
          '    </properties>',
        ];
  for (const [endpoint, { results, notRun }] of byEndpoint) {
    const failures = results.filter((result) => result.verdict === 'fail').length;
    const skipped = results.filter((result) => result.verdict === 'skip').length + notRun.length;
    const time = results.reduce((sum, result) => sum + result.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeXml(endpoint)}" tests="${results.length + notRun.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${escapeXml(report.startedAt)}">`,
    );
    lines.push(...properties);
    for (const result of results) lines.push(testcase(result));
    for (const check of notRun) lines.push(notRunCase(check, why));
    lines.push('  </testsuite>');
  }
  if (error !== undefined) {
    const [type, message] = error;
    const [suite, name] = type === 'CouldNotRun' ? ['bootstrap', 'the suite could run against the target'] : ['run', 'the run went through every check'];
    lines.push(
      `  <testsuite name="${suite}" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${escapeXml(report.startedAt)}">`,
      `    <testcase classname="${suite}" name="${name}" time="0.000">`,
      `      <error message="${escapeXml(message)}" type="${type}">${escapeXml(message)}</error>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
