/**
 * A server is one version: what it claims (zulip_feature_level) is what it
 * serves. A server claiming level L sends no key of GET /server_settings or
 * POST /register, and answers no endpoint, that the feature-level table says
 * appeared after L.
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { expectSuccess, expectTrue } from '../../expect.js';
import { endpointsAddedAfter, responseKeysAddedAfter } from '../../feature-level.js';
import type { TargetResponse } from '../../target.js';

const CLAUSE = 'general.versioning.consistent';

/** A value no real object has, for the path segments of an endpoint probed only to see whether it exists. */
const MISSING_ID = '2000000000';
const MISSING_NAME = 'chatref-conformance-missing';

function claimedLevel(body: Record<string, unknown>): number {
  const level = body['zulip_feature_level'];
  expectTrue(Number.isSafeInteger(level), `an integer zulip_feature_level, got ${JSON.stringify(level)}`, 'general.versioning.feature-level');
  return level as number;
}

function keysAfter(operation: string, level: number, body: Record<string, unknown>): string[] {
  return responseKeysAddedAfter(operation, level)
    .filter(({ key }) => key in body)
    .map(({ key, since }) => `${key} (feature level ${since})`);
}

/** Whether an answer says the path is not served: 404 or 405, as an error. */
function notServed(response: TargetResponse): boolean {
  if (response.status !== 404 && response.status !== 405) return false;
  const body = response.body;
  return !(body !== null && typeof body === 'object' && (body as Record<string, unknown>)['result'] === 'success');
}

async function keys(ctx: CheckContext): Promise<void> {
  const settings = expectSuccess(await ctx.call(null, 'GET', '/server_settings'), CLAUSE);
  const level = claimedLevel(settings);
  const fromSettings = keysAfter('get-server-settings', level, settings);
  if (fromSettings.length > 0) {
    // The failure shows the check's last exchange: this GET.
    throw new CheckFailure(
      `GET /server_settings of a server claiming feature level ${level} without keys added later; got ${fromSettings.join(', ')}`,
      undefined,
      CLAUSE,
    );
  }
  const registered = expectSuccess(await ctx.call(ctx.cast.member, 'POST', '/register', {}), CLAUSE);
  const fromRegister = keysAfter('register-queue', level, registered);
  const sameLevel = registered['zulip_feature_level'] === level;
  if (!sameLevel || fromRegister.length > 0) {
    throw new CheckFailure(
      sameLevel
        ? `POST /register of a server claiming feature level ${level} without keys added later; got ${fromRegister.join(', ')}`
        : `register to claim the feature level GET /server_settings claims, ${level}; got ${JSON.stringify(registered['zulip_feature_level'])}`,
      undefined,
      CLAUSE,
    );
  }
  if (typeof registered['queue_id'] === 'string') await ctx.call(ctx.cast.member, 'DELETE', '/events', { queue_id: registered['queue_id'] });
}

/**
 * Each endpoint the table says appeared after the claimed level, asked as
 * an unknown path is: GET ones as they are, others only when a path segment
 * names an object (a missing one here), so no probe can change anything.
 */
async function endpoints(ctx: CheckContext): Promise<void> {
  const settings = expectSuccess(await ctx.call(null, 'GET', '/server_settings'), CLAUSE);
  const level = claimedLevel(settings);
  for (const added of endpointsAddedAfter(level)) {
    const hasSegments = added.path.includes('{');
    if (added.method !== 'GET' && !hasSegments) continue;
    const path = added.path.replace(/\{([^}]+)\}/g, (_, name: string) => (/_id$|^id$/.test(name) ? MISSING_ID : MISSING_NAME));
    const response = await ctx.call(ctx.cast.member, added.method, path);
    if (!notServed(response)) {
      throw new CheckFailure(
        `a server claiming feature level ${level} to answer ${added.endpoint}, added at feature level ${added.since}, as an unknown path (404 or 405); got ${response.status}`,
        undefined,
        CLAUSE,
      );
    }
  }
}

export const VERSION_CHECKS = defineChecks([
  {
    id: 'general.versioning.consistent.keys',
    title: 'Given the feature level GET /server_settings claims, then it and POST /register send no key the API added after that level',
    clauses: [CLAUSE, 'general.versioning.feature-level'],
    level: 'spec',
    endpoint: 'POST /register',
    run: keys,
  },
  {
    id: 'general.versioning.consistent.endpoints',
    title: 'Given the feature level GET /server_settings claims, then every endpoint the API added after that level answers as an unknown path',
    clauses: [CLAUSE],
    level: 'spec',
    endpoint: 'GET /server_settings',
    // Calls the endpoints the target's level lacks, on purpose.
    callsLaterEndpoints: true,
    run: endpoints,
  },
]);
