/**
 * The soak: runs the conformance suite (by default only the property checks)
 * over many seeds, against a fresh in-process model per seed or against one
 * live server, and prints each failure with the command that reproduces it.
 * Not part of `npm test`; run it after touching a property or an endpoint:
 *
 *   npm run conform:soak -- --seeds 200
 *   npm run conform:soak -- --seeds 20 --url http://127.0.0.1:9991 --email E --api-key K
 *   npm run conform:soak -- --seeds 5 --all
 *
 * Exit status: 0 when every seed passed, 1 on any failure, 2 on a usage error.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatJsonReport } from './report/json.js';
import type { ConformanceReport } from './report/types.js';
import { runConformance, type TargetSpec } from './runner.js';

const USAGE = `Usage: npm run conform:soak -- [options]
  --seeds N          how many seeds (default 50): --from, --from+1, …
  --from S           the first seed (default 1)
  --seed-list A,B,…  exactly these seeds (instead of --seeds/--from)
  --only PATTERN     checks to run (default 'properties.*')
  --all              every check of the suite (instead of --only)
  --runs N           runs per property check (default: the suite's)
  --jobs N           seeds in parallel, one process each (default 1)
  --out DIR          write the JSON report of each failing seed to DIR/seed-N.json
  --url URL --email EMAIL --api-key KEY
                     a live server and an owner who may create users (default: the model)`;

interface SoakOptions {
  readonly seeds: readonly number[];
  readonly only: string | undefined;
  readonly runs: number | undefined;
  readonly jobs: number;
  readonly out: string | undefined;
  readonly url: { readonly url: string; readonly email: string; readonly apiKey: string } | undefined;
}

interface SeedFailure {
  readonly seed: number;
  readonly check: string;
  readonly clause: string | undefined;
  readonly summary: string;
}

/** What one process reports for its seeds. */
interface SoakTally {
  readonly seeds: number;
  readonly checks: number;
  readonly failures: readonly SeedFailure[];
}

class UsageError extends Error {}

function positive(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} takes an integer ≥ ${min}, not ${text}`);
  return Number(text);
}

function parseOptions(argv: readonly string[]): SoakOptions & { readonly shard: string | undefined } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seeds: { type: 'string' },
      from: { type: 'string' },
      'seed-list': { type: 'string' },
      only: { type: 'string' },
      all: { type: 'boolean' },
      runs: { type: 'string' },
      jobs: { type: 'string' },
      out: { type: 'string' },
      url: { type: 'string' },
      email: { type: 'string' },
      'api-key': { type: 'string' },
      shard: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new UsageError('');
  if (values.all && values.only !== undefined) throw new UsageError('give --all or --only, not both');
  const seeds =
    values['seed-list'] !== undefined
      ? values['seed-list'].split(',').map((seed) => positive('seed-list', seed.trim(), 0, 0))
      : Array.from({ length: positive('seeds', values.seeds, 50) }, (_, i) => positive('from', values.from, 1, 0) + i);
  const given = [values.url, values.email, values['api-key']].filter((value) => value !== undefined).length;
  if (given !== 0 && given !== 3) throw new UsageError('--url needs --email and --api-key of an owner who may create users');
  return {
    seeds,
    only: values.all ? undefined : (values.only ?? 'properties.*'),
    runs: values.runs === undefined ? undefined : positive('runs', values.runs, 1),
    jobs: positive('jobs', values.jobs, 1),
    out: values.out,
    url:
      values.url !== undefined && values.email !== undefined && values['api-key'] !== undefined
        ? { url: values.url, email: values.email, apiKey: values['api-key'] }
        : undefined,
    shard: values.shard,
  };
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function reproduction(options: Pick<SoakOptions, 'url' | 'runs'>, seed: number, check: string): string {
  const target = options.url === undefined ? ['--target', 'model'] : ['--url', options.url.url, '--email', options.url.email, '--api-key', options.url.apiKey];
  const runs = options.runs === undefined ? [] : ['--runs', String(options.runs)];
  return ['chatref', 'conform', ...target, '--seed', String(seed), ...runs, '--only', check].map(shellQuote).join(' ');
}

function firstLine(text: string, max = 400): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function failuresOf(report: ConformanceReport): SeedFailure[] {
  if (report.outcome === 'could not run') {
    return [{ seed: report.seed, check: '(the run)', clause: undefined, summary: `could not run: ${report.couldNotRun ?? ''}` }];
  }
  return report.results
    .filter((result) => result.verdict === 'fail')
    .map((result) => ({ seed: report.seed, check: result.id, clause: result.failure?.clause, summary: firstLine(result.failure?.expected ?? '') }));
}

async function soakSeeds(options: SoakOptions, seeds: readonly number[]): Promise<SoakTally> {
  const failures: SeedFailure[] = [];
  let checks = 0;
  let ran = 0;
  for (const seed of seeds) {
    ran += 1;
    const target: TargetSpec = options.url ?? 'model';
    const report = await runConformance({
      target,
      seed,
      ...(options.only === undefined ? {} : { only: options.only }),
      ...(options.runs === undefined ? {} : { runs: options.runs }),
    });
    checks += report.results.length;
    const found = failuresOf(report);
    failures.push(...found);
    const seconds = (report.durationMs / 1000).toFixed(1);
    const lines = [`seed ${seed}: ${found.length === 0 ? 'pass' : `${found.length} FAILED`} (${report.results.length} checks, ${seconds} s)`];
    for (const failure of found) {
      lines.push(`  FAIL ${failure.check}${failure.clause === undefined ? '' : ` [${failure.clause}]`}: ${failure.summary}`);
      if (failure.check !== '(the run)') lines.push(`    reproduce: ${reproduction(options, seed, failure.check)}`);
    }
    if (found.length > 0 && options.out !== undefined) {
      mkdirSync(options.out, { recursive: true });
      writeFileSync(join(options.out, `seed-${seed}.json`), formatJsonReport(report));
    }
    console.log(lines.join('\n'));
    if (report.outcome === 'could not run' && options.url !== undefined) {
      console.log(`stopping: ${options.url.url} cannot be used, so the remaining seeds would prove nothing`);
      break;
    }
  }
  return { seeds: ran, checks, failures };
}

/** Splits the seeds over `jobs` child processes of this script, each reporting its tally over IPC. */
async function soakInParallel(options: SoakOptions, argv: readonly string[]): Promise<SoakTally> {
  const shards = Array.from({ length: Math.min(options.jobs, options.seeds.length) }, (_, shard) => shard);
  const tallies = await Promise.all(
    shards.map(
      (shard) =>
        new Promise<SoakTally>((resolve, reject) => {
          const child = fork(process.argv[1] ?? '', [...argv, '--shard', `${shard}/${shards.length}`], { execArgv: process.execArgv });
          let tally: SoakTally | undefined;
          child.on('message', (message) => {
            tally = message as SoakTally;
          });
          child.on('error', reject);
          child.on('exit', (code) => (tally === undefined ? reject(new Error(`soak shard ${shard} exited with ${code} and no tally`)) : resolve(tally)));
        }),
    ),
  );
  return {
    seeds: tallies.reduce((sum, tally) => sum + tally.seeds, 0),
    checks: tallies.reduce((sum, tally) => sum + tally.checks, 0),
    failures: tallies.flatMap((tally) => tally.failures).sort((a, b) => a.seed - b.seed),
  };
}

function summary(options: SoakOptions, tally: SoakTally, seconds: number): string {
  const failedSeeds = new Set(tally.failures.map((failure) => failure.seed));
  const byCheck = new Map<string, number[]>();
  for (const failure of tally.failures) byCheck.set(failure.check, [...(byCheck.get(failure.check) ?? []), failure.seed]);
  const target = options.url === undefined ? 'the model (fresh per seed)' : options.url.url;
  const lines = [
    '',
    `soak: ${tally.seeds} seeds against ${target}, ${options.only === undefined ? 'all checks' : `--only ${options.only}`}, ${tally.checks} check runs in ${seconds.toFixed(0)} s`,
    `soak: ${tally.failures.length} failures on ${failedSeeds.size} of ${tally.seeds} seeds`,
  ];
  for (const [check, seeds] of [...byCheck].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`  ${check}: ${seeds.length} seeds (${seeds.slice(0, 10).join(', ')}${seeds.length > 10 ? ', …' : ''})`);
  }
  return lines.join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    if (error.message !== '') console.error(`conform:soak: ${error.message}`);
    console.error(USAGE);
    return 2;
  }
  if (options.shard !== undefined) {
    const [index, count] = options.shard.split('/').map(Number) as [number, number];
    const tally = await soakSeeds(
      options,
      options.seeds.filter((_, i) => i % count === index),
    );
    process.send?.(tally, () => process.disconnect());
    return 0;
  }
  const started = performance.now();
  const tally = options.jobs > 1 ? await soakInParallel(options, argv) : await soakSeeds(options, options.seeds);
  console.log(summary(options, tally, (performance.now() - started) / 1000));
  return tally.failures.length === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
