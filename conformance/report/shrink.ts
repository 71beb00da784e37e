/**
 * The shortest reproduction of a failure a run can name without re-running
 * anything: the failing request, every write before it (state a server keeps
 * may be what broke), and only those reads whose answers a kept request uses
 * (an id it sends). Reads change nothing on a server that follows the spec,
 * so leaving the others out keeps the failure; capped to the last few kept.
 */
import type { Exchange } from '../check.js';

export const MAX_REPRODUCTION = 10;

export interface Reproduction {
  /** Indexes into the check's exchanges, in order; the failing one last. */
  readonly kept: readonly number[];
  /** How many requests the check had sent up to and including the failing one. */
  readonly outOf: number;
  /** Kept writes left out only to stay within the cap. */
  readonly capped: number;
}

function isRead(exchange: Pick<Exchange, 'method'>): boolean {
  const method = exchange.method.toUpperCase();
  return method === 'GET' || method === 'HEAD';
}

/** Words a request sends: path segments, parameter values (and the numbers and strings inside JSON values), credentials. */
function sentWords(exchange: Exchange): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of text.match(/[A-Za-z0-9_.@+-]+/g) ?? []) words.add(word);
  };
  add(exchange.path);
  for (const value of Object.values(exchange.params)) add(value);
  const auth = exchange.auth;
  if (auth !== null && typeof auth === 'object') {
    words.add(auth.email);
    words.add(auth.apiKey);
  } else if (typeof auth === 'string') add(auth);
  return words;
}

const ID_KEY = /(^id$|_id$|_ids$|^ids$|^api_key$|^queue_id$)/;

/** Values an answer hands out that a later request may send back: ids and keys. */
function handedOut(body: unknown, key = '', into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(body)) {
    for (const item of body) handedOut(item, key, into);
  } else if (body !== null && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) handedOut(value, name, into);
  } else if (ID_KEY.test(key) && (typeof body === 'number' || typeof body === 'string')) {
    into.add(String(body));
  }
  return into;
}

/** Picks the requests that reproduce the failure at `failing` (an index into `exchanges`). */
export function shrinkReproduction(exchanges: readonly Exchange[], failing: number, max = MAX_REPRODUCTION): Reproduction {
  // Where a write first sent or handed out each value: a read after that point is not where the value comes from.
  const firstWrite = new Map<string, number>();
  exchanges.slice(0, failing).forEach((exchange, index) => {
    if (isRead(exchange)) return;
    for (const value of [...sentWords(exchange), ...handedOut(exchange.response.body)]) {
      if (!firstWrite.has(value)) firstWrite.set(value, index);
    }
  });
  const needed = sentWords(exchanges[failing]!);
  // Values a kept request later in the history already hands out: an earlier read of them is not needed.
  const supplied = new Set<string>();
  const kept = [failing];
  for (let index = failing - 1; index >= 0; index--) {
    const exchange = exchanges[index]!;
    const gives = handedOut(exchange.response.body);
    const keep = !isRead(exchange) || [...gives].some((value) => needed.has(value) && !supplied.has(value) && (firstWrite.get(value) ?? index) >= index);
    if (!keep) continue;
    kept.push(index);
    for (const value of gives) supplied.add(value);
    for (const word of sentWords(exchange)) needed.add(word);
  }
  kept.reverse();
  const capped = Math.max(0, kept.length - max);
  return { kept: kept.slice(capped), outOf: failing + 1, capped };
}

/** Where the failure showed in the check's exchanges: its own exchange (by the response object, else by value), else the last. */
export function failingIndex(exchanges: readonly Exchange[], shown: Exchange | undefined): number {
  if (shown !== undefined) {
    const same = exchanges.findLastIndex((exchange) => exchange.response === shown.response);
    if (same >= 0) return same;
    const alike = exchanges.findLastIndex(
      (exchange) =>
        exchange.method === shown.method &&
        exchange.path === shown.path &&
        exchange.response.status === shown.response.status &&
        JSON.stringify(exchange.response.body) === JSON.stringify(shown.response.body),
    );
    if (alike >= 0) return alike;
  }
  return exchanges.length - 1;
}
