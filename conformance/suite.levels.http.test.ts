/**
 * `chatref serve --feature-level N` over HTTP at four releases, judged as
 * of the level each claims: the whole suite at Zulip 11.0 (421) with no
 * failure, and at Zulip 7.0, 9.0 and 10.0 the version-consistency checks
 * (the server reports that level and sends nothing, and serves no endpoint,
 * that the feature-level table says appeared later). The whole suite at
 * every level is `npm run conform:levels`; below 421 some checks still send
 * or expect the newer forms. One level at a time: the suite's time-limit
 * checks move a real clock, and four servers at once on two cores would
 * starve the other test file's.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFixtureData } from '../src/fixtures/load.js';
import { runConformance } from './runner.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each level, and the checks run there (undefined: all). */
const LEVELS: readonly (readonly [number, string | undefined])[] = [
  [185, 'general.versioning.*'],
  [277, 'general.versioning.*'],
  [371, 'general.versioning.*'],
  [421, undefined],
];
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

describe('chatref serve at older feature levels, judged at the level it claims', () => {
  for (const [level, only] of LEVELS) {
    it(`passes ${only ?? 'the whole suite'} at --feature-level ${level}`, async () => {
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
        ...(only === undefined ? {} : { only }),
      });
      expect(report.featureLevel).toBe(level);
      expect(report.featureLevelSource).toBe('server');
      const failures = report.results
        .filter((result) => result.verdict === 'fail')
        .map((result) => `${result.id}: ${result.failure?.expected.slice(0, 300) ?? ''}`);
      expect(failures, `failing at feature level ${level}`).toEqual([]);
      expect(report.outcome).toBe('pass');
      const passed = report.results.filter((result) => result.verdict === 'pass').map((result) => result.id);
      expect(passed).toEqual(expect.arrayContaining(['general.versioning.consistent.keys', 'general.versioning.consistent.endpoints']));
    });
  }
});
