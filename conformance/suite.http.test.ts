/**
 * Every check of the suite over HTTP against the built CLI
 * (`node dist/cli/main.js serve --port 0 --seed conformance`), bootstrapped
 * from the owner on the server's credentials line, with the server's admin
 * token and the default realm's JWT secret, so that no check skips.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { defaultFixtureData } from '../src/fixtures/load.js';
import type { UrlTarget } from './runner.js';
import { registerConformanceTests } from './vitest.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_CLI = `${ROOT}dist/cli/main.js`;

interface ServeInfo {
  readonly url: string;
  readonly admin_url: string;
  readonly admin_token: string;
  readonly users: readonly { readonly email: string; readonly api_key: string; readonly role: number }[];
}

/** Source files changed after the build: their changes are missing from the server under test. */
function newerThanBuild(): string[] {
  const built = statSync(BUILT_CLI).mtimeMs;
  return readdirSync(`${ROOT}src`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => statSync(`${ROOT}src/${file}`).mtimeMs > built);
}

let server: ChildProcessWithoutNullStreams | undefined;
let target: UrlTarget | undefined;

beforeAll(async () => {
  // dist is built by `npm ci` (prepare); build it here only when it is missing.
  if (!existsSync(BUILT_CLI)) execFileSync('npx', ['tsup'], { cwd: ROOT, stdio: 'ignore' });
  const stale = newerThanBuild();
  if (stale.length > 0) {
    console.warn(
      `dist/cli/main.js is older than ${stale.length} source file(s) (e.g. src/${stale[0]}): run \`npx tsup\` so this suite tests the current code.`,
    );
  }
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--port', '0', '--seed', 'conformance'], { cwd: ROOT });
  server = child;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk.toString('utf8')}`.slice(-4000)));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`chatref serve exited with ${code} before printing its credentials:\n${stderr}`)));
  });
  const info = JSON.parse(firstLine) as ServeInfo;
  const owner = info.users.find((user) => user.role === 100);
  if (owner === undefined) throw new Error(`no owner on the credentials line: ${firstLine}`);
  // The control plane's clock and the default realm's JWT secret let every check run here, none skipped.
  target = {
    url: info.url,
    email: owner.email,
    apiKey: owner.api_key,
    adminUrl: info.admin_url,
    adminToken: info.admin_token,
    jwtKey: defaultFixtureData().realm.jwt_key,
  };
}, 300_000);

afterAll(() => {
  server?.kill('SIGKILL');
});

registerConformanceTests({
  name: 'conformance suite over HTTP (built CLI)',
  seed: 20_240_601,
  target: () => {
    if (target === undefined) throw new Error('the server did not start');
    return target;
  },
});
