/**
 * A shell script that repeats a check's requests with curl: `-u email:key` or
 * the raw Authorization header, `--data-urlencode` per parameter, `-G` for
 * GET. Each request is preceded by a comment with the answer the run got.
 */
import type { Exchange } from '../check.js';

/** Placeholder for the server root in scripts made from the in-process model. */
export const URL_PLACEHOLDER = '$CHATREF_URL';

/** Single-quotes for sh: everything literal, `'` as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function oneLine(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = (text ?? String(value)).replace(/[\r\n]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function urlWord(baseUrl: string | undefined, path: string, root = false): string {
  const apiPath = root ? path : `/api/v1${path}`;
  if (baseUrl === undefined) return `"${URL_PLACEHOLDER}"${shellQuote(apiPath)}`;
  return shellQuote(`${baseUrl.replace(/\/+$/, '')}${apiPath}`);
}

/** One curl command (a single line, no trailing newline). */
export function curlCommand(exchange: Pick<Exchange, 'auth' | 'method' | 'path' | 'params' | 'files' | 'root'>, baseUrl?: string): string {
  const words = ['curl', '-sS'];
  const method = exchange.method.toUpperCase();
  const params = Object.entries(exchange.params);
  const files = exchange.files ?? [];
  const hasData = params.length > 0 || files.length > 0;
  if (method === 'GET' || method === 'HEAD') {
    if (method === 'HEAD') words.push('-I');
    if (params.length > 0) words.push('-G');
  } else if (method !== 'POST' || !hasData) {
    // curl sends data as POST by default; every other method (and a bare POST) needs -X.
    words.push('-X', method);
  }
  words.push(urlWord(baseUrl, exchange.path, exchange.root === true));
  const auth = exchange.auth;
  if (auth !== null && typeof auth === 'object') words.push('-u', shellQuote(`${auth.email}:${auth.apiKey}`));
  else if (typeof auth === 'string') words.push('-H', shellQuote(`Authorization: ${auth}`));
  if (files.length > 0) {
    for (const [name, value] of params) words.push('--form-string', shellQuote(`${name}=${value}`));
    for (const file of files) {
      words.push('-F', shellQuote(`${file.fieldName}=@${file.fileName};type=${file.contentType}`));
    }
  } else {
    for (const [name, value] of params) words.push('--data-urlencode', shellQuote(`${name}=${value}`));
  }
  return words.join(' ');
}

export interface CurlScriptInfo {
  readonly checkId: string;
  readonly title: string;
  readonly expected?: string;
  /** Each exchange's number in the check's whole history (default 1, 2, …), when the script holds a selection. */
  readonly numbers?: readonly number[];
  /** Comment lines after the title, e.g. how the requests were chosen. */
  readonly notes?: readonly string[];
}

/** A runnable script for all of a check's exchanges. */
export function curlScript(exchanges: readonly Exchange[], baseUrl: string | undefined, info: CurlScriptInfo): string {
  const lines = ['#!/bin/sh', `# ${oneLine(info.checkId, 500)}: ${oneLine(info.title, 500)}`];
  for (const note of info.notes ?? []) lines.push(`# ${oneLine(note, 1000)}`);
  if (baseUrl === undefined) lines.push(`# Set CHATREF_URL to the server root, e.g. CHATREF_URL=http://127.0.0.1:9991`);
  const withFiles = exchanges.some((exchange) => exchange.files.length > 0);
  if (withFiles) lines.push('# Uploaded files are not stored: create files with these names first.');
  exchanges.forEach((exchange, index) => {
    lines.push('', `# ${info.numbers?.[index] ?? index + 1}. got ${exchange.response.status} ${oneLine(exchange.response.body)}`);
    lines.push(curlCommand(exchange, baseUrl));
  });
  if (info.expected !== undefined) lines.push('', `# expected: ${oneLine(info.expected, 1000)}`);
  return `${lines.join('\n')}\n`;
}
