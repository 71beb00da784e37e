/** `chatref conform`: run the conformance suite against a URL or the in-process model. */
import { writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { describeLedger } from '../../conformance/bootstrap.js';
import type { Level } from '../../conformance/check.js';
import { formatConsoleReport } from '../../conformance/report/console.js';
import { formatHtmlReport } from '../../conformance/report/html.js';
import { formatJsonReport } from '../../conformance/report/json.js';
import { formatJunitReport } from '../../conformance/report/junit.js';
import { type ConformanceReport, exitCodeOf } from '../../conformance/report/types.js';
import { DEFAULT_RUNS, DEFAULT_SEED, type LiveRun, type ProgressEvent, runConformance, type TargetSpec } from '../../conformance/runner.js';
import { UsageError } from './usage-error.js';

export const CONFORM_USAGE = `Usage: chatref conform --url URL --email EMAIL --api-key KEY [options]
       chatref conform --target model [options]

  --url URL          the server's root (http://host:port); requests go below /api/v1
  --email EMAIL      an organization owner who may create users (can_create_users)
  --api-key KEY      that owner's API key
  --jwt-key KEY      the organization's JWT secret, to check JWT logins (skipped without it)
  --admin-token T    a chatref server's admin token (admin_token on \`chatref serve\`'s first line): the
                     time-limit checks then move its clock (skipped without it)
  --admin-url URL    that server's admin API (default: URL/chatref/admin)
  --target model     run against the in-process reference model instead
  --only PATTERN     only checks whose id, endpoint or clause id matches
                     (substring, or a glob with *; several separated by commas)
  --level LEVEL      spec: only what the spec states; compat (default): also real-server behaviour
  --feature-level N  judge the target as of feature level N instead of the zulip_feature_level its
                     GET /server_settings claims (checks of later behaviour are skipped)
  --seed N           seed for checks drawing random input (default ${DEFAULT_SEED}, so runs repeat; printed)
  --runs N           runs per property check (default ${DEFAULT_RUNS}); more runs widen the search
  --json FILE        also write the whole report as JSON
  --junit FILE       also write a JUnit XML report
  --html FILE        also write a self-contained HTML report
  --progress         a line per finished check on stderr, also when not on a terminal

The run creates its users in the owner's organization and deactivates them at the end.
On Ctrl-C (SIGINT) or SIGTERM the check in progress finishes, the run cleans up and
writes the report of what ran; a second signal quits at once, saying what it left.
Exit code: 0 every check passed, 1 some check failed, 2 the suite could not run,
130 interrupted by SIGINT, 143 by SIGTERM.`;

export interface ConformArgs {
  readonly target: TargetSpec;
  readonly only?: string;
  readonly level: Level;
  readonly featureLevel?: number;
  readonly seed?: number;
  readonly runs?: number;
  readonly json?: string;
  readonly junit?: string;
  readonly html?: string;
  readonly progress: boolean;
}

function integer(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not ${text}`);
  }
  return Number(text);
}

export function parseConformArgs(argv: readonly string[]): ConformArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      'api-key': { type: 'string' },
      'jwt-key': { type: 'string' },
      'admin-token': { type: 'string' },
      'admin-url': { type: 'string' },
      target: { type: 'string' },
      only: { type: 'string' },
      level: { type: 'string', default: 'compat' },
      'feature-level': { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      json: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      progress: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.level !== 'spec' && values.level !== 'compat') throw new UsageError(`--level must be spec or compat, not ${values.level}`);
  let target: TargetSpec;
  if (values.target !== undefined) {
    if (values.target !== 'model') throw new UsageError(`--target must be model (for a server use --url), not ${values.target}`);
    const remoteOnly = [values.url, values.email, values['api-key'], values['jwt-key'], values['admin-token'], values['admin-url']];
    if (remoteOnly.some((value) => value !== undefined)) {
      throw new UsageError('--target model takes no --url, --email, --api-key, --jwt-key, --admin-token or --admin-url');
    }
    target = 'model';
  } else {
    const { url, email } = values;
    const apiKey = values['api-key'];
    if (url === undefined) throw new UsageError('give --url URL --email EMAIL --api-key KEY, or --target model');
    if (email === undefined || apiKey === undefined) throw new UsageError('--url needs --email and --api-key of an owner who may create users');
    if (!/^https?:\/\/[^/]/i.test(url)) throw new UsageError(`--url must start with http:// or https://, not ${url}`);
    const jwtKey = values['jwt-key'];
    const adminToken = values['admin-token'];
    const adminUrl = values['admin-url'];
    if (adminUrl !== undefined && adminToken === undefined) throw new UsageError('--admin-url needs --admin-token');
    if (adminUrl !== undefined && !/^https?:\/\/[^/]/i.test(adminUrl)) throw new UsageError(`--admin-url must start with http:// or https://, not ${adminUrl}`);
    target = {
      url,
      email,
      apiKey,
      ...(jwtKey === undefined ? {} : { jwtKey }),
      ...(adminToken === undefined ? {} : { adminToken }),
      ...(adminUrl === undefined ? {} : { adminUrl }),
    };
  }
  const seed = integer('seed', values.seed, 0);
  const runs = integer('runs', values.runs, 1);
  const featureLevel = integer('feature-level', values['feature-level'], 1);
  return {
    target,
    level: values.level,
    ...(featureLevel === undefined ? {} : { featureLevel }),
    ...(values.only === undefined ? {} : { only: values.only }),
    ...(seed === undefined ? {} : { seed }),
    ...(runs === undefined ? {} : { runs }),
    ...(values.json === undefined ? {} : { json: values.json }),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
    ...(values.html === undefined ? {} : { html: values.html }),
    progress: values.progress,
  };
}

/**
 * Progress on stderr. On a terminal, one line rewritten in place; with
 * `lines`, a line per finished check (for logs); otherwise silent.
 */
export function progressReporter(stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>, options: { readonly lines?: boolean } = {}) {
  const tty = stream.isTTY === true && options.lines !== true;
  let failed = 0;
  let open = false;
  return {
    onProgress(event: ProgressEvent) {
      if (event.kind === 'starting' || event.kind === 'ended') return;
      if (event.kind === 'finished' && event.result.verdict === 'fail') failed += 1;
      if (options.lines === true) {
        if (event.kind === 'bootstrapped') stream.write(`run ${event.runId}: ${event.total} checks\n`);
        if (event.kind === 'finished') stream.write(`[${event.index + 1}/${event.total}] ${event.result.verdict} ${event.result.id}\n`);
        return;
      }
      if (!tty) return;
      let text: string;
      if (event.kind === 'bootstrapped') text = `run ${event.runId}: 0/${event.total} checks`;
      else {
        const done = event.kind === 'finished' ? event.index + 1 : event.index;
        const current = event.kind === 'started' ? event.check.id : event.result.id;
        text = `[${done}/${event.total}] ${failed} failed  ${current}`;
      }
      const width = Math.max(20, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[K${text.slice(0, width)}`);
      open = true;
    },
    end() {
      if (open) stream.write('\r\x1b[K');
      open = false;
    },
  };
}

function writeReports(args: ConformArgs, report: ConformanceReport): void {
  const outputs: [string | undefined, (report: ConformanceReport) => string][] = [
    [args.json, formatJsonReport],
    [args.junit, formatJunitReport],
    [args.html, formatHtmlReport],
  ];
  for (const [file, format] of outputs) {
    if (file !== undefined) writeFileSync(file, format(report), 'utf8');
  }
}

/** What shells exit with for a program a signal ended: 128 + its number (130 SIGINT, 143 SIGTERM). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

/** The signals that interrupt a run: the first stops it cleanly, a second quits at once. */
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * Runs the suite and prints the report; returns the exit code. The report
 * is printed and written once: when the checks end (before the clean-up,
 * so a quit during the clean-up keeps it), or when a second signal quits.
 */
export async function conform(argv: readonly string[]): Promise<number> {
  const args = parseConformArgs(argv);
  const progress = progressReporter(process.stderr, { lines: args.progress });
  const controller = new AbortController();
  let live: LiveRun | undefined;
  let signalled: NodeJS.Signals | undefined;
  let reported = false;
  let writeFailed = false;

  const emit = (report: ConformanceReport) => {
    if (reported) return;
    reported = true;
    progress.end();
    if (report.couldNotRun !== undefined && report.results.length === 0) {
      // Nothing ran: the reason is the whole story, in one line and without a count that reads like a result.
      process.stderr.write(`chatref conform: could not run: ${report.couldNotRun}\n`);
    } else {
      process.stdout.write(formatConsoleReport(report));
    }
    try {
      writeReports(args, report);
    } catch (error) {
      writeFailed = true;
      process.stderr.write(`chatref conform: cannot write a report: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };

  const onSignal = (signal: NodeJS.Signals) => {
    const again = signal === 'SIGINT' ? 'Ctrl-C' : signal;
    if (signalled === undefined) {
      signalled = signal;
      controller.abort(signal);
      progress.end();
      const stage = live?.stage() ?? 'setting up';
      const doing = stage.startsWith('running check ')
        ? `finishing ${stage.slice('running '.length)}, then cleaning up`
        : stage === 'cleaning up'
          ? 'cleaning up'
          : 'stopping the set-up, then cleaning up';
      process.stderr.write(`chatref conform: ${signal}: ${doing} (${again} again quits at once)\n`);
      return;
    }
    const stage = live?.stage() ?? 'setting up';
    if (live !== undefined) emit(live.report());
    const left = live === undefined ? 'nothing' : describeLedger(live.ledger);
    const named = live === undefined || left === 'nothing' ? '' : `, all named ${live.runId}-…`;
    const check = stage.startsWith('running check ') ? `; ${stage.slice('running '.length)} did not finish and may have left what it changed` : '';
    process.stderr.write(`chatref conform: ${signal} again: quit while ${stage}; left on the target: ${left}${named}${check}\n`);
    process.exit(signalExitCode(signalled));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  let report: ConformanceReport;
  try {
    report = await runConformance({
      target: args.target,
      level: args.level,
      ...(args.featureLevel === undefined ? {} : { featureLevel: args.featureLevel }),
      ...(args.only === undefined ? {} : { only: args.only }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      ...(args.runs === undefined ? {} : { runs: args.runs }),
      signal: controller.signal,
      onProgress: (event) => {
        if (event.kind === 'starting') live = event.run;
        if (event.kind === 'ended') emit(event.report);
        progress.onProgress(event);
      },
    });
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    progress.end();
  }
  emit(report);
  if (writeFailed) return 2;
  return signalled === undefined ? exitCodeOf(report) : signalExitCode(signalled);
}
