#!/usr/bin/env node
// Builds dist/: the emoji table (src/model/emoji/unicode-emoji.json), the JS bundles (tsup.config.ts) and, when
// asked, the type declarations. `npm install` runs it as `prepare`, `npm pack` as `prepack` (with --types),
// `npm run build` with --force.
//
//   node src/tools/build.mjs            build the JS bundles unless dist/ was built from these very inputs
//   node src/tools/build.mjs --types    the same, and the type declarations (running needs none; packing does)
//   node src/tools/build.mjs --force    build even when dist/ is current (with --types, the declarations too)
//   node src/tools/build.mjs --check    build nothing; exit 0 when dist/ is current (with --types, its
//                                       declarations too), 1 when a build would run
//
// dist/.build-stamp.json holds a hash of the inputs (src/, conformance/, fixtures/ but their *.test.ts files,
// the configs, package.json, package-lock.json) and the files each step wrote. When the hash matches and those
// files are there, the step is skipped: a second `npm install`, or the one npm runs for the first `npx chatref`
// in a clone, rebuilds nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-stamp.json');
const EMOJI_TABLE = join(ROOT, 'src', 'model', 'emoji', 'unicode-emoji.json');
const INPUT_DIRS = ['src', 'conformance', 'fixtures'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsup.config.ts', 'tsconfig.json'];

/** Every input file, relative to the root with `/` separators, sorted. */
function inputFiles() {
  const files = [...INPUT_FILES];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile() && !entry.name.endsWith('.test.ts') && join(ROOT, path) !== EMOJI_TABLE) {
        files.push(path);
      }
    }
  };
  for (const dir of INPUT_DIRS) walk(dir);
  return files.sort();
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of inputFiles())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return {};
  }
}

/** The files under dist/, relative to it with `/` separators; declarations apart from the rest. */
function distFiles() {
  const all = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path !== STAMP) all.push(relative(DIST, path).split(sep).join('/'));
    }
  };
  if (existsSync(DIST)) walk(DIST);
  const isDeclaration = (file) => /\.d\.c?ts$/.test(file);
  return { js: all.filter((file) => !isDeclaration(file)).sort(), types: all.filter(isDeclaration).sort() };
}

const present = (files) => Array.isArray(files) && files.length > 0 && files.every((file) => existsSync(join(DIST, file)));

/** Runs node with `args` in the root; `quiet` keeps its output unless it fails. */
function run(args, { env = {}, quiet = false } = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status === 0) return;
  if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
  throw new Error(`build step failed (exit ${result.status ?? result.signal}): node ${args.join(' ')}`);
}

function tsup(mode) {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsup/package.json');
  const bin = JSON.parse(readFileSync(manifestPath, 'utf8')).bin;
  run([join(dirname(manifestPath), typeof bin === 'string' ? bin : bin.tsup), '--silent'], { env: { CHATREF_BUILD: mode } });
}

/**
 * Loads every entry as the package's users do. tsup makes CommonJS chunks by rewriting ES modules, which breaks
 * on a top-level binding named like a CommonJS global (`exports`, `module`, `require`): found here, not by a user.
 */
function verifyEntries() {
  // conformance/vitest.cjs is left out: vitest itself refuses require().
  const script = `
for (const entry of ['index', 'conformance/index']) require('./dist/' + entry + '.cjs');
Promise.all(['index', 'conformance/index', 'conformance/vitest'].map((entry) => import('./dist/' + entry + '.js'))).catch((error) => {
  console.error(error);
  process.exit(1);
});
`;
  run(['-e', script], { quiet: true });
  run([join(DIST, 'cli', 'main.js'), '--version'], { quiet: true });
}

function megabytes(files) {
  return (files.reduce((sum, file) => sum + statSync(join(DIST, file)).size, 0) / 1024 / 1024).toFixed(1);
}

function main(argv) {
  const force = argv.includes('--force');
  const types = argv.includes('--types');
  const check = argv.includes('--check');
  const inputs = inputsHash();
  const stamp = readStamp();
  const jsCurrent = stamp.inputs === inputs && present(stamp.js) && existsSync(EMOJI_TABLE);
  const typesCurrent = jsCurrent && present(stamp.types);
  const buildJs = force || !jsCurrent;
  const buildTypes = types && (force || buildJs || !typesCurrent);

  if (check) {
    const state = buildJs ? 'is older than its inputs, or incomplete' : buildTypes ? 'lacks current declarations' : 'is current';
    process.stderr.write(`chatref: dist/ ${state}\n`);
    process.exit(buildJs || buildTypes ? 1 : 0);
  }
  if (!buildJs && !buildTypes) {
    process.stderr.write(`chatref: dist/ is current (its build stamp matches the inputs); skipped the build\n`);
    return;
  }

  const started = Date.now();
  let js = stamp.js;
  if (buildJs) {
    rmSync(DIST, { recursive: true, force: true });
    run([join(ROOT, 'src', 'tools', 'generate-emoji-table.mjs')]);
    tsup('js');
    verifyEntries();
    js = distFiles().js;
    writeFileSync(STAMP, `${JSON.stringify({ inputs, js }, null, 2)}\n`);
  }
  let declarations = [];
  if (buildTypes) {
    for (const file of stamp.types ?? []) rmSync(join(DIST, file), { force: true });
    tsup('types');
    declarations = distFiles().types;
    writeFileSync(STAMP, `${JSON.stringify({ inputs, js, types: declarations }, null, 2)}\n`);
  }
  const built = [buildJs ? `JS bundles, ${js.length} files, ${megabytes(js)} MB` : '', buildTypes ? `declarations, ${declarations.length} files` : '']
    .filter(Boolean)
    .join('; ');
  process.stderr.write(`chatref: built dist/ (${built}) in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`chatref: ${error.message}\n`);
  process.exit(1);
}
