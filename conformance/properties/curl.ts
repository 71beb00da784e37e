/**
 * Turns recorded requests into a runnable shell script of curl lines, so a
 * shrunk counterexample can be replayed by hand against any server:
 * `CHATREF_URL=http://127.0.0.1:9991 sh repro.sh`.
 */
import type { TargetAuth } from '../target.js';

export interface CurlRequest {
  readonly auth: TargetAuth;
  readonly method: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
}

/** POSIX single-quoting: the only character that needs care is the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Control characters (NUL above all) cannot travel in a shell argument, so such values go pre-encoded. */
const UNSAFE_IN_ARGUMENT = /[\u0000-\u001f\u007f]/;

function dataArgument(name: string, value: string): string {
  if (UNSAFE_IN_ARGUMENT.test(value) || UNSAFE_IN_ARGUMENT.test(name)) {
    return `--data ${shellQuote(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)}`;
  }
  // --data-urlencode encodes only what follows the first '=', so a name with '=' or '%' is pre-encoded.
  if (/[=%&+]/.test(name)) return `--data ${shellQuote(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)}`;
  return `--data-urlencode ${shellQuote(`${name}=${value}`)}`;
}

function authArgument(auth: TargetAuth): string | null {
  if (auth === null) return null;
  if (typeof auth === 'string') return `-H ${shellQuote(`Authorization: ${auth}`)}`;
  return `-u ${shellQuote(`${auth.email}:${auth.apiKey}`)}`;
}

/** Percent-encodes what a URL path may not carry raw, keeping '/' separators. */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(safeDecode(segment)))
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One request as one curl command line (GET parameters go in the query via -G). */
export function curlLine(request: CurlRequest): string {
  const parts = ['curl -sS'];
  const method = request.method.toUpperCase();
  if (method === 'GET') parts.push('-G');
  else parts.push(`-X ${method}`);
  parts.push(`"$CHATREF_URL/api/v1${encodePath(request.path).replaceAll('"', '%22')}"`);
  const auth = authArgument(request.auth);
  if (auth !== null) parts.push(auth);
  for (const [name, value] of Object.entries(request.params ?? {})) parts.push(dataArgument(name, value));
  return parts.join(' ');
}

/** A whole script: header comments, then one line per request with a blank `echo` between answers. */
export function curlScript(requests: readonly CurlRequest[], comments: readonly string[] = []): string {
  const lines = ['#!/bin/sh', ': "${CHATREF_URL:=http://127.0.0.1:9991}"', ...comments.map((comment) => `# ${comment.replaceAll('\n', '\n# ')}`)];
  for (const request of requests) lines.push(`${curlLine(request)}; echo`);
  return lines.join('\n');
}
