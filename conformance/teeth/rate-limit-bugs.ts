/** Servers whose password logins are not limited the way the real server limits them. */
import type { Bug } from './bugs.js';
import { errorResponse, is, rewrite } from './distort.js';

const RATE_LIMIT = 'auth.rate-limit';

export const RATE_LIMIT_BUGS: readonly Bug[] = [
  {
    name: 'no auth rate limit: POST /fetch_api_key answers every wrong password with 401, however many come',
    area: 'auth',
    only: RATE_LIMIT,
    caughtBy: ['auth.rate-limit.wrong-passwords', 'auth.rate-limit.window'],
    failingClauses: ['auth.rate-limit.wrong-passwords'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/fetch_api_key') && response.status === 429
          ? errorResponse(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect')
          : response,
    }),
  },
  {
    name: 'a rate-limited POST /fetch_api_key says when to retry only in the Retry-After header, not in the body',
    area: 'auth',
    only: RATE_LIMIT,
    caughtBy: ['auth.rate-limit.wrong-passwords'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/fetch_api_key') && response.status === 429
          ? rewrite(response, (body) => {
              delete body['retry-after'];
            })
          : response,
    }),
  },
];
