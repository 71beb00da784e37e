/**
 * Authentication, for every endpoint in the table. An authenticated endpoint
 * refuses every bad Authorization header (401 with a Basic challenge, or 400
 * for another scheme) and changes nothing; a public one answers the same
 * whatever Authorization header comes along.
 */

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { buildRequest } from '../arbitraries/bad-request.js';
import { anyAuthorization, type BadCredentialKind, type BadCredentials, badCredentials, credentialsFor } from '../arbitraries/credentials.js';
import { type Check, type CheckContext, CheckFailure } from '../check.js';
import { laterEndpointOfRequest } from '../feature-level.js';
import type { TargetAuth, TargetResponse } from '../target.js';
import { type EndpointSpec, endpointKey, type PropertyEnv } from './endpoint-spec.js';
import { ENDPOINT_SPECS } from './endpoints.js';
import { propertyEnv } from './env.js';
import { type Body, describeResponse, expectWellFormed } from './envelope.js';
import { type Call, checkProperty, Recorder } from './recorder.js';

const CLAUSES = {
  required: 'auth.basic.required',
  deactivated: 'invariant.deactivated.no-auth',
  public: 'auth.public.ignores-header',
} as const;

const ENVELOPE = { envelope: 'general.envelope.error', success: 'general.envelope.success', clientError: 'general.bad-input.client-error' };

/** What the real server answers to each kind of bad credentials on /api/ paths, and the clause that says so. */
const REFUSALS: Readonly<Record<BadCredentialKind, { status: number; code: string; msg: string; clause: string }>> = {
  absent: { status: 401, code: 'UNAUTHORIZED', msg: 'Not logged in: API authentication or user session required', clause: 'auth.basic.missing-401' },
  'not-basic': { status: 400, code: 'BAD_REQUEST', msg: 'This endpoint requires HTTP basic authentication.', clause: 'auth.basic.not-basic' },
  'bad-base64': { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid authorization header for basic auth', clause: 'auth.basic.malformed' },
  'no-colon': { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid authorization header for basic auth', clause: 'auth.basic.malformed' },
  'two-colons': { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid authorization header for basic auth', clause: 'auth.basic.malformed' },
  empty: { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid authorization header for basic auth', clause: 'auth.basic.malformed' },
  'malformed-key': { status: 401, code: 'UNAUTHORIZED', msg: 'Malformed API key', clause: 'auth.basic.malformed-key' },
  'wrong-key': { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid API key', clause: 'auth.basic.invalid-key' },
  'unknown-email': { status: 401, code: 'UNAUTHORIZED', msg: 'Invalid API key', clause: 'auth.basic.invalid-key' },
  deactivated: { status: 401, code: 'UNAUTHORIZED', msg: 'Account is deactivated', clause: 'auth.basic.deactivated' },
};

/** The clause saying a public endpoint needs no credentials. */
const PUBLIC_CLAUSES: Readonly<Record<string, string>> = {
  'fetch-api-key': 'auth.fetch-api-key.unauthenticated',
  'jwt-fetch-api-key': 'auth.jwt.unauthenticated',
  'get-server-settings': 'general.server-settings.unauthenticated',
};

function expectRefused(response: TargetResponse, bad: BadCredentials): void {
  if (expectWellFormed(response, ENVELOPE) === 'success') {
    const clause = bad.kind === 'deactivated' ? CLAUSES.deactivated : CLAUSES.required;
    throw new CheckFailure(`a request with ${bad.kind} credentials to be refused; got ${describeResponse(response)}`, undefined, clause);
  }
  const wanted = REFUSALS[bad.kind];
  const body = response.body as Body;
  if (response.status !== wanted.status || body['code'] !== wanted.code || body['msg'] !== wanted.msg) {
    throw new CheckFailure(
      `${wanted.status} ${wanted.code} ${JSON.stringify(wanted.msg)} for ${bad.kind} credentials; got ${describeResponse(response)}`,
      undefined,
      wanted.clause,
    );
  }
  const challenge = response.headers['www-authenticate'] ?? '';
  if (response.status === 401 && !/^basic\b/i.test(challenge)) {
    throw new CheckFailure(`a 401 to carry a WWW-Authenticate Basic challenge; got ${JSON.stringify(challenge)}`, undefined, wanted.clause);
  }
}

/** The base request of the endpoint's bad-input table entry, unmutated: valid but for the credentials. */
function baseRequest(spec: EndpointSpec, env: PropertyEnv) {
  return buildRequest(spec, env, []);
}

async function reads(
  call: Call,
  spec: EndpointSpec,
  env: PropertyEnv,
  request: { readonly path: string; readonly params: Readonly<Record<string, string>> },
  level: number,
): Promise<unknown[]> {
  const bodies: unknown[] = [];
  // Read-backs through endpoints the level lacks cannot observe anything there.
  const observed = spec.observe(env, request).filter((read) => laterEndpointOfRequest('GET', read.path, level) === undefined);
  for (const read of observed) bodies.push((await call(env.owner, 'GET', read.path, read.params ?? {})).body);
  return bodies;
}

async function runAuthenticated(ctx: CheckContext, spec: EndpointSpec): Promise<void> {
  const env = await propertyEnv(ctx);
  const recorder = new Recorder(ctx);
  const property = fc.asyncProperty(badCredentials, (bad) =>
    recorder.execute(async () => {
      const request = baseRequest(spec, env);
      const before = await reads(recorder.call, spec, env, request, ctx.featureLevel);
      const response = await recorder.call(credentialsFor(bad, env), spec.method, request.path, request.params);
      expectRefused(response, bad);
      const after = await reads(recorder.call, spec, env, request, ctx.featureLevel);
      if (!isDeepStrictEqual(before, after)) {
        throw new CheckFailure(
          `a request refused for its credentials to change nothing; before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
          undefined,
          CLAUSES.required,
        );
      }
    }),
  );
  await checkProperty(
    ctx,
    recorder,
    { claim: `${endpointKey(spec)} refuses bad credentials`, clause: CLAUSES.required, share: spec.slow ? 0.12 : 1 },
    property,
  );
}

function comparable(response: TargetResponse): unknown {
  return { status: response.status, body: response.body };
}

/** A user with a known password, so that a key fetch can succeed; deactivated when the check ends. */
async function keyedUser(ctx: CheckContext, env: PropertyEnv): Promise<{ id: number; email: string; password: string }> {
  const email = `${ctx.unique('keyed')}@${env.domain}`.toLowerCase();
  const password = `Pw-${ctx.unique('keyed')}-7319!`;
  const made = await ctx.call(env.owner, 'POST', '/users', { email, password, full_name: ctx.unique('keyed') });
  const id = (made.body as Body | null)?.['user_id'];
  if (made.status !== 200 || typeof id !== 'number')
    throw new CheckFailure(`POST /users to create a user with a known password; got ${describeResponse(made)}`);
  return { id, email, password };
}

async function runPublic(ctx: CheckContext, spec: EndpointSpec): Promise<void> {
  const unauthenticated = PUBLIC_CLAUSES[spec.operation] ?? CLAUSES.public;
  const env = await propertyEnv(ctx);
  const recorder = new Recorder(ctx);
  const keyed = spec.operation === 'fetch-api-key' ? await keyedUser(ctx, env) : null;
  try {
    const property = fc.asyncProperty(anyAuthorization, (auth) =>
      recorder.execute(async () => {
        const request = keyed === null ? baseRequest(spec, env) : { path: spec.path, params: { username: keyed.email, password: keyed.password } };
        const header: TargetAuth = auth === 'valid' ? env.self : credentialsFor(auth, env);
        const without = await recorder.call(null, spec.method, request.path, request.params);
        const outcome = expectWellFormed(without, ENVELOPE);
        if (keyed !== null && outcome !== 'success') {
          throw new CheckFailure(
            `POST /fetch_api_key with the right password and no credentials to succeed; got ${describeResponse(without)}`,
            undefined,
            unauthenticated,
          );
        }
        if (outcome === 'error' && (without.body as Body)['code'] === 'UNAUTHORIZED') {
          throw new CheckFailure(`${endpointKey(spec)} to need no credentials; got ${describeResponse(without)}`, undefined, unauthenticated);
        }
        const withHeader = await recorder.call(header, spec.method, request.path, request.params);
        if (!isDeepStrictEqual(comparable(withHeader), comparable(without))) {
          throw new CheckFailure(
            `${endpointKey(spec)} to ignore the Authorization header; without it ${describeResponse(without)}, with it ${describeResponse(withHeader)}`,
            undefined,
            CLAUSES.public,
          );
        }
      }),
    );
    await checkProperty(
      ctx,
      recorder,
      { claim: `${endpointKey(spec)} works without credentials`, clause: CLAUSES.public, share: spec.slow ? 0.12 : 1 },
      property,
    );
  } finally {
    if (keyed !== null) await ctx.call(env.owner, 'DELETE', `/users/${keyed.id}`);
  }
}

export function authCheck(spec: EndpointSpec): Check {
  if (spec.auth === 'none') {
    return {
      id: `properties.auth.${spec.operation}`,
      title: `Given any or no Authorization header, when ${endpointKey(spec)} is called, then it answers as without one`,
      clauses: [PUBLIC_CLAUSES[spec.operation] ?? CLAUSES.public, CLAUSES.public, ENVELOPE.envelope],
      level: 'spec',
      endpoint: endpointKey(spec),
      run: (ctx) => runPublic(ctx, spec),
    };
  }
  return {
    id: `properties.auth.${spec.operation}`,
    title: `Given missing, malformed, wrong or deactivated credentials, when ${endpointKey(spec)} is called, then it is refused as the real server refuses them (401 with a Basic challenge, 400 for another scheme) and nothing changes`,
    clauses: [CLAUSES.required, CLAUSES.deactivated, ...new Set(Object.values(REFUSALS).map((refusal) => refusal.clause)), ENVELOPE.envelope],
    level: 'spec',
    endpoint: endpointKey(spec),
    run: (ctx) => runAuthenticated(ctx, spec),
  };
}

export const AUTH_CHECKS: readonly Check[] = ENDPOINT_SPECS.map(authCheck);
