/** Reading presence: one user's (GET /users/{user_id_or_email}/presence), the realm's (GET /realm/presence) and register's keys. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { apiEmailOf, isPresencesDict, recordedPresence, report } from './support.js';

const USER = 'GET /users/{user_id_or_email}/presence';
/** An id no run's user reaches. */
const UNKNOWN_USER_ID = 2_000_000_000;

function isStatusAndTimestamp(value: unknown, statuses: readonly string[]): boolean {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return Object.keys(entry).length === 2 && statuses.includes(entry['status'] as string) && Number.isInteger(entry['timestamp']);
}

async function oneUser(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const user = await ctx.newUser();
  expectSuccess(await report(ctx, user, { status: 'idle' }));
  const byId = expectSuccess(await recordedPresence(ctx, member, user.userId), 'presence.user.legacy');
  const presence = byId['presence'] as Record<string, unknown>;
  expectEqual(Object.keys(presence ?? {}).sort(), ['aggregated', 'website'], 'the keys of presence', 'presence.user.legacy');
  // A user who never was active counts as active at their date_joined, so a new user's first idle report may read active.
  expectTrue(
    isStatusAndTimestamp(presence['website'], ['active', 'idle']),
    `website {status, timestamp}, got ${JSON.stringify(presence['website'])}`,
    'presence.user.legacy',
  );
  expectTrue(
    isStatusAndTimestamp(presence['aggregated'], ['active', 'idle', 'offline']),
    `aggregated {status, timestamp}, got ${JSON.stringify(presence['aggregated'])}`,
    'presence.user.legacy',
  );
  const email = await apiEmailOf(ctx, member, user.userId);
  const byEmail = expectSuccess(await ctx.call(member, 'GET', `/users/${encodeURIComponent(email)}/presence`), 'presence.user.by-email');
  expectEqual(byEmail['presence'], presence, `presence of ${email} by email`, 'presence.user.by-email');
}

async function errors(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const user = await ctx.newUser();
  expectError(await ctx.call(member, 'GET', `/users/${UNKNOWN_USER_ID}/presence`), 400, 'BAD_REQUEST', 'No such user', 'presence.user.errors');
  expectError(
    await ctx.call(member, 'GET', `/users/${user.userId}/presence`),
    400,
    'BAD_REQUEST',
    `No presence data for ${user.userId}`,
    'presence.user.errors',
  );
  const email = await apiEmailOf(ctx, member, user.userId);
  expectError(
    await ctx.call(member, 'GET', `/users/${encodeURIComponent(email)}/presence`),
    400,
    'BAD_REQUEST',
    `No presence data for ${email}`,
    'presence.user.errors',
  );
}

async function realm(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const user = await ctx.newUser();
  expectSuccess(await report(ctx, user, { status: 'active' }));
  expectSuccess(await recordedPresence(ctx, member, user.userId));
  const body = expectSuccess(await ctx.call(member, 'GET', '/realm/presence'), 'presence.realm.legacy');
  expectTrue(isPresencesDict(body['presences'], 'legacy'), `legacy presences, got ${JSON.stringify(body['presences'])}`, 'presence.realm.legacy');
  const email = await apiEmailOf(ctx, member, user.userId);
  expectTrue(email in (body['presences'] as object), `the reporter ${email} among the realm's presences`, 'presence.realm.legacy');
  expectTrue(
    typeof body['server_timestamp'] === 'number',
    `a numeric server_timestamp, got ${JSON.stringify(body['server_timestamp'])}`,
    'presence.realm.legacy',
  );
  expectTrue(!('presence_last_update_id' in body), 'no presence_last_update_id in GET /realm/presence', 'presence.realm.legacy');
}

/** register's presence_last_update_id appeared here. */
const PRESENCE_LAST_UPDATE_ID_LEVEL = 263;

async function register(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  for (const [params, format] of [
    [{}, 'legacy'],
    [{ slim_presence: 'true' }, 'modern'],
  ] as const) {
    const response = await ctx.call(member, 'POST', '/register', { fetch_event_types: '["presence"]', ...params });
    const body = expectSuccess(response, 'presence.register');
    if (typeof body['queue_id'] === 'string') await ctx.call(member, 'DELETE', '/events', { queue_id: body['queue_id'] });
    expectTrue(isPresencesDict(body['presences'], format), `${format} presences from register, got ${JSON.stringify(body['presences'])}`, 'presence.register');
    // presence_last_update_id appeared at feature level 263: absent below it.
    const lastUpdateId =
      ctx.featureLevel >= PRESENCE_LAST_UPDATE_ID_LEVEL ? Number.isInteger(body['presence_last_update_id']) : !('presence_last_update_id' in body);
    expectTrue(
      typeof body['server_timestamp'] === 'number' && lastUpdateId,
      `server_timestamp and ${ctx.featureLevel >= PRESENCE_LAST_UPDATE_ID_LEVEL ? 'an integer' : 'no (before feature level 263)'} presence_last_update_id from register, got ${JSON.stringify({ server_timestamp: body['server_timestamp'], presence_last_update_id: body['presence_last_update_id'] })}`,
      'presence.register',
    );
  }
}

export const READ_PRESENCE_CHECKS = defineChecks([
  {
    id: 'presence.user.legacy',
    title:
      'Given a user who reported idle, when a member reads their presence by id and by API email, then both answer {website, aggregated} of {status, timestamp}',
    clauses: ['presence.user.legacy', 'presence.user.by-email'],
    level: 'compat',
    endpoint: USER,
    run: oneUser,
  },
  {
    id: 'presence.user.errors',
    title: 'Given an unknown id and a user who never reported, when a member reads their presence, then "No such user" and "No presence data for <as asked>"',
    clauses: ['presence.user.errors'],
    level: 'compat',
    endpoint: USER,
    run: errors,
  },
  {
    id: 'presence.realm.legacy',
    title: 'Given a user who reported, when a member reads GET /realm/presence, then it lists them in the legacy format, without presence_last_update_id',
    clauses: ['presence.realm.legacy'],
    level: 'compat',
    endpoint: 'GET /realm/presence',
    run: realm,
  },
  {
    id: 'presence.register',
    title:
      'Given a member, when they register for presence (with and without slim_presence), then presences, server_timestamp and presence_last_update_id come in that format',
    clauses: ['presence.register'],
    level: 'compat',
    endpoint: 'POST /register',
    run: register,
  },
]);
