/** Realistic bugs in presence and push device tokens, in the form of bugs.ts. */
import type { Bug } from './bugs.js';
import { failedWith, is, jsonParam, rewrite, succeeded, successResponse, withParams } from './distort.js';

const USER_PRESENCE = /^\/users\/[^/]+\/presence$/;

export const PRESENCE_BUGS: readonly Bug[] = [
  {
    name: 'presence_enabled off still records presence reports',
    area: 'users',
    only: 'presence.update.disabled',
    caughtBy: ['presence.update.disabled'],
    // The setting is dropped on the way in, so it never takes effect.
    distortion: () => ({
      before: (request) =>
        is(request, 'PATCH', '/settings') && request.params['presence_enabled'] !== undefined
          ? withParams(request, (params) => {
              delete params['presence_enabled'];
            })
          : request,
    }),
  },
  {
    name: 'presence events only in the legacy form, whatever the client declared',
    area: 'events',
    only: 'events.presence.first-report',
    caughtBy: ['events.presence.first-report'],
    distortion: () => ({
      before: (request) => {
        if (!is(request, 'POST', '/register') || request.params['client_capabilities'] === undefined) return request;
        const capabilities = { ...(jsonParam(request, 'client_capabilities') as Record<string, unknown>) };
        delete capabilities['simplified_presence_events'];
        return withParams(request, (params) => {
          params['client_capabilities'] = JSON.stringify(capabilities);
        });
      },
    }),
  },
  {
    name: 'one user’s presence answered with the realm format’s client and pushable fields',
    area: 'users',
    only: 'presence.user.legacy',
    caughtBy: ['presence.user.legacy'],
    distortion: () => ({
      after: (request, response) =>
        request.method === 'GET' && USER_PRESENCE.test(request.path) && succeeded(response)
          ? rewrite(response, (body) => {
              Object.assign(body['presence']['website'], { client: 'website', pushable: false });
            })
          : response,
    }),
  },
  {
    name: 'removing a push token that is not there succeeds',
    area: 'users',
    only: 'devices.tokens.stored',
    caughtBy: ['devices.tokens.stored'],
    distortion: () => ({
      after: (request, response) => (request.method === 'DELETE' && failedWith(response, /^Token does not exist$/) ? successResponse() : response),
    }),
  },
];
