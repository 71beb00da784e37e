/** `chatref conform` end to end through the built CLI: exit codes, stdout's last line, report files. */
import { execFile, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressReporter } from '../src/cli/conform.js';
import { ALL_CHECKS } from './checks/index.js';
import type { CheckResult } from './report/types.js';
import { DEFAULT_SEED } from './runner.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_CLI = `${ROOT}dist/cli/main.js`;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function conform(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BUILT_CLI, 'conform', ...args], { cwd: ROOT, timeout: 240_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function lastLine(text: string): string | undefined {
  return text.trimEnd().split('\n').at(-1);
}

beforeAll(() => {
  if (!existsSync(BUILT_CLI)) execFileSync('npx', ['tsup'], { cwd: ROOT, stdio: 'ignore' });
}, 300_000);

describe('chatref conform', () => {
  it('runs the chosen checks on the model, writes the reports and ends with `N passed, M failed`', async () => {
    const first = ALL_CHECKS[0];
    const dir = mkdtempSync(join(tmpdir(), 'chatref-conform-'));
    const files = { json: join(dir, 'r.json'), junit: join(dir, 'r.xml'), html: join(dir, 'r.html') };
    const only = first?.id ?? 'no-check-exists-yet';
    const run = await conform('--target', 'model', '--only', only, '--seed', '7', '--json', files.json, '--junit', files.junit, '--html', files.html);
    if (first === undefined) {
      expect(run.code).toBe(2);
      return;
    }
    const report = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(run.code).toBe(report.failed > 0 ? 1 : 0);
    expect(lastLine(run.stdout)).toBe(`${report.passed} passed, ${report.failed} failed`);
    expect(report.passed + report.failed).toBeGreaterThanOrEqual(1);
    expect(report.results.map((result: { id: string }) => result.id)).toContain(first.id);
    expect(report.seed).toBe(7);
    expect(readFileSync(files.junit, 'utf8')).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(readFileSync(files.html, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    // Piped: no progress on stderr.
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(', seed 7, ');
  });

  it('uses the fixed default seed and says so', async () => {
    const first = ALL_CHECKS[0]!;
    const dir = mkdtempSync(join(tmpdir(), 'chatref-conform-'));
    const json = join(dir, 'r.json');
    const run = await conform('--target', 'model', '--only', first.id, '--json', json);
    expect(JSON.parse(readFileSync(json, 'utf8')).seed).toBe(DEFAULT_SEED);
    expect(run.stdout).toContain(`, seed ${DEFAULT_SEED}, `);
  });

  it('exits 2 with one line saying what is wrong and a pointer to --help on bad arguments', async () => {
    const cases = [
      [],
      ['--target', 'elsewhere'],
      ['--url', 'http://x'],
      ['--target', 'model', '--level', 'strict'],
      ['--target', 'model', '--runs', '0'],
      ['--target', 'model', '--colour'],
    ];
    const runs = await Promise.all(cases.map((args) => conform(...args)));
    runs.forEach((run, index) => {
      expect(run.code, cases[index]!.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^chatref: [^\n]+\nRun 'chatref conform --help' for the options\.\n$/);
    });
  });

  it('exits 2 with one line and no count when the server cannot be reached or --only matches nothing', async () => {
    const unreachable = await conform('--url', 'http://127.0.0.1:9', '--email', 'owner@example.com', '--api-key', 'k');
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^chatref conform: could not run: cannot reach http:\/\/127\.0\.0\.1:9: GET \/server_settings got no answer \([^\n]*\)\n$/,
    );
    expect(unreachable.stdout).toBe('');
    const nothing = await conform('--target', 'model', '--only', 'zzz-no-such-check');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe('chatref conform: could not run: no check matches --only zzz-no-such-check\n');
    expect(nothing.stdout).toBe('');
  });

  it('exits 2 with one line saying what answered what when a foreign server answers the set-up 503 with HTML', async () => {
    const page = `<html><head><title>503 Service Temporarily Unavailable</title></head><body>${'<p>busy</p>\n'.repeat(800)}</body></html>`;
    const foreign = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end(page);
    });
    foreign.listen(0, '127.0.0.1');
    await once(foreign, 'listening');
    const url = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'chatref-conform-'));
    try {
      const run = await conform('--url', url, '--email', 'owner@example.com', '--api-key', 'k', '--json', join(dir, 'r.json'));
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `chatref conform: could not run: ${url} answered GET /users/me with 503 text/html "503 Service Temporarily Unavailable" (a server error)\n`,
      );
      expect(run.stdout).toBe('');
      const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
      expect([report.outcome, report.results, report.notRun.length]).toEqual(['could not run', [], ALL_CHECKS.length]);
    } finally {
      foreign.close();
    }
  });

  it('prints its help with exit 0', async () => {
    const run = await conform('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--api-key KEY');
  });
});

describe('progress', () => {
  const check = ALL_CHECKS[0]!;
  const result = (verdict: 'pass' | 'fail'): CheckResult => ({ ...check, verdict, durationMs: 1, requests: 1 }) as CheckResult;

  function feed(isTTY: boolean): string {
    let written = '';
    const progress = progressReporter({
      isTTY,
      columns: 200,
      write: (text: string) => {
        written += text;
        return true;
      },
    });
    progress.onProgress({ kind: 'bootstrapped', total: 2, runId: 'crx' });
    progress.onProgress({ kind: 'started', index: 0, total: 2, check });
    progress.onProgress({ kind: 'finished', index: 0, total: 2, result: result('fail') });
    progress.onProgress({ kind: 'finished', index: 1, total: 2, result: result('pass') });
    progress.end();
    return written;
  }

  it('rewrites one line on a terminal with checks done, the total and failures so far, then clears it', () => {
    const written = feed(true);
    expect(written).toContain('\r\x1b[K[1/2] 1 failed  ');
    expect(written).toContain('\r\x1b[K[2/2] 1 failed  ');
    expect(written.endsWith('\r\x1b[K')).toBe(true);
    expect(written).not.toContain('\n');
  });

  it('is silent when not on a terminal', () => {
    expect(feed(false)).toBe('');
  });

  it('writes a line per finished check with --progress, on a terminal or not', () => {
    for (const isTTY of [false, true]) {
      let written = '';
      const write = (text: string) => {
        written += text;
        return true;
      };
      const progress = progressReporter({ isTTY, columns: 80, write }, { lines: true });
      progress.onProgress({ kind: 'bootstrapped', total: 2, runId: 'crx' });
      progress.onProgress({ kind: 'started', index: 0, total: 2, check });
      progress.onProgress({ kind: 'finished', index: 0, total: 2, result: result('fail') });
      progress.end();
      expect(written).toBe(`run crx: 2 checks\n[1/2] fail ${check.id}\n`);
    }
  });
});
