/**
 * POST /jwt/fetch_api_key. The suite does not know the target's JWT secret
 * (and the target may have JWT switched off), so these checks assert only
 * what holds either way: without a token signed for the realm, no key is
 * ever handed out.
 */
import { createHmac } from 'node:crypto';
import { defineChecks } from '../../check.js';
import { expectClientError, expectTrue } from '../../expect.js';
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
