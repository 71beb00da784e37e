/**
 * Servers that answer the suite's own set-up wrongly (creating the cast, or
 * a throw-away user inside a check): each must be a failing, named clause,
 * never "could not run".
 */
import type { Bug } from './bugs.js';
import { type Distortion, errorResponse, is, type Json, rewrite, succeeded } from './distort.js';

/** Changes the answers to successful POST /users calls, the nth (1-based) passed along. */
function createdUsers(change: (body: Json, nth: number) => void): Distortion {
  let count = 0;
  return {
    after: (request, response) => {
      if (!is(request, 'POST', '/users') || !succeeded(response)) return response;
      count += 1;
      return rewrite(response, (body) => change(body, count));
    },
  };
}

/** Any small selection: the set-up runs before every check. */
const ANY = 'users.get.user';

export const SETUP_BUGS: readonly Bug[] = [
  {
    name: 'POST /users answers user_id as a string',
    area: 'users',
    only: ANY,
    caughtBy: ['setup.create-user'],
    failingClauses: ['users.create.returns-id'],
    distortion: () =>
      createdUsers((body) => {
        body['user_id'] = String(body['user_id']);
      }),
  },
  {
    name: 'POST /users answers every new user the first one’s user_id',
    area: 'users',
    only: ANY,
    caughtBy: ['setup.create-user'],
    failingClauses: ['users.create.returns-id'],
    distortion: () => {
      let first: unknown;
      return createdUsers((body) => {
        first ??= body['user_id'];
        body['user_id'] = first;
      });
    },
  },
  {
    name: 'PATCH /users/{user_id} refuses a role sent as a decimal string',
    area: 'users',
    only: ANY,
    caughtBy: ['setup.set-role'],
    failingClauses: ['users.update.role'],
    distortion: () => ({
      before: (request) =>
        is(request, 'PATCH', /^\/users\/\d+$/) && request.params['role'] !== undefined ? errorResponse(400, 'BAD_REQUEST', 'role is not an integer') : request,
    }),
  },
  {
    name: 'POST /fetch_api_key answers the key as `key`',
    area: 'auth',
    only: ANY,
    caughtBy: ['setup.fetch-api-key'],
    failingClauses: ['auth.fetch-api-key.response'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/fetch_api_key') && succeeded(response)
          ? rewrite(response, (body) => {
              body['key'] = body['api_key'];
              delete body['api_key'];
            })
          : response,
    }),
  },
  {
    name: 'POST /users answers user_id null once the realm has grown past the cast',
    area: 'users',
    only: 'users.deactivate.deactivates',
    caughtBy: ['users.deactivate.deactivates'],
    failingClauses: ['users.create.returns-id'],
    distortion: () =>
      createdUsers((body, nth) => {
        if (nth > 5) body['user_id'] = null;
      }),
  },
];
