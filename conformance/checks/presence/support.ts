/** Shared arrangements for the presence checks: reports, polling for a report the server records in the background, format tests. */
import type { Actor, CheckContext } from '../../check.js';
import { CheckFailure } from '../../check.js';
import { delay } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import type { TargetResponse } from '../../target.js';

/** The real server records presence in a queue worker: a report may show a moment after it is answered. */
const RECORD_WAIT_MS = 5_000;

export function report(ctx: CheckContext, actor: Actor, params: Readonly<Record<string, string>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/users/me/presence', params);
}

/** GET /users/{id}/presence as `viewer`, retried until it succeeds (or the wait is over: the last answer). */
export async function recordedPresence(ctx: CheckContext, viewer: Actor, userId: number): Promise<TargetResponse> {
  const deadline = Date.now() + RECORD_WAIT_MS;
  for (;;) {
    const response = await ctx.call(viewer, 'GET', `/users/${userId}/presence`);
    if (response.status === 200 || Date.now() > deadline) return response;
    await delay(200);
  }
}

/** The user's API email (the address others' legacy presence dicts are keyed by). */
export async function apiEmailOf(ctx: CheckContext, viewer: Actor, userId: number): Promise<string> {
  const user = expectSuccess(await ctx.call(viewer, 'GET', `/users/${userId}`))['user'] as Record<string, unknown> | undefined;
  if (typeof user?.['email'] !== 'string') throw new CheckFailure(`GET /users/${userId} to answer the user's email, got ${JSON.stringify(user)}`);
  return user['email'];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hasExactly(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  return isObject(value) && Object.keys(value).length === keys.length && keys.every((key) => key in value);
}

const STATUSES = ['active', 'idle'];

/** One user's entry in the legacy format of a realm-wide fetch. */
export function isLegacyEntry(value: unknown): boolean {
  if (!hasExactly(value, ['aggregated', 'website'])) return false;
  const { aggregated, website } = value;
  return (
    hasExactly(aggregated, ['client', 'status', 'timestamp']) &&
    aggregated['client'] === 'website' &&
    STATUSES.includes(aggregated['status'] as string) &&
    Number.isInteger(aggregated['timestamp']) &&
    hasExactly(website, ['client', 'status', 'timestamp', 'pushable']) &&
    website['client'] === 'website' &&
    website['pushable'] === false &&
    STATUSES.includes(website['status'] as string) &&
    Number.isInteger(website['timestamp'])
  );
}

/** One user's entry in the modern format. */
export function isModernEntry(value: unknown): value is { active_timestamp: number; idle_timestamp: number } {
  return hasExactly(value, ['active_timestamp', 'idle_timestamp']) && Number.isInteger(value['active_timestamp']) && Number.isInteger(value['idle_timestamp']);
}

/** Every entry of a presences dict fits, and its keys are user ids (modern) or addresses (legacy). */
export function isPresencesDict(value: unknown, format: 'legacy' | 'modern'): boolean {
  if (!isObject(value)) return false;
  return Object.entries(value).every(([key, entry]) =>
    format === 'modern' ? /^[0-9]+$/.test(key) && isModernEntry(entry) : key.includes('@') && isLegacyEntry(entry),
  );
}
