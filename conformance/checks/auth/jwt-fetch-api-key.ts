/**
 * POST /jwt/fetch_api_key. Without the organization's JWT secret (the target
 * may have JWT switched off) the checks assert only what holds either way:
 * without a token signed for the realm, no key is ever handed out. When the
 * tester gives the secret (Target.jwtKey, `--jwt-key`), the checks also sign
 * tokens with it: the right token yields the key, a wrong signature, an
 * expired or not-yet-valid token, or a deactivated account does not.
 */
import { createHmac } from 'node:crypto';
import { type CheckContext, CheckSkipped, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { expectNoKey } from '../users/support.js';

const ENDPOINT = 'POST /jwt/fetch_api_key';
const DISABLED = 'JWT authentication is not enabled for this organization';

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function unsignedParts(payload: Record<string, unknown>, alg: string): string {
  return `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
}

/** An HS256 token signed with a secret the suite invented (not the realm's). */
function forgedToken(payload: Record<string, unknown>, secret: string): string {
  const parts = unsignedParts(payload, 'HS256');
  return `${parts}.${createHmac('sha256', secret).update(parts).digest('base64url')}`;
}

/** The secret the tester configured the organization with, or a skip. */
function requireJwtKey(ctx: CheckContext): string {
  if (ctx.jwtKey === undefined) throw new CheckSkipped('no JWT key given for the target (--jwt-key)');
  return ctx.jwtKey;
}

/** The target's time when it has a clock (the model's may run ahead of ours), else ours. */
async function targetNow(ctx: CheckContext): Promise<number> {
  return ctx.clock === undefined ? Math.floor(Date.now() / 1000) : ctx.clock.now();
}

/** Tokens that a verifying server refuses although each names an active user: wrong signature, expired, not yet valid. */
async function refusedTokens(ctx: CheckContext, key: string, email: string): Promise<[string, string][]> {
  const now = await targetNow(ctx);
  return [
    ['signed with another key', forgedToken({ email }, `${key}-not-the-realm-key`)],
    ['expired an hour ago', forgedToken({ email, exp: now - 3600 }, key)],
    ['not valid for another day', forgedToken({ email, nbf: now + 86_400 }, key)],
  ];
}

/** The classic "alg: none" token with no signature at all. */
function unsignedToken(payload: Record<string, unknown>): string {
  return `${unsignedParts(payload, 'none')}.`;
}

export const JWT_CHECKS = defineChecks([
  {
    id: 'auth.jwt.token-required',
    title:
      'Given no credentials and no token, when a JWT key fetch is made, then it fails on the endpoint’s own terms (not for lack of credentials) and hands out no key',
    clauses: ['auth.jwt.token-required', 'auth.jwt.unauthenticated'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const attempts: Record<string, string>[] = [{}, { token: '' }, { include_profile: 'true' }];
      for (const params of attempts) {
        const body = expectNoKey(await ctx.call(null, 'POST', '/jwt/fetch_api_key', params), 'auth.jwt.token-required');
        expectTrue(body['code'] !== 'UNAUTHORIZED', `the fetch not to demand credentials, got ${JSON.stringify(body)}`, 'auth.jwt.unauthenticated');
      }
    },
  },
  {
    id: 'auth.jwt.signed',
    title: 'Given tokens naming the owner that are forged with another secret, unsigned, expired or garbage, then none of them yields a key',
    clauses: ['auth.jwt.signed'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const email = ctx.cast.owner.email;
      const secret = `chatref-forged-${ctx.seed}`;
      const tokens = [forgedToken({ email }, secret), unsignedToken({ email }), forgedToken({ email, exp: 1 }, secret), 'not.a.token', 'garbage'];
      for (const token of tokens) {
        for (const include_profile of ['false', 'true']) {
          const body = expectNoKey(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token, include_profile }), 'auth.jwt.signed');
          expectTrue(!('user' in body), `no user object without a valid token, got ${JSON.stringify(body)}`, 'auth.jwt.signed');
        }
      }
    },
  },
  {
    id: 'auth.jwt.verified',
    title:
      'Given the organization’s JWT key, when a member’s token signed with it is exchanged, then it yields that member’s key; signed with another key, expired or not yet valid, it yields none',
    clauses: ['auth.jwt.exchange', 'auth.jwt.signed', 'auth.jwt.expiry'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const key = requireJwtKey(ctx);
      const { member } = ctx.cast;
      const good = forgedToken({ email: member.email }, key);
      const body = expectSuccess(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token: good }), 'auth.jwt.exchange');
      expectEqual(
        [body['api_key'], body['email']],
        [member.apiKey, member.email],
        'api_key and email for a token signed with the realm key',
        'auth.jwt.exchange',
      );
      for (const [what, token] of await refusedTokens(ctx, key, member.email)) {
        const clause = what === 'signed with another key' ? 'auth.jwt.signed' : 'auth.jwt.expiry';
        const refused = expectNoKey(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token, include_profile: 'true' }), clause);
        expectTrue(!('user' in refused), `no user object for a token ${what}, got ${JSON.stringify(refused)}`, clause);
      }
      // The refusals locked nothing: the right token still works.
      expectSuccess(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token: good }), 'auth.jwt.exchange');
    },
  },
  {
    id: 'auth.jwt.refusals',
    title:
      'Given the organization’s JWT key, then a wrong signature, an expired or early token is 400 "Bad JSON web token", a token without email is 400, and a deactivated account is 401 USER_DEACTIVATED',
    clauses: ['auth.jwt.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const key = requireJwtKey(ctx);
      for (const [, token] of await refusedTokens(ctx, key, ctx.cast.member.email)) {
        expectError(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token }), 400, 'BAD_REQUEST', 'Bad JSON web token', 'auth.jwt.errors');
      }
      expectError(
        await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token: forgedToken({ name: 'nobody' }, key) }),
        400,
        'BAD_REQUEST',
        'No email specified in JSON web token claims',
        'auth.jwt.errors',
      );
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      expectError(
        await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token: forgedToken({ email: user.email }, key) }),
        401,
        'USER_DEACTIVATED',
        'Account is deactivated',
        'auth.jwt.errors',
      );
    },
  },
  {
    id: 'auth.jwt.include-profile',
    title: 'Given include_profile that is not a boolean, then the fetch is refused without a key',
    clauses: ['auth.jwt.include-profile'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const token = forgedToken({ email: ctx.cast.owner.email }, `chatref-forged-${ctx.seed}`);
      for (const include_profile of ['maybe', '"true"', '2']) {
        expectNoKey(await ctx.call(null, 'POST', '/jwt/fetch_api_key', { token, include_profile }), 'auth.jwt.include-profile');
      }
    },
  },
  {
    id: 'auth.jwt.errors',
    title: 'Given a missing token and a forged one, then each is 400 BAD_REQUEST with the real server’s message (or the JWT-disabled message)',
    clauses: ['auth.jwt.errors'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const cases: [Record<string, string>, string][] = [
        [{}, 'No JSON web token passed in request'],
        [{ token: forgedToken({ email: ctx.cast.owner.email }, `chatref-forged-${ctx.seed}`) }, 'Bad JSON web token'],
        [{ token: 'garbage' }, 'Bad JSON web token'],
      ];
      for (const [params, message] of cases) {
        const response = await ctx.call(null, 'POST', '/jwt/fetch_api_key', params);
        const body = expectClientError(response);
        expectTrue(
          response.status === 400 && body['code'] === 'BAD_REQUEST' && (body['msg'] === message || body['msg'] === DISABLED),
          `400 BAD_REQUEST "${message}" (or "${DISABLED}"), got ${response.status} ${JSON.stringify(body)}`,
        );
      }
    },
  },
]);
