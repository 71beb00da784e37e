import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_CLI = ['--import', 'tsx', 'src/cli/main.ts'];
const BUILT_CLI = ['dist/cli/main.js'];

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function start(cli: string[], args: string[]) {
  const child = spawn(process.execPath, [...cli, ...args], { cwd: ROOT });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  return { child, firstLine };
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, 'exit');
  return code as number | null;
}

// Each test starts a Node process; on a loaded 2-core machine that alone can take several seconds.
describe('chatref serve', () => {
  it("prints the URLs and the human users' credentials as its first line, serves them, and stops on SIGTERM", async () => {
    const { child, firstLine } = start(SOURCE_CLI, ['serve', '--port', '0', '--seed', '3']);
    const info = JSON.parse(await firstLine);
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.api_url).toBe(`${info.url}/api/v1`);
    expect(info.users.map((u: any) => u.email)).toEqual([
      'desdemona@chatref.test',
      'iago@chatref.test',
      'shiva@chatref.test',
      'hamlet@chatref.test',
      'cordelia@chatref.test',
      'polonius@chatref.test',
    ]);
    for (const user of info.users) {
      expect(Object.keys(user)).toEqual(['user_id', 'email', 'full_name', 'role', 'api_key', 'password']);
      const auth = `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
      const me: any = await (await fetch(`${info.api_url}/users/me`, { headers: { authorization: auth } })).json();
      expect(me).toMatchObject({ result: 'success', user_id: user.user_id, role: user.role });
      const key: any = await (
        await fetch(`${info.api_url}/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: user.email, password: user.password }) })
      ).json();
      expect(key.api_key).toBe(user.api_key);
    }
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('exits with 2 and the usage on bad arguments', async () => {
    const { child } = start(SOURCE_CLI, ['serve', '--port', 'many']);
    expect(await exitOf(child)).toBe(2);
    const unknown = start(SOURCE_CLI, ['serve', '--colour', 'blue']);
    expect(await exitOf(unknown.child)).toBe(2);
    const missing = start(SOURCE_CLI, ['serve', '--port', '0', '--fixture', 'no-such-fixture']);
    expect(await exitOf(missing.child)).toBe(2);
  });

  it('is installed as a built binary by npm install (prepare builds it)', async () => {
    expect(existsSync(`${ROOT}/dist/cli/main.js`)).toBe(true);
    const { child, firstLine } = start(BUILT_CLI, ['serve', '--port', '0']);
    expect(JSON.parse(await firstLine).users).toHaveLength(6);
    child.kill('SIGINT');
    expect(await exitOf(child)).toBe(0);
  });
});
