/**
 * The whole suite over HTTP against `chatref serve --feature-level N` at
 * three levels (Zulip 7.0, a 9.x development level, Zulip 11.0): each
 * server is judged as of the level it claims, with no failure. The three
 * run side by side, one server process each; `npm run conform:levels` runs
 * all seven levels the issue names.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFixtureData } from '../src/fixtures/load.js';
import { runConformance } from './runner.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LEVELS = [185, 334, 421];
const SEED = 20_240_601;
const JWT_KEY = defaultFixtureData().realm.jwt_key;

interface ServeInfo {
  readonly url: string;
  readonly admin_url: string;
  readonly admin_token: string;
  readonly users: readonly { readonly email: string; readonly api_key: string; readonly role: number }[];
}

const servers: ChildProcessWithoutNullStreams[] = [];

/** `chatref serve --feature-level level` from the sources (so it tests the current code), and its credentials line. */
async function serve(level: number): Promise<ServeInfo> {
  const args = ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', '--seed', 'conformance', '--feature-level', String(level)];
  const child = spawn(process.execPath, args, { cwd: ROOT });
  servers.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4000)));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`chatref serve --feature-level ${level} exited with ${code} before its credentials:\n${stderr}`)));
  });
  return JSON.parse(firstLine) as ServeInfo;
}

afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
});

describe.concurrent('the suite over HTTP at older feature levels', () => {
  for (const level of LEVELS) {
    it(`passes chatref serve --feature-level ${level}, judged at the level it claims`, async () => {
      const info = await serve(level);
      const owner = info.users.find((user) => user.role === 100);
      if (owner === undefined) throw new Error('no owner on the credentials line');
      const report = await runConformance({
        target: {
          url: info.url,
          email: owner.email,
          apiKey: owner.api_key,
          adminUrl: info.admin_url,
          adminToken: info.admin_token,
          ...(JWT_KEY === null ? {} : { jwtKey: JWT_KEY }),
        },
        seed: SEED,
        runs: 3,
      });
      expect(report.featureLevel).toBe(level);
      expect(report.featureLevelSource).toBe('server');
      const failures = report.results
        .filter((result) => result.verdict === 'fail')
        .map((result) => `${result.id}: ${result.failure?.expected.slice(0, 300) ?? ''}`);
      expect(failures, `failing at feature level ${level}`).toEqual([]);
      expect(report.outcome).toBe('pass');
      // Every skip at an old level is the level's doing or a documented gap, never silent.
      for (const result of report.results.filter((each) => each.verdict === 'skip')) expect(result.skipped, result.id).toBeTruthy();
    });
  }
});
