/** Every file argument of `chatref serve` that cannot be used ends it with one line on stderr and exit code 2, never a stack trace. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'chatref-serve-files-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory\n');
const defaultRealm = readFileSync(join(ROOT, 'fixtures/default/realm.json'), 'utf8');
const badRole = join(dir, 'role.json');
writeFileSync(badRole, defaultRealm.replace('"role": 400,', '"role": "admin",'));
const badJson = join(dir, 'comma.json');
writeFileSync(badJson, defaultRealm.replace('"full_name": "Desdemona",', '"full_name": "Desdemona"'));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

// Each case starts a Node process; on a loaded 2-core machine that alone can take several seconds.
describe('chatref serve with a file it cannot use', () => {
  it.each([
    [
      'a fixture with a wrong value',
      ['--fixture', badRole],
      new RegExp(`^chatref: ${badRole}:\\d+:\\d+: users\\[3\\]\\.role: "admin" is not one of 100 \\(owner\\), `),
    ],
    [
      'a fixture that is not JSON',
      ['--fixture', badJson],
      new RegExp(`^chatref: ${badJson}:72:7: not JSON: expected ',' or '}' after the value of "full_name"`),
    ],
    ['a journal in a missing folder', ['--journal', join(dir, 'missing', 'j.jsonl')], /^chatref: cannot open the journal .*missing\/j\.jsonl: ENOENT: /],
    ['a journal that is a folder', ['--journal', dir], /^chatref: cannot open the journal .*: EISDIR: /],
    ['a journal below a file', ['--journal', join(aFile, 'j.jsonl')], /^chatref: cannot open the journal .*: ENOTDIR: /],
    ['a missing state', ['--state', join(dir, 'missing.json')], /^chatref: cannot read .*missing\.json: ENOENT: /],
    ['a zuliprc folder that is a file', ['--zuliprc', aFile], /^chatref: cannot write zuliprc files: EEXIST: /],
  ])('%s: one line, exit 2', async (_label, args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});
