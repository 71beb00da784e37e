// `npm run check:package`: packs chatref as npm would publish it, installs the
// tarball into a fresh project and compiles a file importing `chatref` and
// `chatref/conformance` (as ES module and as CommonJS) with `tsc --strict`
// and without skipLibCheck. Prints the tarball's size and refuses source maps
// and bundles nothing runs. Needs the npm registry for the package's
// dependencies. `--no-build` packs the dist/ already built.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const build = !process.argv.includes('--no-build');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const work = mkdtempSync(join(tmpdir(), 'chatref-package-'));
try {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', work, ...(build ? [] : ['--ignore-scripts'])], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )[0];
  const tarball = join(work, packed.filename);
  const files = packed.files.map((file) => file.path);
  const unwanted = files.filter((path) => path.endsWith('.map') || path === 'dist/cli/main.cjs');
  if (unwanted.length > 0) throw new Error(`the package carries files nothing runs: ${unwanted.join(', ')}`);
  for (const required of [
    'LICENSE',
    'README.md',
    'docs/spec/team-chat-api.md',
    'docs/fixtures.md',
    'fixtures/realm.schema.json',
    'fixtures/history.schema.json',
    'dist/cli/main.js',
  ]) {
    if (!files.includes(required)) throw new Error(`the package lacks ${required}`);
  }
  process.stdout.write(
    `${packed.filename}: ${files.length} files, ${(statSync(tarball).size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked\n`,
  );

  const project = join(work, 'consumer');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, '@types/node@20'], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const usage = `
const model = createModel({ seed: 1 });
const server: RunningServer = await createServer({ port: 0, shutdownGraceMs: 1000 });
await server.close();
const report = await runConformance({ target: 'model', only: 'users.me*' });
console.log(model.state.realm.name, report.passed, ALL_CHECKS.length, defaultFixtureData().realm.host);
`;
  writeFileSync(
    join(project, 'esm.mts'),
    `import { createModel, createServer, defaultFixtureData, type RunningServer } from 'chatref';\nimport { ALL_CHECKS, runConformance } from 'chatref/conformance';\n${usage}`,
  );
  writeFileSync(
    join(project, 'cjs.cts'),
    `import { createModel, createServer, defaultFixtureData, type RunningServer } from 'chatref';\nimport { ALL_CHECKS, runConformance } from 'chatref/conformance';\nasync function main(): Promise<void> {${usage}}\nvoid main();\n`,
  );
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
      },
      files: ['esm.mts', 'cjs.cts'],
    }),
  );
  execFileSync(process.execPath, [TSC, '-p', project], { stdio: 'inherit' });
  process.stdout.write(
    `types compile with tsc --strict, skipLibCheck off, as ES module and CommonJS (${readdirSync(join(project, 'node_modules')).length} packages installed)\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
