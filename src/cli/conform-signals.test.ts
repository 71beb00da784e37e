/**
 * `chatref conform` (the built CLI) interrupted by a signal: it writes the
 * report of what ran, cleans up on the server and exits 128 + the signal's
 * number; a second signal quits at once and says what it left. The run goes
 * through a proxy in this process that can hold requests, so every signal
 * lands where the test wants it: waits are for lines and requests, never
 * for time.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelOwner } from '../../conformance/runner.js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_CLI = `${ROOT}dist/cli/main.js`;
const OWNER = modelOwner();
/** A few hundred checks: the run is still in them when the signal comes. */
const ONLY = 'general.*';

beforeAll(() => {
  if (!existsSync(BUILT_CLI)) execFileSync('npx', ['tsup'], { cwd: ROOT, stdio: 'ignore' });
}, 300_000);

/** A pass-through proxy to the server whose requests can be held: `pause` queues every request, `holdIf` keeps matching ones forever. */
class HoldingProxy {
  readonly seen: string[] = [];
  paused = false;
  holdIf: (line: string) => boolean = () => false;
  private queued: (() => void)[] = [];
  private heldListeners: ((line: string) => void)[] = [];
  private readonly server: Server;

  constructor(private readonly target: URL) {
    this.server = createHttpServer((incoming, outgoing) => this.handle(incoming, outgoing));
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  resume(): void {
    this.paused = false;
    for (const forward of this.queued.splice(0)) forward();
  }

  /** Resolves with the first held request's line (or at once, if one was held already). */
  held(): Promise<string> {
    const line = this.seen.find((seen) => this.holdIf(seen));
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => this.heldListeners.push(resolve));
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }

  private handle(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const line = `${incoming.method} ${incoming.url}`;
    this.seen.push(line);
    if (this.holdIf(line)) {
      for (const listener of this.heldListeners.splice(0)) listener(line);
      return;
    }
    const forward = () => {
      const upstream = request(new URL(incoming.url ?? '/', this.target), { method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (this.paused) this.queued.push(forward);
    else forward();
  }
}

/** A child's stream split in lines, with a wait for the first line that matches. */
function lines(stream: NodeJS.ReadableStream) {
  const all: string[] = [];
  const waiting: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      all.push(line);
      for (const wait of waiting.filter((entry) => entry.test(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
    }
  });
  return {
    all,
    text: () => all.join('\n') + (rest === '' ? '' : `\n${rest}`),
    waitFor(test: (line: string) => boolean): Promise<string> {
      const found = all.find(test);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ test, resolve }));
    },
  };
}

async function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, 'exit');
  return code as number | null;
}

let server: RunningServer | undefined;
let proxy: HoldingProxy | undefined;
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  proxy?.close();
  await server?.stop();
  server = undefined;
  proxy = undefined;
});

async function start() {
  server = await createServer({ port: 0, log: () => {} });
  proxy = new HoldingProxy(new URL(server.url));
  const url = await proxy.listen();
  const json = join(mkdtempSync(join(tmpdir(), 'chatref-conform-signal-')), 'report.json');
  const args = ['conform', '--url', url, '--email', OWNER.email, '--api-key', OWNER.apiKey, '--only', ONLY, '--progress', '--json', json];
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT });
  children.push(child);
  return { child, json, stdout: lines(child.stdout), stderr: lines(child.stderr), proxy };
}

/** The run's users on the server (asked directly, not through the proxy): id → active. */
async function runUsers(runId: string): Promise<Map<number, boolean>> {
  const authorization = `Basic ${Buffer.from(`${OWNER.email}:${OWNER.apiKey}`).toString('base64')}`;
  const body = (await (await fetch(`${server!.apiUrl}/users`, { headers: { authorization } })).json()) as {
    members: { user_id: number; email: string; delivery_email?: string; is_active: boolean }[];
  };
  return new Map(body.members.filter((user) => (user.delivery_email ?? user.email).startsWith(runId)).map((user) => [user.user_id, user.is_active]));
}

async function castGuestId(runId: string): Promise<number> {
  const authorization = `Basic ${Buffer.from(`${OWNER.email}:${OWNER.apiKey}`).toString('base64')}`;
  const body = (await (await fetch(`${server!.apiUrl}/users`, { headers: { authorization } })).json()) as {
    members: { user_id: number; email: string; delivery_email?: string }[];
  };
  return body.members.find((user) => (user.delivery_email ?? user.email).startsWith(`${runId}-guest@`))!.user_id;
}

/** Runs until three checks have finished, then holds every request so the signal lands inside a check; the run's id and total. */
async function pausedAfterThreeChecks(run: Awaited<ReturnType<typeof start>>): Promise<{ runId: string; total: number }> {
  const [, runId, total] = /^run (\S+): (\d+) checks$/.exec(await run.stderr.waitFor((line) => line.startsWith('run ')))!;
  await run.stderr.waitFor((line) => line.startsWith('[3/'));
  run.proxy.paused = true;
  return { runId: runId!, total: Number(total) };
}

describe('chatref conform and signals', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`on ${signal} finishes the check in progress, writes the report of what ran, deactivates the run's users and exits ${code}`, async () => {
      const run = await start();
      const { runId, total } = await pausedAfterThreeChecks(run);
      run.child.kill(signal);
      const notice = await run.stderr.waitFor((line) => line.startsWith(`chatref conform: ${signal}: `));
      expect(notice).toMatch(
        new RegExp(`^chatref conform: ${signal}: finishing check general\\.\\S+, then cleaning up \\((Ctrl-C|${signal}) again quits at once\\)$`),
      );
      run.proxy.resume();
      expect(await exitCode(run.child)).toBe(code);

      const report = JSON.parse(readFileSync(run.json, 'utf8'));
      expect(report.outcome).toBe('interrupted');
      expect(report.interrupted).toBe(signal);
      expect(report.results.length).toBeGreaterThanOrEqual(4);
      expect(report.notRun.length).toBeGreaterThan(0);
      expect(report.runId).toBe(runId);
      expect(report.results.length + report.notRun.length).toBe(total);
      expect(report.results.map((result: { verdict: string }) => result.verdict)).not.toContain('fail');
      const lastLine = run.stdout.all.at(-1);
      expect(lastLine).toBe(
        `interrupted by ${signal}: ${report.passed} passed, 0 failed${report.skipped > 0 ? `, ${report.skipped} skipped` : ''}, ${report.notRun.length} not run`,
      );

      const users = await runUsers(report.runId);
      expect(users.size).toBeGreaterThanOrEqual(5);
      expect([...users].filter(([, active]) => active)).toEqual([]);
    });
  }

  it('a second SIGINT during the clean-up quits at once, saying which users it left', async () => {
    const run = await start();
    const { runId } = await pausedAfterThreeChecks(run);
    run.child.kill('SIGINT');
    await run.stderr.waitFor((line) => line.startsWith('chatref conform: SIGINT: '));
    // No check deactivates one of the cast; the clean-up does, the guest first of them, and that request never reaches the server.
    const guest = await castGuestId(runId);
    run.proxy.holdIf = (line) => line === `DELETE /api/v1/users/${guest}`;
    run.proxy.resume();
    await run.proxy.held();
    run.child.kill('SIGINT');
    expect(await exitCode(run.child)).toBe(130);

    const quit = run.stderr.all.find((line) => line.startsWith('chatref conform: SIGINT again: '));
    const report = JSON.parse(readFileSync(run.json, 'utf8'));
    expect(report.outcome).toBe('interrupted');
    expect(quit).toMatch(
      new RegExp(`^chatref conform: SIGINT again: quit while cleaning up; left on the target: \\d+ users \\(ids [\\d, ]+\\), all named ${report.runId}-…$`),
    );
    const left = /\(ids ([\d, ]+)\)/.exec(quit!)![1]!.split(', ').map(Number);
    const users = await runUsers(report.runId);
    // What it says it left is what is still active, and the rest was deactivated.
    expect(
      [...users]
        .filter(([, active]) => active)
        .map(([id]) => id)
        .sort(),
    ).toEqual([...left].sort());
    expect(left).toContain(guest);
    expect(left).toHaveLength(5);
  });
});
