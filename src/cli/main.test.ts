/** The `chatref` command as a new user meets it: version, one-line usage errors, bad hosts and fixtures, pipes and signals. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = [process.execPath, '--import', 'tsx', 'src/cli/main.ts'];

async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(CLI[0]!, [...CLI.slice(1), ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

// Each test starts Node with tsx; on a loaded machine that alone takes seconds.
describe('chatref', () => {
  it('prints its version', async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    // -V as well as -v: both spellings are common (npm and node take -v, curl and git -V).
    expect(await run(['-V'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('reports a usage error in one line and a pointer to --help, not the whole help, with exit code 2', async () => {
    expect(await run(['serve', '--colour', 'blue'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "chatref: unknown option --colour\nRun 'chatref serve --help' for the options.\n",
    });
    expect(await run(['serve', '--seed', 'a b'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^chatref: --seed must be .*\nRun 'chatref serve --help'/),
    });
  });

  it('exits 2 with one line for a host it cannot listen on and for an unknown fixture, naming the fixtures there are', async () => {
    const host = await run(['serve', '--port', '0', '--host', 'no-such-host.invalid']);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/^chatref: cannot listen: .*no-such-host\.invalid \(--host must be an address or name of this machine\)\n$/);
    const fixture = await run(['serve', '--port', '0', '--fixture', 'no-such-fixture']);
    expect(fixture).toEqual({
      code: 2,
      stdout: '',
      stderr: 'chatref: no fixture named or at no-such-fixture; the fixtures are default, zulip-dev (or give a path to a realm.json)\n',
    });
  });

  it('ends when the reader of its stdout has gone: `chatref serve --port 0 | head -1` shows the real port and returns', async () => {
    const child = spawn('sh', ['-c', `${CLI.join(' ')} serve --port 0 | head -1`], { cwd: ROOT });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = await once(child, 'exit');
    // It returned at all (a server that outlived its reader would hang here until the test's timeout), with 0.
    expect(code).toBe(0);
    const line = JSON.parse(stdout) as { url: string };
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.url).not.toBe('http://127.0.0.1:0');
  });

  it('writes zuliprc files for the real URL, serves CORS for the given origin, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-cli-'));
    const child = spawn(CLI[0]!, [...CLI.slice(1), 'serve', '--port', '0', '--zuliprc', dir, '--cors', 'http://app.test', '--grace', '2'], { cwd: ROOT });
    const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const { url, api_url: apiUrl } = JSON.parse(first) as { url: string; api_url: string };
    expect(readFileSync(join(dir, 'hamlet@chatref.test.zuliprc'), 'utf8')).toBe(
      `[api]\nemail=hamlet@chatref.test\nkey=HamletMemberKey00000000000000004\nsite=${url}\n`,
    );
    const preflight = await fetch(`${apiUrl}/users/me`, { method: 'OPTIONS', headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.test');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
