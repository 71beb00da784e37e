#!/usr/bin/env node
/** The `chatref` command. */
import { FixtureError } from '../fixtures/build-state.js';
import { CONFORM_USAGE, conform } from './conform.js';
import { SERVE_USAGE, serve } from './serve.js';
import { UsageError } from './usage-error.js';

const USAGE = `Usage: chatref <command> [options]

Commands:
  serve     run the in-memory server (chatref serve --help)
  conform   run the conformance suite against a server or the model (chatref conform --help)

${SERVE_USAGE}

${CONFORM_USAGE}`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === 'serve') {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${SERVE_USAGE}\n`);
      return 0;
    }
    await serve(rest);
    return -1;
  }
  if (command === 'conform') {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${CONFORM_USAGE}\n`);
      return 0;
    }
    return conform(rest);
  }
  throw new UsageError(`unknown command: ${command}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`chatref: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (error instanceof FixtureError) {
      process.stderr.write(`chatref: ${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof Error && 'code' in error && (error.code === 'EADDRINUSE' || error.code === 'EACCES')) {
      process.stderr.write(`chatref: cannot listen: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`chatref: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
