/**
 * A single self-contained HTML page (inline CSS, no scripts, no external
 * resources): totals, the clause coverage matrix, every failure with the
 * exchange that showed it and its curl reproduction, and all checks.
 */
import { describeSent } from './console.js';
import type { CheckResult, ClauseStatus, ConformanceReport, Verdict } from './types.js';
import { escapeXml as esc } from './xml.js';

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 78rem; padding: 0 1rem; color: #1d2433; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #d8dde6; padding-bottom: .25rem; }
.meta { color: #5b6476; margin: 0 0 1rem; }
.totals { display: flex; gap: .75rem; flex-wrap: wrap; margin: 1rem 0; }
.total { border-radius: 6px; padding: .5rem .9rem; font-weight: 600; border: 1px solid #d8dde6; }
.total b { font-size: 1.3rem; margin-right: .3rem; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #eceff4; overflow-wrap: anywhere; }
th { background: #f5f7fa; position: sticky; top: 0; }
td.id, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.badge { display: inline-block; min-width: 5.5rem; text-align: center; border-radius: 4px; padding: 0 .4rem; font-weight: 600; font-size: 12px; }
.pass { background: #e3f5e8; color: #17602e; }
.fail { background: #fde6e6; color: #a1181b; }
.uncovered { background: #eef0f4; color: #5b6476; }
.couldnot { background: #fff3d6; color: #7a4b00; border: 1px solid #f0c36d; border-radius: 6px; padding: .75rem 1rem; }
.failure { border: 1px solid #f3c4c4; border-left: 4px solid #d33; border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; }
.failure h3 { font-size: 1rem; margin: 0 0 .3rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dt { color: #5b6476; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { background: #f5f7fa; border: 1px solid #e1e5ec; border-radius: 4px; padding: .6rem; max-height: 28rem; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12.5px; }
details summary { cursor: pointer; color: #3056a8; }
`;

const STATUS_CLASS: Record<ClauseStatus | Verdict, string> = { pass: 'pass', fail: 'fail', 'not covered': 'uncovered', skip: 'uncovered' };

function badge(status: ClauseStatus | Verdict): string {
  return `<span class="badge ${STATUS_CLASS[status]}">${esc(status)}</span>`;
}

function pretty(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
}

function anchor(id: string): string {
  return `check-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

function failureBlock(result: CheckResult): string {
  const failure = result.failure!;
  const rows: [string, string][] = [
    ['Endpoint', `<code>${esc(result.endpoint)}</code>`],
    ['Clauses', result.clauses.map((id) => `<code>${esc(id)}</code>`).join(', ') || '—'],
    ['Expected', esc(failure.expected)],
  ];
  if (failure.clause !== undefined) rows.push(['Failing clause', `<code>${esc(failure.clause)}</code>`]);
  if (failure.exchange !== undefined) {
    rows.push(['Sent', `<code>${esc(describeSent(failure.exchange))}</code>`]);
    rows.push(['Got', `${esc(String(failure.exchange.status))}<pre>${esc(pretty(failure.exchange.body))}</pre>`]);
  }
  const stack = failure.stack === undefined ? '' : `<details><summary>Stack</summary><pre>${esc(failure.stack)}</pre></details>`;
  return `<section class="failure" id="${esc(anchor(result.id))}">
<h3><code>${esc(result.id)}</code></h3>
<div>${esc(result.title)}</div>
<dl>${rows.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>
${stack}<details open=""><summary>Reproduce with curl</summary><pre>${esc(failure.curl)}</pre></details>
</section>`;
}

function checkLink(id: string, failedIds: ReadonlySet<string>): string {
  return failedIds.has(id) ? `<a href="#${esc(anchor(id))}"><code>${esc(id)}</code></a>` : `<code>${esc(id)}</code>`;
}

/** A long list shows its first checks (failed ones first) and folds the rest. */
function checkList(ids: readonly string[], failedIds: ReadonlySet<string>): string {
  const ordered = [...ids.filter((id) => failedIds.has(id)), ...ids.filter((id) => !failedIds.has(id))];
  const links = ordered.map((id) => checkLink(id, failedIds));
  if (links.length <= 5) return links.join('<br>');
  return `${links.slice(0, 3).join('<br>')}<details><summary>${links.length - 3} more</summary>${links.slice(3).join('<br>')}</details>`;
}

export function formatHtmlReport(report: ConformanceReport): string {
  const failures = report.results.filter((result) => result.verdict === 'fail');
  const failedIds = new Set(failures.map((result) => result.id));
  const count = (status: ClauseStatus) => report.clauses.filter((clause) => clause.status === status).length;
  const title = `chatref conformance: ${report.target}`;

  const matrix =
    report.clauses.length === 0
      ? '<p>No clause in scope.</p>'
      : `<table>
<colgroup><col style="width:19%"><col style="width:6%"><col style="width:9%"><col style="width:14%"><col style="width:30%"><col style="width:22%"></colgroup>
<thead><tr><th>Clause</th><th>Level</th><th>Status</th><th>Endpoint</th><th>Rule</th><th>Checks</th></tr></thead>
<tbody>
${report.clauses
  .map(
    (clause) =>
      `<tr><td class="id">${esc(clause.id)}</td><td>${esc(clause.level)}</td><td>${badge(clause.status)}</td><td><code>${esc(clause.endpoint ?? '—')}</code></td><td>${esc(clause.summary)}<br><small>${esc(clause.section)}</small></td><td>${checkList(clause.checks, failedIds)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;

  const checks =
    report.results.length === 0
      ? '<p>No check ran.</p>'
      : `<details><summary>${report.results.length} checks</summary><table>
<colgroup><col style="width:28%"><col style="width:9%"><col style="width:17%"><col style="width:40%"><col style="width:6%"></colgroup>
<thead><tr><th>Check</th><th>Verdict</th><th>Endpoint</th><th>Title</th><th>ms</th></tr></thead>
<tbody>
${report.results
  .map(
    (result) =>
      `<tr><td class="id">${checkLink(result.id, failedIds)}</td><td>${badge(result.verdict)}</td><td><code>${esc(result.endpoint)}</code></td><td>${esc(result.title)}</td><td>${result.durationMs}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table></details>`;

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">Run <code>${esc(report.runId ?? '—')}</code> · started ${esc(report.startedAt)} · ${esc((report.durationMs / 1000).toFixed(1))} s · level ${esc(report.level)}${report.only === undefined ? '' : ` · only <code>${esc(report.only)}</code>`} · seed ${esc(String(report.seed))} · ${esc(String(report.runs))} property runs</p>
${report.couldNotRun === undefined ? '' : `<p class="couldnot"><strong>Could not run:</strong> ${esc(report.couldNotRun)}</p>`}
<div class="totals">
<span class="total pass"><b>${report.passed}</b>checks passed</span>
<span class="total fail"><b>${report.failed}</b>checks failed</span>
${report.skipped > 0 ? `<span class="total uncovered"><b>${report.skipped}</b>checks skipped</span>\n` : ''}<span class="total pass"><b>${count('pass')}</b>clauses pass</span>
<span class="total fail"><b>${count('fail')}</b>clauses fail</span>
<span class="total uncovered"><b>${count('not covered')}</b>clauses not covered</span>
</div>
<h2>Clause coverage</h2>
${matrix}
<h2>Failures</h2>
${failures.length === 0 ? '<p>None.</p>' : failures.map(failureBlock).join('\n')}
${report.unknownClauses.length === 0 ? '' : `<h2>Unknown clauses</h2><p>Checks name clauses missing from the register: ${report.unknownClauses.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p>`}
<h2>Checks</h2>
${checks}
</body>
</html>
`;
}
