/** `chatref serve`'s options for how the server treats connections, browsers and files of credentials. */
import { DEFAULT_HEADER_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_SHUTDOWN_GRACE_MS } from '../http/server.js';
import { UsageError } from './usage-error.js';

export const CONNECTION_USAGE = `  --grace SECONDS    on SIGINT/SIGTERM, how long requests already received may take to finish (default ${DEFAULT_SHUTDOWN_GRACE_MS / 1000})
  --header-timeout S a request's headers must arrive within S seconds, else 408 (default ${DEFAULT_HEADER_TIMEOUT_MS / 1000}, as nginx)
  --request-timeout S
                     a whole request, body included, must arrive within S seconds, else 408 (default ${DEFAULT_REQUEST_TIMEOUT_MS / 1000})
  --max-connections N
                     connections open at once; more are closed as they arrive (default ${DEFAULT_MAX_CONNECTIONS})
  --cors ORIGIN      let browser pages from ORIGIN (e.g. http://localhost:5173, or *) call the API; repeatable
  --zuliprc DIR      write DIR/<email>.zuliprc for every active user, bots too ([api] email, key, site)`;

export const CONNECTION_OPTIONS = {
  grace: { type: 'string' },
  'header-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  cors: { type: 'string', multiple: true },
  zuliprc: { type: 'string' },
} as const;

export interface ConnectionArgs {
  readonly shutdownGraceMs: number;
  readonly headerTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly maxConnections: number;
  readonly cors: readonly string[];
  readonly zuliprc: string | undefined;
}

/** Longest a timeout may be (node's timers stop at about 24 days). */
const MAX_SECONDS = 86_400;

function seconds(name: string, text: string | undefined, defaultMs: number, allowZero: boolean): number {
  if (text === undefined) return defaultMs;
  const value = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || value > MAX_SECONDS || (value === 0 && !allowZero)) {
    throw new UsageError(`--${name} must be a number of seconds${allowZero ? '' : ' above 0'} up to ${MAX_SECONDS}, not ${text}`);
  }
  return Math.round(value * 1000);
}

function origin(text: string): string {
  if (text === '*') return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--cors takes an origin such as http://localhost:5173 (or *), not ${text}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text.replace(/\/$/, '')) {
    throw new UsageError(`--cors takes an origin such as http://localhost:5173 (scheme, host and port only), not ${text}`);
  }
  return url.origin;
}

export function connectionArgs(values: {
  grace?: string;
  'header-timeout'?: string;
  'request-timeout'?: string;
  'max-connections'?: string;
  cors?: string[];
  zuliprc?: string;
}): ConnectionArgs {
  const maxConnections = values['max-connections'];
  if (maxConnections !== undefined && (!/^[0-9]+$/.test(maxConnections) || Number(maxConnections) < 1 || Number(maxConnections) > 1_000_000)) {
    throw new UsageError(`--max-connections must be a whole number from 1 to 1000000, not ${maxConnections}`);
  }
  if (values.zuliprc === '') throw new UsageError('--zuliprc needs a directory');
  return {
    shutdownGraceMs: seconds('grace', values.grace, DEFAULT_SHUTDOWN_GRACE_MS, true),
    headerTimeoutMs: seconds('header-timeout', values['header-timeout'], DEFAULT_HEADER_TIMEOUT_MS, false),
    requestTimeoutMs: seconds('request-timeout', values['request-timeout'], DEFAULT_REQUEST_TIMEOUT_MS, false),
    maxConnections: maxConnections === undefined ? DEFAULT_MAX_CONNECTIONS : Number(maxConnections),
    cors: (values.cors ?? []).map(origin),
    zuliprc: values.zuliprc,
  };
}

/** A seed is a number or a word (`--seed 3`, `--seed conformance`): printable characters without spaces. */
export function validSeed(seed: string | undefined): string | undefined {
  if (seed !== undefined && !/^[\x21-\x7e]{1,200}$/.test(seed)) {
    throw new UsageError(`--seed must be a number or a word (1 to 200 printable characters, no spaces), not ${JSON.stringify(seed)}`);
  }
  return seed;
}
