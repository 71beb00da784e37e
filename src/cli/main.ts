#!/usr/bin/env node
/** The `chatref` command. */
import { FixtureError } from '../fixtures/build-state.js';
import { CONFORM_USAGE, conform } from './conform.js';
import { fixtureNames, packageVersion } from './package-info.js';
import { SERVE_USAGE, serve } from './serve.js';
import { StartupError, UsageError } from './usage-error.js';

const COMMANDS = `Commands:
  serve     run the in-memory server (chatref serve --help)
  conform   run the conformance suite against a server or the model (chatref conform --help)

chatref --version (or -v, -V) prints the version.`;

const USAGE = `Usage: chatref <command> [options]

${COMMANDS}

${SERVE_USAGE}

${CONFORM_USAGE}`;

/** Errors of listening on a host and port, reported in one line. */
const LISTEN_ERRORS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAFNOSUPPORT', 'EINVAL']);
/** Of those, the ones that mean the host is not one of this machine's. */
const HOST_ERRORS = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAFNOSUPPORT', 'EINVAL']);

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === '-V') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === undefined) {
    process.stderr.write(`Usage: chatref <command> [options]\n\n${COMMANDS}\n`);
    return 2;
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
  throw new UsageError(`unknown command ${command} (the commands are serve and conform)`);
}

/** node:util parseArgs's messages, shortened to what went wrong. */
function parseArgsMessage(error: Error & { code?: unknown }): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(error.message)) return `${quoted.replace(/ <value>$/, '')} needs a value`;
      if (/ambiguous/.test(error.message)) return `${quoted} needs a value (one that starts with a dash is written ${quoted}=VALUE)`;
      return error.message.split('\n')[0]!;
    default:
      return error.message.split('\n')[0]!;
  }
}

function isParseArgsError(error: unknown): error is TypeError & { code: string } {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

function report(error: unknown): number {
  const command = process.argv[2] === 'serve' || process.argv[2] === 'conform' ? `chatref ${process.argv[2]}` : 'chatref';
  if (error instanceof UsageError || isParseArgsError(error)) {
    const message = error instanceof UsageError ? error.message : parseArgsMessage(error);
    process.stderr.write(`chatref: ${message}\nRun '${command} --help' for the options.\n`);
    return 2;
  }
  if (error instanceof FixtureError) {
    const unknown = error.message.startsWith('no fixture named or at');
    process.stderr.write(`chatref: ${error.message}${unknown ? `; the fixtures are ${fixtureNames().join(', ')} (or give a path to a realm.json)` : ''}\n`);
    return 2;
  }
  if (error instanceof StartupError) {
    process.stderr.write(`chatref: ${error.message}\n`);
    return 2;
  }
  if (error instanceof Error && 'code' in error && LISTEN_ERRORS.has(String(error.code))) {
    const hint = HOST_ERRORS.has(String(error.code)) ? ' (--host must be an address or name of this machine)' : '';
    process.stderr.write(`chatref: cannot listen: ${error.message}${hint}\n`);
    return 2;
  }
  process.stderr.write(`chatref: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = report(error);
  },
);
