/**
 * `chatref serve --journal`: a server killed with SIGKILL under a write load
 * comes back with every write it acknowledged, and one killed at rest comes
 * back with the very state it had.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createModel } from '../in-process.js';
import { writeSnapshotFile } from '../store/snapshot.js';
import { HAMLET } from '../testing/default-realm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WRITERS = 20;

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly adminUrl: string;
  readonly token: string;
  readonly users: readonly { readonly email: string; readonly api_key: string; readonly role: number }[];
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function serve(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', '--seed', 'journal', ...args], { cwd: ROOT });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`chatref serve exited with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(line);
  return { child, url: info.url, adminUrl: info.admin_url, token: info.admin_token, users: info.users };
}

async function kill(started: Started): Promise<void> {
  const exited = once(started.child, 'exit');
  started.child.kill('SIGKILL');
  await exited;
}

function basic(user: Started['users'][number]): string {
  return `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
}

async function snapshotOf(server: Started): Promise<string> {
  const response = await fetch(`${server.adminUrl}/snapshot`, { headers: { authorization: `Bearer ${server.token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Message id → encoded message, from a snapshot's text. */
function messagesOf(snapshot: string): Map<number, string> {
  const table = JSON.parse(snapshot).state.messages.$table as [number, unknown][];
  return new Map(table.map(([id, message]) => [id, JSON.stringify(message)]));
}

describe('chatref serve --journal', () => {
  it('loses no acknowledged write to kill -9 under load, and restarts into the state it had', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-kill-'));
    // Started from a snapshot (--state), so that path is exercised too.
    const model = createModel({ seed: 'state' });
    model.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'state', content: 'from the snapshot' }, { auth: HAMLET });
    const stateFile = join(dir, 'state.json');
    writeSnapshotFile(stateFile, model.control.snapshot());
    const journal = join(dir, 'journal.jsonl');
    const args = ['--state', stateFile, '--journal', journal, '--admin-token', 'kill-test'];
    const first = await serve(args);
    expect(first.token).toBe('kill-test');
    const members = first.users.filter((user) => user.role <= 400);

    // Writers send messages until the server dies; each remembers what was acknowledged.
    const acknowledged: { id: number; content: string }[] = [];
    let running = true;
    const writer = async (index: number) => {
      const user = members[index % members.length]!;
      for (let n = 0; running; n++) {
        const content = `writer ${index} message ${n}`;
        try {
          const response = await fetch(`${first.url}/api/v1/messages`, {
            method: 'POST',
            headers: { authorization: basic(user) },
            body: new URLSearchParams({ type: 'stream', to: 'general', topic: `load ${index}`, content }),
          });
          const body = (await response.json()) as { id?: number };
          if (response.status === 200 && body.id !== undefined) acknowledged.push({ id: body.id, content });
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    // A snapshot taken under load: everything in it must survive too.
    const underLoad = messagesOf(await snapshotOf(first));
    await kill(first);
    running = false;
    await Promise.all(writers);

    const second = await serve(args);
    const messages = messagesOf(await snapshotOf(second));
    const lost = acknowledged.filter(({ id, content }) => !messages.get(id)?.includes(`"content":${JSON.stringify(content)}`));
    expect(lost).toEqual([]);
    for (const [id, message] of underLoad) expect(messages.get(id)).toBe(message);
    expect(messages.size).toBeGreaterThan(underLoad.size);

    // At rest, the state before a kill is the state after the restart, byte for byte.
    const owner = second.users.find((user) => user.role === 100)!;
    const status = await fetch(`${second.url}/api/v1/users/me/status`, {
      method: 'POST',
      headers: { authorization: basic(owner) },
      body: new URLSearchParams({ status_text: 'after the restart' }),
    });
    expect(status.status).toBe(200);
    const beforeKill = await snapshotOf(second);
    await kill(second);
    const third = await serve(args);
    expect(await snapshotOf(third)).toBe(beforeKill);
    await kill(third);
  });
});
