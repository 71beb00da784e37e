/**
 * POST /users/me/presence: the answer's formats, what a report records, the
 * incremental form and the refusals. Each check reports as a fresh user the
 * run deactivates at the end, so no presence outlives the run's users.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { delay } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { paramSince, sendsKeyAt } from '../../feature-level.js';
import { isModernEntry, isPresencesDict, recordedPresence, report } from './support.js';

const UPDATE = 'POST /users/me/presence';

async function formats(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  const legacy = expectSuccess(await report(ctx, user, { status: 'active' }), 'presence.update.legacy');
  expectTrue(
    isPresencesDict(legacy['presences'], 'legacy'),
    `legacy presences keyed by email, got ${JSON.stringify(legacy['presences'])}`,
    'presence.update.legacy',
  );
  expectTrue(
    typeof legacy['server_timestamp'] === 'number',
    `a numeric server_timestamp, got ${JSON.stringify(legacy['server_timestamp'])}`,
    'presence.update.legacy',
  );
  // presence_last_update_id and last_update_id from 263.
  const withUpdateIds = sendsKeyAt(ctx.featureLevel, 'update-presence', 'presence_last_update_id');
  if (withUpdateIds)
    expectTrue(
      Number.isInteger(legacy['presence_last_update_id']),
      `an integer presence_last_update_id, got ${JSON.stringify(legacy)}`,
      'presence.update.legacy',
    );
  expectSuccess(await recordedPresence(ctx, user, user.userId), 'presence.update.recorded');
  const modernAsks: readonly Record<string, string>[] = [{ slim_presence: 'true' }, ...(withUpdateIds ? [{ last_update_id: '-1' }] : [])];
  for (const params of modernAsks) {
    const modern = expectSuccess(await report(ctx, user, { status: 'active', ...params }), 'presence.update.modern');
    const presences = modern['presences'] as Record<string, unknown>;
    expectTrue(
      isPresencesDict(presences, 'modern'),
      `modern presences keyed by user id with ${JSON.stringify(params)}, got ${JSON.stringify(presences)}`,
      'presence.update.modern',
    );
    const own = presences[String(user.userId)];
    expectTrue(isModernEntry(own), `the reporter's own row among ${JSON.stringify(presences)}`, 'presence.update.recorded');
    expectTrue(
      own.active_timestamp === own.idle_timestamp && own.active_timestamp <= Number(modern['server_timestamp']) + 1,
      `an active report to set both timestamps to the report's time, got ${JSON.stringify(own)} at ${String(modern['server_timestamp'])}`,
      'presence.update.recorded',
    );
  }
}

async function pingOnly(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  const body = expectSuccess(await report(ctx, user, { status: 'idle', ping_only: 'true' }), 'presence.update.ping-only');
  expectEqual(
    ['presences', 'server_timestamp', 'presence_last_update_id'].filter((key) => key in body),
    [],
    'presence keys in a ping_only answer',
    'presence.update.ping-only',
  );
}

async function incremental(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  expectSuccess(await report(ctx, user, { status: 'idle' }));
  expectSuccess(await recordedPresence(ctx, user, user.userId), 'presence.update.recorded');
  const first = expectSuccess(await report(ctx, user, { status: 'idle', last_update_id: '-1' }), 'presence.update.incremental');
  const seen = first['presence_last_update_id'] as number;
  // An idle report so soon after the last one changes nothing: there is nothing newer to answer.
  const next = expectSuccess(await report(ctx, user, { status: 'idle', last_update_id: String(seen) }), 'presence.update.incremental');
  expectEqual(next['presences'], {}, `presences changed after ${seen}`, 'presence.update.incremental');
  expectEqual(next['presence_last_update_id'], seen, 'presence_last_update_id when nothing changed', 'presence.update.incremental');
  if (ctx.featureLevel < (paramSince('update-presence', 'history_limit_days') ?? 0)) return;
  const none = expectSuccess(await report(ctx, user, { status: 'idle', history_limit_days: '0' }), 'presence.update.history');
  expectEqual(none['presences'], {}, 'presences with history_limit_days 0', 'presence.update.history');
}

async function invalidStatus(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  expectError(await report(ctx, user, { status: 'away' }), 400, 'BAD_REQUEST', 'Invalid status: away', 'presence.update.invalid-status');
  await delay(500);
  expectError(
    await ctx.call(user, 'GET', `/users/${user.userId}/presence`),
    400,
    'BAD_REQUEST',
    `No presence data for ${user.userId}`,
    'presence.update.invalid-status',
  );
}

async function disabled(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  expectSuccess(await ctx.call(user, 'PATCH', '/settings', { presence_enabled: 'false' }), 'presence.update.disabled');
  expectSuccess(await report(ctx, user, { status: 'active' }), 'presence.update.disabled');
  await delay(500);
  expectError(
    await ctx.call(user, 'GET', `/users/${user.userId}/presence`),
    400,
    'BAD_REQUEST',
    `No presence data for ${user.userId}`,
    'presence.update.disabled',
  );
}

export const UPDATE_PRESENCE_CHECKS = defineChecks([
  {
    id: 'presence.update.formats',
    title:
      'Given a fresh user, when they report active, then the answer is legacy by email, or modern by id with slim_presence or last_update_id, and shows their row',
    clauses: ['presence.update.legacy', 'presence.update.modern', 'presence.update.recorded'],
    level: 'compat',
    endpoint: UPDATE,
    run: formats,
  },
  {
    id: 'presence.update.ping-only',
    title: 'Given a user, when they report with ping_only, then the answer carries no presence data',
    clauses: ['presence.update.ping-only'],
    level: 'compat',
    endpoint: UPDATE,
    run: pingOnly,
  },
  {
    id: 'presence.update.incremental',
    title:
      'Given a recorded user, when they ask with the last presence_last_update_id, then nothing newer comes and the id comes back; history_limit_days 0 gives nothing',
    clauses: ['presence.update.incremental', 'presence.update.history', 'presence.update.recorded'],
    level: 'compat',
    endpoint: UPDATE,
    // Changelog 263: last_update_id and presence_last_update_id.
    since: paramSince('update-presence', 'last_update_id'),
    run: incremental,
  },
  {
    id: 'presence.update.invalid-status',
    title: 'Given a fresh user, when they report status "away", then it is "Invalid status: away" and no presence is recorded',
    clauses: ['presence.update.invalid-status'],
    level: 'compat',
    endpoint: UPDATE,
    run: invalidStatus,
  },
  {
    id: 'presence.update.disabled',
    title: 'Given a fresh user with presence_enabled off, when they report active, then no presence is recorded',
    clauses: ['presence.update.disabled'],
    level: 'compat',
    endpoint: UPDATE,
    run: disabled,
  },
]);
