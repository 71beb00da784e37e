/**
 * JUnit XML: a testsuite per endpoint, a testcase per check, a failure
 * element with the expectation as message and, as text, what the console
 * shows for it (clause, level, request, diff, answer, curl script) plus the
 * check's whole request history. A run that could not run is one errored testcase.
 */
import { failureBlock } from './console.js';
import type { CheckResult, ConformanceReport } from './types.js';
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

export function formatJunitReport(report: ConformanceReport): string {
  const byEndpoint = new Map<string, CheckResult[]>();
  for (const result of report.results) {
    const list = byEndpoint.get(result.endpoint) ?? [];
    list.push(result);
    byEndpoint.set(result.endpoint, list);
  }
  const errors = report.couldNotRun === undefined ? 0 : 1;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="chatref conformance" tests="${report.results.length + errors}" failures="${report.failed}" errors="${errors}" skipped="${report.skipped}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [endpoint, results] of byEndpoint) {
    const failures = results.filter((result) => result.verdict === 'fail').length;
    const skipped = results.filter((result) => result.verdict === 'skip').length;
    const time = results.reduce((sum, result) => sum + result.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeXml(endpoint)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${escapeXml(report.startedAt)}">`,
    );
    for (const result of results) lines.push(testcase(result));
    lines.push('  </testsuite>');
  }
  if (report.couldNotRun !== undefined) {
    lines.push(
      `  <testsuite name="bootstrap" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${escapeXml(report.startedAt)}">`,
      '    <testcase classname="bootstrap" name="the suite could run against the target" time="0.000">',
      `      <error message="${escapeXml(report.couldNotRun)}" type="CouldNotRun">${escapeXml(report.couldNotRun)}</error>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
