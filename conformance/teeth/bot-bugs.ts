/** Realistic bot and account bugs, in the form of bugs.ts. */
import type { Bug } from './bugs.js';
import { credentialsOf, eachOf, failedWith, is, rewrite, successResponse } from './distort.js';

const BOT_KEY = /^\/bots\/\d+\/api_key\/regenerate$/;
const REACTIVATE = /^\/users\/\d+\/reactivate$/;

export const BOT_BUGS: readonly Bug[] = [
  {
    name: 'a regenerated bot key answered as the key the bot already had',
    area: 'users',
    only: 'bots.key.regenerate',
    caughtBy: ['bots.key.regenerate'],
    distortion: () => {
      // The key each bot was created with, by bot id, so the regeneration can answer it back.
      const first = new Map<string, string>();
      return {
        after: (request, response) => {
          if (is(request, 'POST', '/bots')) {
            return rewrite(response, (body) => {
              if (typeof body['user_id'] === 'number' && typeof body['api_key'] === 'string') first.set(String(body['user_id']), body['api_key']);
            });
          }
          const id = BOT_KEY.exec(request.path) === null ? undefined : request.path.split('/')[2];
          if (request.method !== 'POST' || id === undefined || !first.has(id)) return response;
          return rewrite(response, (body) => {
            body['api_key'] = first.get(id);
          });
        },
      };
    },
  },
  {
    name: 'reactivating an active user accepted',
    area: 'users',
    only: 'users.reactivate',
    caughtBy: ['users.reactivate'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', REACTIVATE) && failedWith(response, /already active/) ? successResponse() : response),
    }),
  },
  {
    name: 'GET /bots without the API keys',
    area: 'users',
    only: 'bots.list.own',
    caughtBy: ['bots.list.own'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/bots') && credentialsOf(request.auth) !== undefined
          ? rewrite(response, (body) =>
              eachOf(body['bots'], (bot) => {
                delete bot['api_key'];
              }),
            )
          : response,
    }),
  },
];
