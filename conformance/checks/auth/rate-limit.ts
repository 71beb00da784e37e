/**
 * Password logins are rate-limited per account, as on the real server (5
 * attempts per username in 30 minutes, then 429 RATE_LIMIT_HIT). The checks
 * guess only at throw-away accounts they make, so the run's own accounts are
 * never locked; a server without such a limit fails them (compat level:
 * `--level spec` leaves them out).
 */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { type Body, expectError, expectSuccess, expectTrue } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { type Account, createAccount, expectNoKey, retire } from '../users/support.js';

const ENDPOINT = 'POST /fetch_api_key';
/** The measure: a server that still answers the 30th wrong password normally does not limit. */
const MAX_ATTEMPTS = 30;

const fetchKey = (ctx: CheckContext, username: string, password: string) => ctx.call(null, 'POST', '/fetch_api_key', { username, password });

/** Wrong passwords until the server answers 429, which must be a well-formed RATE_LIMIT_HIT; its body. */
async function guessUntilLimited(ctx: CheckContext, account: Account): Promise<{ body: Body; response: TargetResponse }> {
  const clause = 'auth.rate-limit.wrong-passwords';
  let response: TargetResponse | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    response = await fetchKey(ctx, account.email, `${account.password}-guess-${attempt}`);
    if (response.status === 429) break;
    expectNoKey(response, clause);
  }
  const body = expectError(response!, 429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', clause);
  const retryAfter = body['retry-after'];
  expectTrue(typeof retryAfter === 'number' && retryAfter >= 0, `retry-after: a number of seconds, got ${JSON.stringify(retryAfter)}`, clause);
  const header = response!.headers['retry-after'];
  expectTrue(
    header !== undefined && header.trim() !== '' && Math.abs(Number(header) - retryAfter) < 1,
    `a Retry-After header with the body's ${retryAfter} seconds, got ${JSON.stringify(header ?? null)}`,
    clause,
  );
  return { body, response: response! };
}

export const RATE_LIMIT_CHECKS = defineChecks([
  {
    id: 'auth.rate-limit.wrong-passwords',
    title: `Given a throw-away account, when wrong passwords are tried (at most ${MAX_ATTEMPTS}), then a 429 RATE_LIMIT_HIT with retry-after comes, the right password is refused too, and another account still logs in`,
    clauses: ['auth.rate-limit.wrong-passwords', 'auth.rate-limit.locked', 'auth.rate-limit.per-account'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'ratelimited');
      const other = await createAccount(ctx, 'notratelimited');
      await guessUntilLimited(ctx, account);
      const locked = await fetchKey(ctx, account.email, account.password);
      expectNoKey(locked, 'auth.rate-limit.locked');
      expectError(locked, 429, 'RATE_LIMIT_HIT', undefined, 'auth.rate-limit.locked');
      expectSuccess(await fetchKey(ctx, other.email, other.password), 'auth.rate-limit.per-account');
      await retire(ctx, account.userId);
      await retire(ctx, other.userId);
    },
  },
  {
    id: 'auth.rate-limit.window',
    title: 'Given an account limited after wrong passwords, when retry-after seconds have passed, then its right password fetches the key again',
    clauses: ['auth.rate-limit.window'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const clock = requireClock(ctx);
      const account = await createAccount(ctx, 'ratelimitwindow');
      const { body } = await guessUntilLimited(ctx, account);
      await clock.advance(Math.ceil(Number(body['retry-after'])) + 1);
      expectSuccess(await fetchKey(ctx, account.email, account.password), 'auth.rate-limit.window');
      await retire(ctx, account.userId);
    },
  },
]);
