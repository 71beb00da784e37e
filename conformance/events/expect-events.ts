/**
 * Assertions about what a queue received. A pattern names the fields that
 * matter: at the top level an event must have at least those keys (`id` and
 * keys the pattern leaves out are not compared, unless `exactEvent` says
 * so); a nested plain object or list must equal the pattern exactly, and a
 * Matcher (`match.*`) says anything looser.
 */
import { CheckFailure } from '../check.js';
import { EVENT_WAIT_MS, type EventQueue, type QueueEvent } from './queue.js';

export interface Matcher {
  readonly describe: string;
  test(value: unknown): boolean;
}

const MATCHER = Symbol('matcher');

function matcher(describe: string, test: (value: unknown) => boolean): Matcher {
  return { describe, test, [MATCHER]: true } as Matcher;
}

function isMatcher(value: unknown): value is Matcher {
  return value !== null && typeof value === 'object' && MATCHER in value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether `value` fits `expected`: a Matcher decides for itself, objects and lists compare exactly, element by element. */
export function fits(value: unknown, expected: unknown): boolean {
  if (isMatcher(expected)) return expected.test(value);
  if (Array.isArray(expected)) return Array.isArray(value) && value.length === expected.length && expected.every((item, index) => fits(value[index], item));
  if (isObject(expected)) {
    if (!isObject(value)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(value).length && keys.every((key) => key in value && fits(value[key], expected[key]));
  }
  return Object.is(value, expected);
}

/** A pattern with its matchers spelled out, for messages. */
export function describePattern(expected: unknown): string {
  return JSON.stringify(expected, (_key, value: unknown) => (isMatcher(value) ? `<${value.describe}>` : value)) ?? String(expected);
}

function hasAll(value: unknown, pattern: Readonly<Record<string, unknown>>): boolean {
  return isObject(value) && Object.entries(pattern).every(([key, expected]) => key in value && fits(value[key], expected));
}

export const match = {
  /** An object with at least these keys (values compared by the same rules). */
  including: (pattern: Readonly<Record<string, unknown>>): Matcher =>
    matcher(`object including ${describePattern(pattern)}`, (value) => hasAll(value, pattern)),
  /** A list with at least one element that fits (an object pattern: including those keys). */
  listWith: (pattern: unknown): Matcher =>
    matcher(
      `list with ${describePattern(pattern)}`,
      (value) => Array.isArray(value) && value.some((item) => (isObject(pattern) && !isMatcher(pattern) ? hasAll(item, pattern) : fits(item, pattern))),
    ),
  /** A list holding every one of these values (any order, others allowed). */
  containing: (values: readonly unknown[]): Matcher =>
    matcher(
      `list containing ${describePattern(values)}`,
      (value) => Array.isArray(value) && values.every((wanted) => value.some((item) => fits(item, wanted))),
    ),
  /** These values in any order, nothing else. */
  sameMembers: (values: readonly unknown[]): Matcher =>
    matcher(
      `exactly ${describePattern(values)} in any order`,
      (value) => Array.isArray(value) && value.length === values.length && values.every((wanted) => value.some((item) => fits(item, wanted))),
    ),
  string: (): Matcher => matcher('a string', (value) => typeof value === 'string'),
  integer: (): Matcher => matcher('an integer', (value) => Number.isInteger(value)),
  object: (): Matcher => matcher('an object', isObject),
  /** Anything satisfying the predicate. */
  where: (describe: string, test: (value: unknown) => boolean): Matcher => matcher(describe, test),
} as const;

/** An event pattern: at least these top-level keys. */
export type EventPattern = Readonly<Record<string, unknown>> | Matcher;

/** An event with exactly these keys besides `id`. */
export function exactEvent(pattern: Readonly<Record<string, unknown>>): Matcher {
  return matcher(`event exactly ${describePattern(pattern)} (plus id)`, (value) => {
    if (!isObject(value)) return false;
    const { id: _id, ...rest } = value;
    return fits(rest, pattern);
  });
}

function eventFits(event: QueueEvent, pattern: EventPattern): boolean {
  return isMatcher(pattern) ? pattern.test(event) : hasAll(event, pattern);
}

function showEvents(events: readonly QueueEvent[], max = 2500): string {
  const text = JSON.stringify(events);
  return text.length > max ? `${text.slice(0, max)}… (${events.length} events)` : text;
}

export interface ExpectEventsOptions {
  /** What is being checked, e.g. "renaming a user". */
  readonly what: string;
  readonly clause?: string;
  /** The patterns must be met in this order (default: any order). */
  readonly ordered?: boolean;
  /** Only events from this position of `queue.received` on count (default 0). */
  readonly from?: number;
  /** How long to wait for a missing event when the queue is not settled (default EVENT_WAIT_MS). */
  readonly waitMs?: number;
}

/**
 * Each pattern is met by a distinct event of the queue. A pattern not met
 * yet is waited for (long-poll), unless the queue is settled, in which case
 * everything has arrived. Returns the matching events, in pattern order.
 */
export async function expectEvents(queue: EventQueue, patterns: readonly EventPattern[], options: ExpectEventsOptions): Promise<QueueEvent[]> {
  const from = options.from ?? 0;
  const found: QueueEvent[] = [];
  let position = from;
  for (const pattern of patterns) {
    const candidate = (event: QueueEvent, index: number) =>
      index >= (options.ordered === true ? position : from) && !found.includes(event) && eventFits(event, pattern);
    let index = queue.received.findIndex((event, at) => candidate(event, at));
    if (index === -1 && !queue.settled) {
      const arrived = await queue.waitFor((event) => candidate(event, queue.received.indexOf(event)), options.waitMs ?? EVENT_WAIT_MS);
      index = arrived === undefined ? -1 : queue.received.indexOf(arrived);
    }
    if (index === -1) {
      const order = options.ordered === true && found.length > 0 ? ` after ${describePattern(found[found.length - 1])}` : '';
      throw new CheckFailure(
        `${options.what}: ${queue.label}'s queue to receive ${describePattern(pattern)}${order}; it received ${showEvents(queue.since(from))}`,
        undefined,
        options.clause,
      );
    }
    found.push(queue.received[index]!);
    position = index + 1;
  }
  return found;
}

/** No received event (from position `from` on) satisfies `predicate`; meant for a settled queue. */
export function expectNoEvents(queue: EventQueue, predicate: (event: QueueEvent) => boolean, options: Omit<ExpectEventsOptions, 'ordered' | 'waitMs'>): void {
  const unwanted = queue.since(options.from ?? 0).filter(predicate);
  if (unwanted.length > 0) {
    throw new CheckFailure(`${options.what}: ${queue.label}'s queue to receive nothing about it, got ${showEvents(unwanted)}`, undefined, options.clause);
  }
}

/** How many received events (from `from` on) fit the pattern. */
export function countEvents(queue: EventQueue, pattern: EventPattern, from = 0): number {
  return queue.since(from).filter((event) => eventFits(event, pattern)).length;
}
