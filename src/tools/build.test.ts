/**
 * The build stamp (src/tools/build.mjs): a build whose inputs have not changed is skipped, with one line; a
 * changed source, a missing bundle or a missing emoji table makes it build. And `npx chatref` in the clone,
 * which npm 11 answers by linking the folder into its npx cache and running its `prepare`, runs the built CLI
 * without rebuilding dist/. Needs dist/ current (npm install builds it); rebuilds nothing here.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp.json');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function build(root: string, ...args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [join(root, 'src', 'tools', 'build.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

/** A copy of the build's inputs and of dist/, where the stamp can be tried without touching the repository's. */
function scratchCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'chatref-build-'));
  for (const path of ['src', 'conformance', 'fixtures', 'dist', 'package.json', 'package-lock.json', 'tsup.config.ts', 'tsconfig.json']) {
    cpSync(join(ROOT, path), join(copy, path), { recursive: true });
  }
  return copy;
}

beforeAll(() => {
  const { status, stderr } = build(ROOT, '--check');
  expect(status, `${stderr}dist/ must be built from the current sources: run npm run build`).toBe(0);
});

// Copies and child processes only: no limit a loaded machine's slowdown would trip.
describe('the build stamp', { timeout: 600_000 }, () => {
  it('skips a build whose inputs are unchanged, with one line, and writes nothing', () => {
    const copy = scratchCopy();
    const stamp = readFileSync(join(copy, 'dist', '.build-stamp.json'), 'utf8');
    const bundle = statSync(join(copy, 'dist', 'cli', 'main.js')).mtimeMs;
    const { status, stderr } = build(copy);
    expect(status).toBe(0);
    expect(stderr).toBe('chatref: dist/ is current (its build stamp matches the inputs); skipped the build\n');
    expect(readFileSync(join(copy, 'dist', '.build-stamp.json'), 'utf8')).toBe(stamp);
    expect(statSync(join(copy, 'dist', 'cli', 'main.js')).mtimeMs).toBe(bundle);
    rmSync(copy, { recursive: true, force: true });
  });

  it('counts sources and configs as inputs, not tests', () => {
    const copy = scratchCopy();
    writeFileSync(join(copy, 'src', 'tools', 'build.test.ts'), '// edited\n');
    expect(build(copy, '--check').status, 'a test file edited').toBe(0);
    writeFileSync(join(copy, 'src', 'index.ts'), `${readFileSync(join(copy, 'src', 'index.ts'), 'utf8')}// edited\n`);
    expect(build(copy, '--check').status, 'a source file edited').toBe(1);
    cpSync(join(ROOT, 'src', 'index.ts'), join(copy, 'src', 'index.ts'));
    expect(build(copy, '--check').status, 'the source restored').toBe(0);
    writeFileSync(join(copy, 'tsup.config.ts'), `${readFileSync(join(copy, 'tsup.config.ts'), 'utf8')}// edited\n`);
    expect(build(copy, '--check').status, 'the tsup config edited').toBe(1);
    rmSync(copy, { recursive: true, force: true });
  });

  it('builds when a bundle or the generated emoji table is missing, and declarations only when asked', () => {
    const copy = scratchCopy();
    const declarations = (JSON.parse(readFileSync(join(copy, 'dist', '.build-stamp.json'), 'utf8')) as { types?: string[] }).types;
    expect(build(copy, '--types', '--check').status, 'declarations asked for').toBe(declarations === undefined ? 1 : 0);
    rmSync(join(copy, 'src', 'model', 'emoji', 'unicode-emoji.json'));
    expect(build(copy, '--check').status, 'the emoji table missing').toBe(1);
    cpSync(join(ROOT, 'src', 'model', 'emoji', 'unicode-emoji.json'), join(copy, 'src', 'model', 'emoji', 'unicode-emoji.json'));
    expect(build(copy, '--check').status, 'the emoji table back').toBe(0);
    rmSync(join(copy, 'dist', 'index.cjs'));
    expect(build(copy, '--check').status, 'a bundle missing').toBe(1);
    rmSync(copy, { recursive: true, force: true });
  });
});

describe('npx chatref in the clone', { timeout: 600_000 }, () => {
  it('runs the built CLI through a new npx cache without rebuilding dist/', () => {
    const stamp = readFileSync(STAMP, 'utf8');
    const bundle = statSync(join(ROOT, 'dist', 'cli', 'main.js')).mtimeMs;
    const cache = mkdtempSync(join(tmpdir(), 'chatref-npx-cache-'));
    const result = spawnSync(npx, ['--offline', 'chatref', '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: cache },
    });
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${manifest.version}\n`);
    // npm took the path that runs `prepare`: the clone linked into the new cache.
    const [installed] = readdirSync(join(cache, '_npx'));
    expect(realpathSync(join(cache, '_npx', installed!, 'node_modules', 'chatref'))).toBe(realpathSync(ROOT));
    expect(readFileSync(STAMP, 'utf8')).toBe(stamp);
    expect(statSync(join(ROOT, 'dist', 'cli', 'main.js')).mtimeMs).toBe(bundle);
    rmSync(cache, { recursive: true, force: true });
  });
});
