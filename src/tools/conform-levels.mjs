#!/usr/bin/env node
/**
 * `npm run conform:levels`: the whole conformance suite over HTTP against
 * `chatref serve --feature-level N` for every level the issue names, one
 * level after another, each judged at the level its server claims. Prints a
 * line per level (passed, failed, skipped, excluded by the level) and writes
 * reports/conform-levels/<N>.json; exits 1 when any level has a failure.
 * Levels: the arguments, else 185 237 278 334 371 421 496.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LEVELS = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [185, 237, 278, 334, 371, 421, 496];
const OUT = `${ROOT}reports/conform-levels`;
const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

function serve(level) {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--seed', 'conformance', '--feature-level', String(level)], { cwd: ROOT });
  child.stderr.resume();
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve({ child, info: JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`chatref serve --feature-level ${level} exited with ${code}`)));
  });
}

function conform(info, json) {
  const owner = info.users.find((user) => user.role === 100);
  const args = [...CLI, 'conform', '--url', info.url, '--email', owner.email, '--api-key', owner.api_key];
  args.push('--admin-url', info.admin_url, '--admin-token', info.admin_token, '--json', json);
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

mkdirSync(OUT, { recursive: true });
let failing = 0;
for (const level of LEVELS) {
  const { child, info } = await serve(level);
  const json = `${OUT}/${level}.json`;
  let code;
  try {
    code = await conform(info, json);
  } finally {
    child.kill('SIGTERM');
  }
  let line = `feature level ${level}: exit ${code}`;
  try {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    line = `feature level ${level} (judged at ${report.featureLevel}): ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.excludedByLevel} by feature level)`;
    if (report.failed > 0) failing += 1;
  } catch {
    failing += 1;
  }
  process.stdout.write(`${line}\n`);
}
process.exit(failing > 0 ? 1 : 0);
