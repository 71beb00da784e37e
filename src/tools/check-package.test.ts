/**
 * The cheap form of `npm run check:package`: the built declarations compile in
 * a strict project without skipLibCheck (the package linked rather than
 * installed), and `npm pack` would ship no source maps, no unused bundle and
 * the LICENSE and the spec the README cites. `npm install` builds no declarations (packing does): when dist/
 * holds none current, they are built here into a scratch copy of the package, leaving dist/ to the other tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The package folder whose declarations are current: the repository when dist/ has them, else a scratch copy. */
function packageWithDeclarations(): string {
  const check = spawnSync(process.execPath, [join(ROOT, 'src', 'tools', 'build.mjs'), '--types', '--check'], { cwd: ROOT });
  if (check.status === 0) return ROOT;
  const copy = mkdtempSync(join(tmpdir(), 'chatref-declarations-'));
  copyFileSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const tsupManifest = createRequire(import.meta.url).resolve('tsup/package.json');
  const tsup = join(tsupManifest, '..', (JSON.parse(readFileSync(tsupManifest, 'utf8')) as { bin: { tsup: string } }).bin.tsup);
  execFileSync(process.execPath, [tsup, '--silent', '--out-dir', join(copy, 'dist')], {
    cwd: ROOT,
    env: { ...process.env, CHATREF_BUILD: 'types' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return copy;
}

// Building the declarations takes about 45 s of CPU: no limit a loaded machine's slowdown would trip.
describe('the package', { timeout: 1_800_000 }, () => {
  it('has declarations that compile with tsc --strict and skipLibCheck off, as ES module and CommonJS', () => {
    const pkg = packageWithDeclarations();
    expect(existsSync(join(pkg, 'dist', 'index.d.ts')), `${pkg}/dist/index.d.ts`).toBe(true);
    const project = mkdtempSync(join(tmpdir(), 'chatref-types-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(pkg, join(project, 'node_modules', 'chatref'), 'dir');
    const imports =
      "import { createModel, createServer, defaultFixtureData, type RunningServer } from 'chatref';\nimport { ALL_CHECKS, runConformance } from 'chatref/conformance';\n";
    const usage = `
  const model = createModel({ seed: 1 });
  const server: RunningServer = await createServer({ port: 0, shutdownGraceMs: 1000, cors: { origins: ['*'] } });
  await server.close();
  const report = await runConformance({ target: 'model', only: 'users.me*' });
  console.log(model.state.realm.name, report.passed, ALL_CHECKS.length, defaultFixtureData().realm.host);
`;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(join(project, 'esm.mts'), `${imports}${usage}`);
    writeFileSync(join(project, 'cjs.cts'), `${imports}async function main(): Promise<void> {${usage}}\nvoid main();\n`);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['esm.mts', 'cjs.cts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });

  it('ships what runs, the LICENSE and the spec, and no source maps or unused bundles', () => {
    const [packed] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' })) as {
      files: { path: string }[];
    }[];
    const files = packed!.files.map((file) => file.path);
    expect(files.filter((path) => path.endsWith('.map') || path.endsWith('.cjs.map') || path === 'dist/cli/main.cjs')).toEqual([]);
    for (const path of [
      'LICENSE',
      'README.md',
      'docs/spec/team-chat-api.md',
      'dist/cli/main.js',
      'dist/index.js',
      'dist/index.cjs',
      'fixtures/default/realm.json',
      'fixtures/realm.schema.json',
      'fixtures/history.schema.json',
      'docs/fixtures.md',
    ]) {
      expect(files, path).toContain(path);
    }
    expect(files.filter((path) => path.startsWith('src/') || path.startsWith('conformance/'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const buildOnly of ['emoji-datasource', 'uuid', 'http-terminator', 'tlds', 'tsup'])
      expect(Object.keys(manifest.dependencies)).not.toContain(buildOnly);
  });

  it('cites nothing outside the repository in its README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((target) => !/^https?:/.test(target));
    for (const target of relative) expect(existsSync(join(ROOT, target)), target).toBe(true);
    expect(readme).not.toMatch(/\.\.\/shared/);
  });
});
