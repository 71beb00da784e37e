/** HTTP Basic authentication on every endpoint other than the key fetches. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import type { TargetAuth } from '../../target.js';
import { passwordFor, placeholderFor, placeholderHost, readUser, snapshot, uniqueEmail, userCount } from '../users/support.js';

function header(text: string): string {
  return `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;
}

/** A well-formed key that belongs to nobody: 32 letters and digits. */
const FOREIGN_KEY = 'chatrefNotAnApiKey00000000000000';

/** Read-only calls to every authenticated endpoint the suite covers. */
async function reads(ctx: CheckContext, auth: TargetAuth) {
  const { member } = ctx.cast;
  const host = await placeholderHost(ctx);
  return [
    await ctx.call(auth, 'GET', '/users'),
    await ctx.call(auth, 'GET', '/users/me'),
    await ctx.call(auth, 'GET', `/users/${member.userId}`),
    await ctx.call(auth, 'GET', `/users/${encodeURIComponent(placeholderFor(host, member.userId))}`),
    await ctx.call(auth, 'GET', `/users/${member.userId}/status`),
    await ctx.call(auth, 'GET', '/realm/profile_fields'),
  ];
}

export const BASIC_AUTH_CHECKS = defineChecks([
  {
    id: 'auth.basic.required.reads',
    title: 'Given no credentials, when any authenticated read endpoint is called, then it fails with an error envelope and no data',
    clauses: ['auth.basic.required', 'general.envelope.error'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const response of await reads(ctx, null)) {
        const body = expectClientError(response, 'auth.basic.required');
        expectTrue(
          !('members' in body) && !('user' in body) && !('user_id' in body),
          `no user data without credentials, got ${JSON.stringify(body)}`,
          'auth.basic.required',
        );
      }
    },
  },
  {
    id: 'auth.basic.required.writes',
    title: 'Given no credentials, when each authenticated write endpoint is called, then it fails and nothing changes',
    clauses: ['auth.basic.required'],
    level: 'spec',
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const target = await ctx.newUser();
      const before = await snapshot(ctx, target.userId);
      const status = expectSuccess(await ctx.call(target, 'GET', `/users/${target.userId}/status`))['status'];
      const count = await userCount(ctx);
      const fields = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', '/realm/profile_fields'))['custom_fields'];
      const host = await placeholderHost(ctx);
      const attempts: [string, string, Record<string, string>][] = [
        ['POST', '/users', { email: uniqueEmail(ctx, 'noauth'), password: passwordFor(ctx), full_name: 'No Auth' }],
        ['PATCH', `/users/${target.userId}`, { full_name: 'Renamed Without Auth', role: '600' }],
        ['PATCH', `/users/${encodeURIComponent(placeholderFor(host, target.userId))}`, { full_name: 'Renamed Without Auth' }],
        ['DELETE', `/users/${target.userId}`, {}],
        ['POST', '/users/me/status', { status_text: 'no auth' }],
        ['PATCH', '/users/me/profile_data', { data: '[]' }],
        ['POST', '/realm/profile_fields', { name: 'no auth', field_type: '1' }],
      ];
      for (const [method, path, params] of attempts) expectClientError(await ctx.call(null, method, path, params), 'auth.basic.required');
      expectUnchanged(before, await snapshot(ctx, target.userId), 'the user');
      expectUnchanged(status, expectSuccess(await ctx.call(target, 'GET', `/users/${target.userId}/status`))['status'], 'the status');
      expectUnchanged(count, await userCount(ctx), 'the number of users');
      expectUnchanged(fields, expectSuccess(await ctx.call(ctx.cast.owner, 'GET', '/realm/profile_fields'))['custom_fields'], 'the profile fields');
    },
  },
  {
    id: 'auth.basic.credentials',
    title: 'Given each cast member’s email and API key, when GET /users/me is called, then it answers as that user',
    clauses: ['auth.basic.credentials'],
    level: 'spec',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
      for (const actor of [owner, administrator, moderator, member, otherMember, guest]) {
        const me = expectSuccess(await ctx.call(actor, 'GET', '/users/me'), 'auth.basic.credentials');
        expectEqual([me['user_id'], me['role']], [actor.userId, actor.role], `user_id and role as ${actor.email}`, 'auth.basic.credentials');
      }
    },
  },
  {
    id: 'auth.basic.wrong-key',
    title: 'Given an account’s email with another account’s key or an altered key, when a request is made, then it fails without data',
    clauses: ['auth.basic.wrong-key'],
    level: 'spec',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const altered = member.apiKey.slice(0, -1) + (member.apiKey.endsWith('A') ? 'B' : 'A');
      for (const auth of [
        { email: member.email, apiKey: otherMember.apiKey },
        { email: member.email, apiKey: altered },
        { email: member.email, apiKey: '' },
      ]) {
        const body = expectClientError(await ctx.call(auth, 'GET', '/users/me'), 'auth.basic.wrong-key');
        expectTrue(!('user_id' in body), `no user data with a wrong key, got ${JSON.stringify(body)}`, 'auth.basic.wrong-key');
      }
    },
  },
  {
    id: 'auth.basic.missing-401',
    title: 'Given no Authorization header, then the answer is 401 UNAUTHORIZED with a Basic challenge',
    clauses: ['auth.basic.missing-401'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const response = await ctx.call(null, 'GET', '/users/me');
      expectError(response, 401, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required');
      expectTrue(
        /^Basic\b/i.test(response.headers['www-authenticate'] ?? ''),
        `a WWW-Authenticate Basic challenge, got ${JSON.stringify(response.headers['www-authenticate'])}`,
      );
    },
  },
  {
    id: 'auth.basic.not-basic',
    title: 'Given a Bearer Authorization header, then the answer is 400 BAD_REQUEST asking for Basic authentication',
    clauses: ['auth.basic.not-basic'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      expectError(await ctx.call('Bearer abcdef', 'GET', '/users/me'), 400, 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
    },
  },
  {
    id: 'auth.basic.malformed',
    title: 'Given Basic credentials that are not base64 or lack the colon, then the answer is 401 "Invalid authorization header for basic auth"',
    clauses: ['auth.basic.malformed'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      for (const value of ['Basic !!!not-base64!!!', header('no-colon-here'), header('a:b:c')]) {
        const response = await ctx.call(value, 'GET', '/users/me');
        expectError(response, 401, 'UNAUTHORIZED', 'Invalid authorization header for basic auth');
      }
    },
  },
  {
    id: 'auth.basic.malformed-key',
    title: 'Given an API key that is not 32 letters and digits, then the answer is 401 "Malformed API key"',
    clauses: ['auth.basic.malformed-key'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      expectError(await ctx.call({ email: ctx.cast.member.email, apiKey: 'short' }, 'GET', '/users/me'), 401, 'UNAUTHORIZED', 'Malformed API key');
    },
  },
  {
    id: 'auth.basic.invalid-key',
    title: 'Given a wrong key for a real account, or any key for an unknown address, then both are the same 401 "Invalid API key"',
    clauses: ['auth.basic.invalid-key'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const wrong = await ctx.call({ email: ctx.cast.member.email, apiKey: FOREIGN_KEY }, 'GET', '/users/me');
      expectError(wrong, 401, 'UNAUTHORIZED', 'Invalid API key');
      const unknown = await ctx.call({ email: uniqueEmail(ctx, 'nobody'), apiKey: FOREIGN_KEY }, 'GET', '/users/me');
      expectError(unknown, 401, 'UNAUTHORIZED', 'Invalid API key');
      expectEqual(unknown.body, wrong.body, 'the unknown-address body (must not reveal which addresses exist)');
    },
  },
  {
    id: 'auth.basic.deactivated',
    title: 'Given a deactivated account’s valid credentials, then requests are 401 "Account is deactivated"',
    clauses: ['auth.basic.deactivated', 'users.deactivate.deactivates'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(user, 'GET', '/users/me'));
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      expectError(await ctx.call(user, 'GET', '/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
      expectError(await ctx.call(user, 'POST', '/users/me/status', { status_text: 'gone' }), 401, 'UNAUTHORIZED', 'Account is deactivated');
      expectEqual((await readUser(ctx, ctx.cast.owner, user.userId))['is_active'], false, 'is_active read back');
    },
  },
  {
    id: 'auth.basic.username-case',
    title: 'Given the account email in upper case, when a request is made, then it authenticates as that account',
    clauses: ['auth.basic.username-case'],
    level: 'compat',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const { member } = ctx.cast;
      const me = expectSuccess(await ctx.call({ email: member.email.toUpperCase(), apiKey: member.apiKey }, 'GET', '/users/me'));
      expectEqual(me['user_id'], member.userId, 'user_id');
    },
  },
]);
