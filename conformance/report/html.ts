/**
 * A single self-contained HTML page (inline CSS and a small inline script,
 * no external resources; without the script every row simply shows): the
 * totals, every failure first with its clause, level, request, diff, answer
 * and curl reproduction, the clause table with filters, and every check
 * with its details.
 */
import { blameText, featureLevelText } from './console.js';
import { prettyJson } from './diff.js';
import type { CheckResult, ClauseStatus, ConformanceReport, NotRunCheck, Verdict } from './types.js';
import { escapeXml as esc } from './xml.js';

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 80rem; padding: 0 1rem; color: #1d2433; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #d8dde6; padding-bottom: .25rem; }
.meta { color: #5b6476; margin: 0 0 1rem; }
.totals { display: flex; gap: .75rem; flex-wrap: wrap; margin: 1rem 0; }
.total { border-radius: 6px; padding: .5rem .9rem; font-weight: 600; border: 1px solid #d8dde6; }
.total b { font-size: 1.3rem; margin-right: .3rem; }
.verdict { font-size: 1.1rem; font-weight: 700; padding: .6rem 1rem; border-radius: 6px; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #eceff4; overflow-wrap: anywhere; }
th { background: #f5f7fa; position: sticky; top: 0; }
td.id, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.badge { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; padding: 0 .4rem; font-weight: 600; font-size: 12px; }
.pass { background: #e3f5e8; color: #17602e; }
.fail { background: #fde6e6; color: #a1181b; }
.uncovered { background: #eef0f4; color: #5b6476; }
.level { background: #e8eefc; color: #24428a; }
.couldnot { background: #fff3d6; color: #7a4b00; border: 1px solid #f0c36d; border-radius: 6px; padding: .75rem 1rem; }
.failure { border: 1px solid #f3c4c4; border-left: 4px solid #d33; border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; }
.failure.compat { border-left-color: #e59a2f; }
.failure h3 { font-size: 1rem; margin: 0 0 .3rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: .5rem 0; }
dt { color: #5b6476; }
dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
pre { background: #f5f7fa; border: 1px solid #e1e5ec; border-radius: 4px; padding: .6rem; max-height: 28rem; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12.5px; margin: .25rem 0; }
pre .del { background: #fde6e6; color: #8a1215; display: block; }
pre .ins { background: #e3f5e8; color: #135226; display: block; }
details summary { cursor: pointer; color: #3056a8; }
.filters { display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; margin: .5rem 0; }
.filters label { white-space: nowrap; }
.filters input[type=search] { padding: .2rem .4rem; min-width: 16rem; }
button.copy { float: right; font-size: 12px; }
.hidden { display: none; }
`;

// Filters rows by data-status / data-level and a search box; copies curl scripts. Touches no report data, and holds no `<` or `&` so the page stays well-formed.
const SCRIPT = `
document.querySelectorAll('.filters').forEach(function (form) {
  var table = document.getElementById(form.dataset.table);
  function apply() {
    var on = {};
    form.querySelectorAll('input[type=checkbox]').forEach(function (box) { on[box.name + ':' + box.value] = box.checked; });
    var needle = (form.querySelector('input[type=search]').value || '').toLowerCase();
    function shown(row) {
      if (on['status:' + row.dataset.status] === false) return false;
      if (on['level:' + row.dataset.level] === false) return false;
      return needle === '' || row.textContent.toLowerCase().indexOf(needle) !== -1;
    }
    table.querySelectorAll('tbody tr').forEach(function (row) { row.classList.toggle('hidden', !shown(row)); });
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
});
document.querySelectorAll('button.copy').forEach(function (button) {
  button.addEventListener('click', function () {
    var text = button.parentElement.querySelector('pre').textContent;
    navigator.clipboard.writeText(text).then(function () { button.textContent = 'copied'; });
  });
});
`;

type Badge = ClauseStatus | Verdict | 'not run';

const STATUS_CLASS: Record<Badge, string> = { pass: 'pass', fail: 'fail', 'not covered': 'uncovered', skip: 'uncovered', 'not run': 'uncovered' };

function badge(status: Badge): string {
  return `<span class="badge ${STATUS_CLASS[status]}">${esc(status)}</span>`;
}

function anchor(id: string): string {
  return `check-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

function diffHtml(diff: string): string {
  return diff
    .split('\n')
    .map((line) =>
      line.startsWith('- ') ? `<span class="del">${esc(line)}</span>` : line.startsWith('+ ') ? `<span class="ins">${esc(line)}</span>` : `${esc(line)}\n`,
    )
    .join('');
}

function script(text: string, label: string, open: boolean): string {
  return `<details${open ? ' open=""' : ''}><summary>${esc(label)}</summary><div><button class="copy" type="button">copy</button><pre>${esc(text)}</pre></div></details>`;
}

function paramsTable(params: Readonly<Record<string, string>>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return '';
  return `<pre>${esc(entries.map(([name, value]) => `${name} = ${value}`).join('\n'))}</pre>`;
}

function failureBlock(result: CheckResult): string {
  const failure = result.failure!;
  const rows: [string, string][] = [['Level', `<span class="badge level">${esc(failure.level)}</span>`]];
  if (failure.clause !== undefined) {
    rows.push([
      'Clause',
      `<code>${esc(failure.clause)}</code>${failure.section === undefined ? '' : ` · ${esc(failure.section)}`}${failure.rule === undefined ? '' : `<br>${esc(failure.rule)}`}`,
    ]);
  } else {
    rows.push(['Clauses', failure.blames.map((id) => `<code>${esc(id)}</code>`).join(', ') || '—']);
  }
  rows.push(['Endpoint', `<code>${esc(result.endpoint)}</code>`]);
  if (failure.exchange !== undefined) {
    rows.push(['Request', `<code>${esc(`${failure.exchange.method} ${failure.exchange.path}`)}</code>${paramsTable(failure.exchange.params)}`]);
  }
  rows.push(['Expected', `<pre>${esc(failure.expected)}</pre>`]);
  if (failure.diff !== undefined) rows.push(['Diff', `<small>- expected, + actual</small><pre>${diffHtml(failure.diff)}</pre>`]);
  if (failure.exchange !== undefined) rows.push(['Answer', `${esc(String(failure.exchange.status))}<pre>${esc(prettyJson(failure.exchange.body))}</pre>`]);
  const stack = failure.stack === undefined ? '' : `<details><summary>Stack</summary><pre>${esc(failure.stack)}</pre></details>`;
  const { requests, outOf } = failure.reproduction;
  const full = failure.fullCurl === undefined ? '' : script(failure.fullCurl, 'Every request the check sent', false);
  return `<section class="failure ${esc(failure.level)}" id="${esc(anchor(result.id))}">
<h3><code>${esc(result.id)}</code> <span class="badge level">${esc(failure.level)}</span></h3>
<div>${esc(result.title)}</div>
<dl>${rows.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl>
${stack}${script(failure.curl, `Reproduce with curl (${requests} of ${outOf} requests)`, true)}
${full}
</section>`;
}

function checkLink(id: string): string {
  return `<a href="#${esc(anchor(id))}"><code>${esc(id)}</code></a>`;
}

/** A long list shows its first checks (failed ones first) and folds the rest. */
function checkList(ids: readonly string[], failedIds: ReadonlySet<string>): string {
  const ordered = [...ids.filter((id) => failedIds.has(id)), ...ids.filter((id) => !failedIds.has(id))];
  const links = ordered.map(checkLink);
  if (links.length <= 5) return links.join('<br>');
  return `${links.slice(0, 3).join('<br>')}<details><summary>${links.length - 3} more</summary>${links.slice(3).join('<br>')}</details>`;
}

function filters(table: string, name: string, values: readonly [string, number][], levels: readonly [string, number][]): string {
  const box = (group: string, [value, count]: [string, number]) =>
    `<label><input type="checkbox" name="${group}" value="${esc(value)}" checked=""> ${esc(value)} (${count})</label>`;
  return `<form class="filters" data-table="${table}" onsubmit="return false">
<span>${esc(name)}:</span>${values.map((value) => box('status', value)).join('')}
<span>Level:</span>${levels.map((value) => box('level', value)).join('')}
<input type="search" placeholder="filter by text">
</form>`;
}

function counts<T extends string>(items: readonly T[], order: readonly T[]): [T, number][] {
  return order.map((value) => [value, items.filter((item) => item === value).length] as [T, number]).filter(([, count]) => count > 0);
}

function checkDetails(result: CheckResult): string {
  const rows: [string, string][] = [
    ['Title', esc(result.title)],
    ['Level', esc(result.level)],
    ['Clauses', result.clauses.map((id) => `<code>${esc(id)}</code>`).join(', ') || '—'],
    ['Requests', esc(String(result.requests))],
    ['Duration', `${esc(String(result.durationMs))} ms`],
  ];
  if (result.skipped !== undefined) rows.push(['Skipped', esc(result.skipped)]);
  if (result.failure !== undefined) rows.push(['Failure', `<a href="#${esc(anchor(result.id))}">${esc(blameText(result.failure))}</a>`]);
  return `<details><summary>${esc(result.title)}</summary><dl>${rows.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${value}</dd>`).join('')}</dl></details>`;
}

function notRunRow(check: NotRunCheck, why: string): string {
  const clauses = check.clauses.map((id) => `<code>${esc(id)}</code>`).join(', ') || '—';
  const details = `<details><summary>${esc(check.title)}</summary><dl><dt>Level</dt><dd>${esc(check.level)}</dd><dt>Clauses</dt><dd>${clauses}</dd><dt>Not run</dt><dd>${esc(why)}</dd></dl></details>`;
  return `<tr data-status="not run" data-level="${esc(check.level)}"><td class="id">${esc(check.id)}</td><td>${badge('not run')}</td><td>${esc(check.level)}</td><td><code>${esc(check.endpoint)}</code></td><td>${details}</td><td></td></tr>`;
}

/** Why the run did not get through its checks, in one sentence, or undefined after a full run. */
function stoppedText(report: ConformanceReport): string | undefined {
  const total = report.results.length + report.notRun.length;
  if (report.outcome === 'interrupted')
    return `Interrupted by ${report.interrupted ?? 'request'} after ${report.results.length} of ${total} checks; the rest are marked not run.`;
  if (report.couldNotRun !== undefined && report.results.length > 0)
    return `Could not finish: ${report.couldNotRun} (${report.results.length} of ${total} checks ran).`;
  return undefined;
}

export function formatHtmlReport(report: ConformanceReport): string {
  const failures = report.results.filter((result) => result.verdict === 'fail');
  const failedIds = new Set(failures.map((result) => result.id));
  const count = (status: ClauseStatus) => report.clauses.filter((clause) => clause.status === status).length;
  const title = `chatref conformance: ${report.target}`;
  const levels = ['spec', 'compat'] as const;

  const clauseTable =
    report.clauses.length === 0
      ? '<p>No clause in scope.</p>'
      : `${filters(
          'clauses',
          'Status',
          counts(
            report.clauses.map((clause) => clause.status),
            ['fail', 'pass', 'not covered'],
          ),
          counts(
            report.clauses.map((clause) => clause.level),
            levels,
          ),
        )}
<table id="clauses">
<colgroup><col style="width:19%"><col style="width:6%"><col style="width:9%"><col style="width:14%"><col style="width:30%"><col style="width:22%"></colgroup>
<thead><tr><th>Clause</th><th>Level</th><th>Status</th><th>Endpoint</th><th>Rule</th><th>Checks</th></tr></thead>
<tbody>
${report.clauses
  .map(
    (clause) =>
      `<tr data-status="${esc(clause.status)}" data-level="${esc(clause.level)}"><td class="id">${esc(clause.id)}</td><td>${esc(clause.level)}</td><td>${badge(clause.status)}</td><td><code>${esc(clause.endpoint ?? '—')}</code></td><td>${esc(clause.summary)}<br><small>${esc(clause.section)}</small></td><td>${checkList(clause.checks, failedIds)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;

  const stopped = stoppedText(report);
  const why = report.outcome === 'interrupted' ? `the run was interrupted by ${report.interrupted ?? 'request'}` : (report.couldNotRun ?? 'the set-up failed');
  const checks =
    report.results.length + report.notRun.length === 0
      ? '<p>No check ran.</p>'
      : `${filters(
          'checks',
          'Verdict',
          counts<Badge>(
            [...report.results.map((result) => result.verdict), ...report.notRun.map(() => 'not run' as const)],
            ['fail', 'pass', 'skip', 'not run'],
          ),
          counts(
            [...report.results, ...report.notRun].map((result) => result.level),
            levels,
          ),
        )}
<table id="checks">
<colgroup><col style="width:28%"><col style="width:8%"><col style="width:7%"><col style="width:17%"><col style="width:34%"><col style="width:6%"></colgroup>
<thead><tr><th>Check</th><th>Verdict</th><th>Level</th><th>Endpoint</th><th>Details</th><th>ms</th></tr></thead>
<tbody>
${report.results
  .map(
    (result) =>
      `<tr data-status="${esc(result.verdict)}" data-level="${esc(result.level)}"><td class="id">${failedIds.has(result.id) ? checkLink(result.id) : esc(result.id)}</td><td>${badge(result.verdict)}</td><td>${esc(result.level)}</td><td><code>${esc(result.endpoint)}</code></td><td>${checkDetails(result)}</td><td>${result.durationMs}</td></tr>`,
  )
  .join('\n')}
${report.notRun.map((check) => notRunRow(check, why)).join('\n')}
</tbody>
</table>`;

  const specFailures = failures.filter((result) => result.failure?.level === 'spec').length;
  const verdict =
    report.couldNotRun !== undefined || report.outcome === 'interrupted'
      ? ''
      : failures.length === 0
        ? `<div class="verdict pass">Every check passed (${report.passed}${report.skipped > 0 ? `, ${report.skipped} skipped` : ''}).</div>`
        : `<div class="verdict fail">${failures.length} check${failures.length === 1 ? '' : 's'} failed: ${specFailures} on spec clauses, ${failures.length - specFailures} on compat clauses (real-server behaviour the spec does not state).</div>`;

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
<p class="meta">Run <code>${esc(report.runId ?? '—')}</code> · started ${esc(report.startedAt)} · ${esc((report.durationMs / 1000).toFixed(1))} s · level ${esc(report.level)}${report.featureLevel === undefined ? '' : ` · ${esc(featureLevelText(report) ?? '')}`}${report.only === undefined ? '' : ` · only <code>${esc(report.only)}</code>`} · seed ${esc(String(report.seed))} · ${esc(String(report.runs))} property runs</p>
${stopped !== undefined ? `<p class="couldnot"><strong>${esc(stopped)}</strong></p>` : report.couldNotRun === undefined ? '' : `<p class="couldnot"><strong>Could not run:</strong> ${esc(report.couldNotRun)}</p>`}
${verdict}
<div class="totals">
<span class="total pass"><b>${report.passed}</b>checks passed</span>
<span class="total fail"><b>${report.failed}</b>checks failed</span>
${report.skipped > 0 ? `<span class="total uncovered"><b>${report.skipped}</b>checks skipped</span>\n` : ''}${report.excludedByLevel > 0 ? `<span class="total uncovered"><b>${report.excludedByLevel}</b>excluded by feature level ${esc(String(report.featureLevel ?? ''))}</span>\n` : ''}${report.notRun.length > 0 ? `<span class="total uncovered"><b>${report.notRun.length}</b>checks not run</span>\n` : ''}<span class="total pass"><b>${count('pass')}</b>clauses pass</span>
<span class="total fail"><b>${count('fail')}</b>clauses fail</span>
<span class="total uncovered"><b>${count('not covered')}</b>clauses not covered</span>
</div>
<h2>Failures</h2>
${failures.length === 0 ? '<p>None.</p>' : failures.map(failureBlock).join('\n')}
<h2>Clauses</h2>
${clauseTable}
${report.unknownClauses.length === 0 ? '' : `<h2>Unknown clauses</h2><p>Checks name clauses missing from the register: ${report.unknownClauses.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p>`}
<h2>Checks</h2>
${checks}
<script>${SCRIPT}</script>
</body>
</html>
`;
}
