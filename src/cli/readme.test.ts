/**
 * The README's shell commands, as a newcomer runs them: every command in a
 * ```sh block is either run here (its block as one bash script, in a scratch
 * folder, on a free port instead of 9991) or names what exercises it. A
 * command added to the README without either fails the first test.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The ```sh blocks, each as its commands: continuation lines joined, comments dropped. */
function shellBlocks(): string[][] {
  const blocks: string[][] = [];
  for (const match of README.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    const commands = match[1]!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) =>
        line
          .replace(/\s{2,}#.*$/, '')
          .replace(/^#.*$/, '')
          .trim(),
      )
      .filter((line) => line !== '');
    blocks.push(commands);
  }
  return blocks;
}

/** Commands exercised elsewhere (skipped when their block runs here): the file that does it, and how. */
const ELSEWHERE: { command: RegExp; file: string; how: string }[] = [
  { command: /^npm install$/, file: '.ci/run', how: 'installs with npm ci (the same prepare build) before it tests' },
  { command: /^npm test$/, file: '.ci/run', how: 'runs it' },
  { command: /^npm install && npm test$/, file: '.ci/run', how: 'runs npm ci, then npm test' },
  { command: /^npm install && npm start$/, file: 'src/cli/readme.test.ts', how: 'runs npm start (with --silent) in the step-by-step block' },
  { command: /^npm run lint$/, file: '.ci/run', how: 'runs it' },
  {
    command: /^npm run check:package$/,
    file: 'src/tools/check-package.test.ts',
    how: 'compiles the built declarations the same way (the script installs from the registry)',
  },
  { command: /^npx chatref conform --url /, file: 'conformance/suite.http.test.ts', how: 'runs the whole suite against `chatref serve` the same way' },
  { command: /^npm run conform:soak /, file: 'conformance/soak.ts', how: 'is the command; its runs are long by design (many seeds)' },
];

/** Blocks run here, by their first command, and what their output must show. */
const RUN: { first: RegExp; shows: RegExp[]; server?: boolean }[] = [
  {
    first: /^npm install$/,
    shows: [/^\d+\.\d+\.\d+$/m, /^\{"url":"http:\/\/127\.0\.0\.1:(?!9991)\d+"/m, /"email":"iago@chatref\.test"/, /"result":"success"/],
  },
  {
    first: /^node dist\/cli\/main\.js serve --cors /,
    shows: [
      /^\[api\]\nemail=iago@chatref\.test\nkey=IagoAdministratorKey000000000002\nsite=http:\/\/127\.0\.0\.1:\d+$/m,
      /^HTTP\/1\.1 204/m,
      /access-control-allow-origin: http:\/\/localhost:5173/i,
    ],
  },
  { first: /^npx chatref conform --target model /, shows: [/\d+ passed, 0 failed/] },
  { first: /^TOKEN=/, server: true, shows: [/"result":"success"/] },
  { first: /^npm test$/, shows: [/run 1\n {2}requests sent before SIGTERM: \d+\n {4}answered: \d+\n {4}reset: 0\n/, /exit code: 0/] },
];

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}

/** A scratch folder whose `npx chatref` runs the built CLI and whose `npm` works on this repository. */
function scratch(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'chatref-readme-'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const npx = execFileSync('sh', ['-c', 'command -v npx'], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\nif [ "$1" = chatref ]; then shift; exec "${process.execPath}" "${ROOT}dist/cli/main.js" "$@"; fi\nexec "${npx}" "$@"\n`,
  );
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\nexec "${npm}" --prefix "${ROOT}" "$@"\n`);
  chmodSync(join(bin, 'npx'), 0o755);
  chmodSync(join(bin, 'npm'), 0o755);
  return { dir, env: { ...process.env, PATH: `${bin}:${process.env['PATH']}` } };
}

async function runBlock(commands: string[], server: boolean): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const { dir, env } = scratch();
  // The free port for the default one: in the URLs, and for a server started without --port.
  const lines = commands
    .filter((command) => !ELSEWHERE.some((entry) => entry.command.test(command)))
    .map((command) =>
      command
        .replaceAll('9991', String(port))
        .replace(/^npx chatref serve(?!.*--port)/, `npx chatref serve --port ${port}`)
        // The blocks run in a scratch folder: the clone's built CLI by its full path.
        .replace(/^node dist\/cli\/main\.js serve(?!.*--port)/, `node dist/cli/main.js serve --port ${port}`)
        .replace(/^node dist\/cli\/main\.js /, `node "${ROOT}dist/cli/main.js" `),
    );
  const preamble = server
    ? [
        `node "${ROOT}dist/cli/main.js" serve --port ${port} > first.json &`,
        'until [ -s first.json ]; do sleep 0.1; done',
        `TOKEN_VALUE=$(node -e "console.log(JSON.parse(require('fs').readFileSync('first.json','utf8').split('\\n')[0]).admin_token)")`,
      ]
    : [];
  const body = lines.map((line) => line.replace(/^TOKEN=…$/, 'TOKEN=$TOKEN_VALUE'));
  // Whatever the block leaves running when a command fails is stopped with it.
  const script = ['set -eu', "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT", ...preamble, ...body, server ? 'kill %1' : '', 'wait'].join('\n');
  const child = spawn('bash', ['-c', script], { cwd: dir, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('the README', () => {
  it('has every shell command run here or covered by a named test', () => {
    const blocks = shellBlocks();
    expect(blocks.length).toBeGreaterThan(3);
    for (const block of blocks) {
      const runHere = RUN.some((entry) => entry.first.test(block[0]!));
      for (const command of block) {
        const elsewhere = ELSEWHERE.some((entry) => entry.command.test(command));
        expect(runHere || elsewhere, `README command not exercised: ${command}`).toBe(true);
      }
    }
    for (const entry of ELSEWHERE) expect(existsSync(join(ROOT, entry.file)), entry.file).toBe(true);
  });

  for (const entry of RUN) {
    it(`runs the block that starts with ${entry.first.source.replace(/\\/g, '')}`, async () => {
      expect(existsSync(join(ROOT, 'dist', 'cli', 'main.js')), 'dist/cli/main.js: run npm run build').toBe(true);
      const block = shellBlocks().find((commands) => entry.first.test(commands[0]!));
      expect(block, 'the block is in the README').toBeDefined();
      const { code, output } = await runBlock(block!, entry.server === true);
      expect(code, output).toBe(0);
      for (const pattern of entry.shows) expect(output).toMatch(pattern);
    });
  }
});
