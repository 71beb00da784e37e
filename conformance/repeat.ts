/**
 * Does a run's cost grow with earlier runs? Starts one `chatref serve`, runs
 * the suite against it N times (default 5) and prints each run's duration,
 * the users it created (the server's user count before and after) and the
 * ratio of the last run's duration to the first's.
 *
 *   npm run conform:repeat -- [--runs-count 5] [--only PATTERN] [--seed N] [--max-ratio 1.3]
 *
 * Serves from the sources through tsx (`--dist` uses the built dist/cli/main.js).
 * Exits 1 when the ratio exceeds --max-ratio.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { runConformance } from './runner.js';
import { httpTarget } from './targets/http.js';

const { values } = parseArgs({
  options: {
    'runs-count': { type: 'string', default: '5' },
    only: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'max-ratio': { type: 'string', default: '1.3' },
    dist: { type: 'boolean', default: false },
  },
});
const count = Number(values['runs-count']);
const seed = Number(values.seed);
const maxRatio = Number(values['max-ratio']);

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly owner: { readonly email: string; readonly apiKey: string };
}

async function serve(): Promise<Served> {
  const built = values.dist && existsSync('dist/cli/main.js');
  // `node --import tsx` rather than npx, so the child is the server itself and its CPU time can be read.
  const args = built ? ['dist/cli/main.js'] : ['--import', 'tsx', 'src/cli/main.ts'];
  const child = spawn(process.execPath, [...args, 'serve', '--port', '0', '--seed', '1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`chatref serve exited (${code}) before printing its credentials`)));
  });
  const info = JSON.parse(first) as { url: string; users: { email: string; api_key: string; role: number }[] };
  const owner = info.users.find((user) => user.role === 100);
  if (owner === undefined) throw new Error('chatref serve printed no owner');
  process.stdout.write(`chatref serve (${built ? 'dist' : 'tsx'}) at ${info.url}\n`);
  return { child, url: info.url, owner: { email: owner.email, apiKey: owner.api_key } };
}

/** The server's CPU seconds so far (user + system, from /proc): unlike wall time, barely moved by other load. */
function serverCpuSeconds(served: Served): number {
  try {
    const fields = readFileSync(`/proc/${served.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function userCount(served: Served): Promise<number> {
  const target = httpTarget(served.url);
  try {
    const response = await target.call(served.owner, 'GET', '/users');
    const members = (response.body as { members?: unknown[] } | null)?.members;
    if (!Array.isArray(members)) throw new Error(`GET /users answered ${response.status}`);
    return members.length;
  } finally {
    await target.close();
  }
}

const served = await serve();
const durations: number[] = [];
const serverCpus: number[] = [];
const perCheck: Map<string, number>[] = [];
try {
  for (let run = 1; run <= count; run += 1) {
    const before = await userCount(served);
    const cpuBefore = serverCpuSeconds(served);
    const clientCpuBefore = process.cpuUsage();
    const report = await runConformance({
      target: { url: served.url, ...served.owner },
      seed,
      ...(values.only === undefined ? {} : { only: values.only }),
    });
    const serverCpu = serverCpuSeconds(served) - cpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const created = (await userCount(served)) - before;
    durations.push(report.durationMs);
    serverCpus.push(serverCpu);
    perCheck.push(new Map(report.results.map((result) => [result.id, result.durationMs])));
    process.stdout.write(
      `run ${run}: ${(report.durationMs / 1000).toFixed(1)} s (CPU: server ${serverCpu.toFixed(1)} s, suite ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s), ${created} users created, ${report.outcome} (${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped)${report.couldNotRun === undefined ? '' : `: ${report.couldNotRun}`}\n`,
    );
    for (const result of report.results.filter((each) => each.verdict === 'fail')) {
      process.stdout.write(`  failed ${result.id}: ${result.failure?.expected.slice(0, 200) ?? ''}\n`);
    }
  }
} finally {
  served.child.kill('SIGTERM');
}
const [first, last] = [perCheck[0], perCheck[perCheck.length - 1]];
if (first !== undefined && last !== undefined && perCheck.length > 1) {
  const grown = [...last].map(([id, ms]) => ({ id, first: first.get(id) ?? 0, last: ms })).sort((a, b) => b.last - b.first - (a.last - a.first));
  process.stdout.write('checks that grew most (first → last run):\n');
  for (const { id, first: a, last: b } of grown.slice(0, 8)) process.stdout.write(`  ${id}: ${a} ms → ${b} ms\n`);
}
const ratio = durations[durations.length - 1]! / durations[0]!;
const cpuRatio = serverCpus[serverCpus.length - 1]! / serverCpus[0]!;
process.stdout.write(`last/first: ${ratio.toFixed(2)} wall time, ${cpuRatio.toFixed(2)} server CPU (limit ${maxRatio} on wall time)\n`);
process.exitCode = ratio <= maxRatio ? 0 : 1;
