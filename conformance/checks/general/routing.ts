/** Unknown paths and wrong methods, answered the way the real server answers them. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectTrue } from '../../expect.js';
import type { TargetAuth, TargetResponse } from '../../target.js';

function isObject(body: unknown): body is Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body);
}

/** 405 with "Method Not Allowed", the allowed methods in the body and in an Allow header. The real body has no `code`, so none is required. */
function expectMethodNotAllowed(response: TargetResponse, mustAllow: readonly string[], what: string): void {
  expectEqual(response.status, 405, `the status of ${what}`);
  const body = response.body;
  expectTrue(
    isObject(body) && body['result'] === 'error' && body['msg'] === 'Method Not Allowed',
    `${what}: a JSON error body "Method Not Allowed", got ${JSON.stringify(body)}`,
  );
  const allowed = (body as Record<string, unknown>)['allowed_methods'];
  expectTrue(
    Array.isArray(allowed) && mustAllow.every((method) => allowed.includes(method)),
    `${what}: allowed_methods to include ${mustAllow.join(', ')}, got ${JSON.stringify(allowed)}`,
  );
  const header = (response.headers['allow'] ?? '').split(',').map((method) => method.trim());
  expectTrue(
    mustAllow.every((method) => header.includes(method)),
    `${what}: an Allow header with ${mustAllow.join(', ')}, got ${JSON.stringify(response.headers['allow'])}`,
  );
}

async function wrongMethods(ctx: CheckContext, auth: TargetAuth): Promise<void> {
  const member = ctx.cast.member;
  expectMethodNotAllowed(await ctx.call(auth, 'PUT', `/users/${member.userId}`), ['GET', 'PATCH', 'DELETE'], 'PUT /users/{user_id}');
  expectMethodNotAllowed(await ctx.call(auth, 'DELETE', `/users/${encodeURIComponent(member.email)}`), ['GET', 'PATCH'], 'DELETE /users/{email}');
  expectMethodNotAllowed(await ctx.call(auth, 'POST', '/server_settings'), ['GET'], 'POST /server_settings');
  expectMethodNotAllowed(await ctx.call(auth, 'PUT', '/realm/profile_fields'), ['GET', 'POST'], 'PUT /realm/profile_fields');
}

export const ROUTING_CHECKS = defineChecks([
  {
    id: 'general.routing.not-found',
    title: 'Given a path no endpoint serves, when it is called with or without credentials, then the answer is 404',
    clauses: ['general.routing.not-found'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      for (const auth of [ctx.cast.member, null]) {
        const response = await ctx.call(auth, 'GET', '/chatref_no_such_endpoint');
        expectEqual(response.status, 404, `the status of an unknown path (${auth === null ? 'no credentials' : 'member'})`);
        if (isObject(response.body)) expectEqual(response.body['result'], 'error', 'result of a JSON 404 body');
      }
      const nested = await ctx.call(ctx.cast.member, 'POST', `/users/${ctx.cast.member.userId}/chatref_nothing`);
      expectEqual(nested.status, 404, 'the status of an unknown path below a user');
    },
  },
  {
    id: 'general.routing.method-not-allowed',
    title: 'Given a known path, when it is called with a method it does not serve, then the answer is 405 listing the allowed methods',
    clauses: ['general.routing.method-not-allowed'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      await wrongMethods(ctx, ctx.cast.owner);
      const before = await ctx.call(ctx.cast.owner, 'GET', `/users/${ctx.cast.member.userId}`);
      await ctx.call(ctx.cast.owner, 'PUT', `/users/${ctx.cast.member.userId}`, { full_name: 'Not Applied' });
      const after = await ctx.call(ctx.cast.owner, 'GET', `/users/${ctx.cast.member.userId}`);
      expectEqual(after.body, before.body, 'the user after a 405');
    },
  },
  {
    id: 'general.routing.method-before-auth',
    title: 'Given no credentials, when a known path is called with a wrong method, then the answer is still 405',
    clauses: ['general.routing.method-before-auth', 'general.routing.method-not-allowed'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      await wrongMethods(ctx, null);
    },
  },
]);
