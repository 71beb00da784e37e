/**
 * Bad input, for every endpoint in the table: missing and mistyped
 * parameters, malformed JSON, odd numbers, odd Unicode, unknown ids in the
 * path and unknown extra parameters. The answer is always a JSON envelope,
 * an error with a 4xx status unless the input happens to be valid, and a
 * refused request (or any GET) changes nothing that reads show.
 */

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { badRequestArbitrary, buildRequest } from '../arbitraries/bad-request.js';
import type { Actor, Check, CheckContext } from '../check.js';
import { CheckFailure } from '../check.js';
import { laterEndpointOfRequest, paramSince } from '../feature-level.js';
import type { TargetAuth, TargetResponse } from '../target.js';
import { type EndpointSpec, endpointKey, type PropertyEnv, type ReadBack } from './endpoint-spec.js';
import { ENDPOINT_SPECS } from './endpoints.js';
import { propertyEnv } from './env.js';
import { describeResponse, expectWellFormed } from './envelope.js';
import { type Call, checkProperty, Recorder } from './recorder.js';

const CLAUSES = {
  envelope: 'general.envelope.error',
  success: 'general.envelope.success',
  clientError: 'general.bad-input.client-error',
  rejected: 'general.bad-input.rejected',
  noChange: 'general.bad-input.no-change',
  readNoChange: 'general.read.no-change',
} as const;

function actorFor(spec: EndpointSpec, env: PropertyEnv): TargetAuth {
  switch (spec.actor) {
    case 'owner':
      return env.owner;
    case 'self':
      return env.self;
    case 'none':
      return null;
    case 'deactivated':
      return env.deactivated;
  }
}

async function readAll(call: Call, owner: Actor, reads: readonly ReadBack[]): Promise<unknown[]> {
  const bodies: unknown[] = [];
  for (const read of reads) {
    const response = await call(owner, 'GET', read.path, read.params ?? {});
    bodies.push({ status: response.status, body: response.body });
  }
  return bodies;
}

/** The target's current address (a chance success may have changed it). */
async function refreshTarget(call: Call, env: PropertyEnv): Promise<PropertyEnv> {
  const response = await call(env.owner, 'GET', `/users/${env.target.id}`);
  const user = (response.body as { user?: { delivery_email?: unknown; email?: unknown } } | null)?.user;
  const email = typeof user?.delivery_email === 'string' ? user.delivery_email : typeof user?.email === 'string' ? user.email : env.target.email;
  return { ...env, target: { ...env.target, email } };
}

/** A 403 or 404 page in HTML, as the real server refuses on its upload paths. */
function isHtmlRefusal(response: TargetResponse): boolean {
  return (response.status === 403 || response.status === 404) && (response.headers['content-type'] ?? '').startsWith('text/html');
}

/** The endpoint as a server of `level` takes it: parameters that came later are ignored there, so bad values of them are no bad input. */
function atLevel(spec: EndpointSpec, level: number): EndpointSpec {
  const params = spec.params
    .filter((param) => level >= (paramSince(spec.operation, param.name) ?? 0))
    .map((param) => (param.requiredSince !== undefined && level < param.requiredSince ? { ...param, required: false } : param));
  const changed = params.length !== spec.params.length || params.some((param, index) => param !== spec.params[index]);
  // Read-backs through endpoints the level lacks cannot observe anything there.
  const observe: EndpointSpec['observe'] = (env, request) =>
    spec.observe(env, request).filter((read) => laterEndpointOfRequest('GET', read.path, level) === undefined);
  return { ...(changed ? { ...spec, params } : spec), observe };
}

async function runBadInput(ctx: CheckContext, fullSpec: EndpointSpec): Promise<void> {
  const spec = atLevel(fullSpec, ctx.featureLevel);
  const baseEnv = await propertyEnv(ctx);
  const recorder = new Recorder(ctx);
  const call = recorder.call;
  const needsEmail = Object.values(spec.pathParams ?? {}).includes('user-email');
  const property = fc.asyncProperty(badRequestArbitrary(spec), (mutations) =>
    recorder.execute(async () => {
      const env = needsEmail ? await refreshTarget(call, baseEnv) : baseEnv;
      const request = buildRequest(spec, env, mutations);
      // A garbled path that only an endpoint added after the level would take (PATCH /users/{email}
      // for PATCH /users/ 1 below 313) has no route there: nothing of this endpoint to judge.
      if (laterEndpointOfRequest(spec.method, request.path, ctx.featureLevel) !== undefined) return;
      const reads = spec.observe(env, request);
      const before = await readAll(call, env.owner, reads);
      const response = await call(actorFor(spec, env), spec.method, request.path, request.params);
      const outcome = spec.htmlRefusals === true && isHtmlRefusal(response) ? 'error' : expectWellFormed(response, CLAUSES);
      if (outcome === 'success') {
        await spec.cleanUp?.(env, response, call);
        if (request.verdict === 'invalid') {
          throw new CheckFailure(`the request to be refused (${request.reasons.join('; ')}); got ${describeResponse(response)}`, undefined, CLAUSES.rejected);
        }
        if (spec.method !== 'GET') return;
      }
      const after = await readAll(call, env.owner, reads);
      if (!isDeepStrictEqual(before, after)) {
        const what = outcome === 'error' ? 'a refused request to change nothing' : 'a GET request to change nothing';
        throw new CheckFailure(
          `${what}; read-back before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
          undefined,
          outcome === 'error' ? CLAUSES.noChange : CLAUSES.readNoChange,
        );
      }
    }),
  );
  await checkProperty(
    ctx,
    recorder,
    { claim: `bad input to ${endpointKey(spec)} gets a 4xx JSON error and changes nothing`, clause: CLAUSES.clientError, share: spec.slow ? 0.2 : 1 },
    property,
  );
}

export function badInputCheck(spec: EndpointSpec): Check {
  return {
    id: `properties.bad-input.${spec.operation}`,
    title: `Given bad parameters, path ids or odd text, when ${endpointKey(spec)} is called, then it answers a 4xx JSON error envelope (or success when valid) and changes nothing`,
    clauses: Object.values(CLAUSES),
    level: 'spec',
    endpoint: endpointKey(spec),
    run: (ctx) => runBadInput(ctx, spec),
  };
}

export const BAD_INPUT_CHECKS: readonly Check[] = ENDPOINT_SPECS.map(badInputCheck);
