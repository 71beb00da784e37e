#!/usr/bin/env node
/**
 * `npm test` on a busy machine: starts two CPU hogs per core (what a shared
 * CI runner looks like), runs the suite beside them, stops them by their PIDs
 * and reports the time, the load and the result. Exits with the suite's code.
 *
 *   npm run test:under-load              # two hogs per core
 *   npm run test:under-load -- --hogs 6  # another number
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

const cores = availableParallelism();
const flag = process.argv.indexOf('--hogs');
const hogs = flag === -1 ? 2 * cores : Number(process.argv[flag + 1]);
if (!Number.isInteger(hogs) || hogs < 0) {
  console.error(`test-under-load: --hogs must be a whole number, not ${process.argv[flag + 1]}`);
  process.exit(2);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const children = Array.from({ length: hogs }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

console.log(`test-under-load: ${hogs} CPU hogs on ${cores} cores (pids ${children.map((child) => child.pid).join(' ')}); load ${load()}`);
const started = Date.now();
const suite = spawn('npm', ['test'], { stdio: 'inherit' });
const [code, signal] = await new Promise((resolve) => suite.once('exit', (...result) => resolve(result)));
const seconds = Math.round((Date.now() - started) / 1000);
const loadAtEnd = load();
stopHogs();
const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
console.log(`test-under-load: npm test ${result} in ${Math.floor(seconds / 60)} min ${seconds % 60} s beside ${hogs} CPU hogs; load ${loadAtEnd}`);
process.exit(code ?? 1);
