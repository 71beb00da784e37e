/**
 * Broken servers that once passed the whole suite: JSON declared as another
 * media type, credentials checked too loosely, and the cheapest wrong server
 * per area (a no-op write answering success, the right status with the wrong
 * code, a right-typed field with the wrong value, a leak through a list).
 */
import jwt from 'jsonwebtoken';
import { defaultFixtureData } from '../../src/fixtures/load.js';
import { modelOwner } from '../runner.js';
import type { TargetAuth, TargetResponse } from '../target.js';
import type { Bug } from './bugs.js';
import { bodyOf, credentialsOf, eachOf, is, type Request, rewrite, succeeded, successResponse } from './distort.js';

const JWT_KEY = defaultFixtureData().realm.jwt_key;
const OWNER = modelOwner();

function withContentType(response: TargetResponse, value: string): TargetResponse {
  return { ...response, headers: { ...response.headers, 'content-type': value } };
}

/** The token's claims re-signed with the realm's key, so the model accepts what the broken server would. */
function resigned(request: Request, claims: (token: string) => Record<string, unknown> | null): Request {
  const token = request.params['token'];
  if (!is(request, 'POST', '/jwt/fetch_api_key') || token === undefined || token === '') return request;
  const payload = claims(token);
  if (payload === null) return request;
  return { ...request, params: { ...request.params, token: jwt.sign(payload, JWT_KEY, { algorithm: 'HS256', noTimestamp: true }) } };
}

function withoutTimes(payload: Record<string, unknown>): Record<string, unknown> {
  const { exp: _exp, nbf: _nbf, ...rest } = payload;
  return rest;
}

/** Remembers each password POST /users set and each key fetch that succeeded, by lower-cased address. */
function credentialMemory() {
  const passwords = new Map<string, string>();
  const keys = new Map<string, TargetResponse>();
  const emailsByKey = new Map<string, string>();
  return {
    passwords,
    keys,
    emailsByKey,
    learn(request: Request, response: TargetResponse): void {
      if (!succeeded(response)) return;
      const email = request.params['email'] ?? request.params['username'];
      if (is(request, 'POST', '/users') && email !== undefined && request.params['password'] !== undefined) {
        passwords.set(email.toLowerCase(), request.params['password']);
      }
      const apiKey = bodyOf(response)?.['api_key'];
      if (is(request, 'POST', '/fetch_api_key') && email !== undefined && typeof apiKey === 'string') {
        keys.set(email.toLowerCase(), response);
        emailsByKey.set(apiKey, String(bodyOf(response)?.['email']));
      }
    },
  };
}

/** A 400 answer to `method path` with its code replaced: the right status, the wrong code. */
function recoded(method: string, path: RegExp, code: string) {
  return () => ({
    after: (request: Request, response: TargetResponse) =>
      request.method === method && path.test(request.path) && response.status === 400 ? rewrite(response, (body) => void (body['code'] = code)) : response,
  });
}

/** `method path` answered success without being applied. */
function noOp(method: string, path: string | RegExp, extra: (request: Request) => Record<string, unknown> = () => ({})) {
  return () => ({ before: (request: Request) => (is(request, method, path) ? successResponse(extra(request)) : request) });
}

function fetchUsername(request: Request): string | undefined {
  return is(request, 'POST', '/fetch_api_key') ? request.params['username']?.toLowerCase() : undefined;
}

export const BLIND_SPOT_BUGS: readonly Bug[] = [
  // ------------------------------------------------------------ general
  {
    name: 'every JSON answer declared as text/html',
    area: 'general',
    only: 'general.json.content-type,users.record.role,auth.basic.credentials',
    caughtBy: ['general.json.content-type', 'users.record.role', 'auth.basic.credentials'],
    distortion: () => ({ after: (_request, response) => withContentType(response, 'text/html; charset=utf-8') }),
  },
  {
    name: 'error answers declared as text/plain',
    area: 'general',
    only: 'general.json.content-type,general.envelope.error,auth.basic.invalid-key',
    caughtBy: ['general.json.content-type', 'general.envelope.error', 'auth.basic.invalid-key'],
    distortion: () => ({ after: (_request, response) => (response.status >= 400 ? withContentType(response, 'text/plain') : response) }),
  },
  // --------------------------------------------------------------- auth
  {
    name: 'fetch_api_key accepts any password for an existing user',
    area: 'auth',
    only: 'auth.fetch-api-key.refused,auth.fetch-api-key.wrong-password',
    caughtBy: ['auth.fetch-api-key.refused', 'auth.fetch-api-key.wrong-password'],
    distortion: () => {
      const memory = credentialMemory();
      return {
        before: (request) => {
          const known = memory.passwords.get(fetchUsername(request) ?? '');
          return known === undefined ? request : { ...request, params: { ...request.params, password: known } };
        },
        after: (request, response) => {
          memory.learn(request, response);
          return response;
        },
      };
    },
  },
  {
    name: 'fetch_api_key hands a deactivated account its key',
    area: 'auth',
    only: 'auth.fetch-api-key.refused',
    caughtBy: ['auth.fetch-api-key.refused'],
    distortion: () => {
      const memory = credentialMemory();
      return {
        after: (request, response) => {
          memory.learn(request, response);
          const username = fetchUsername(request) ?? '';
          const earlier = memory.keys.get(username);
          const rightPassword = memory.passwords.get(username) === request.params['password'];
          return bodyOf(response)?.['code'] === 'USER_DEACTIVATED' && rightPassword && earlier !== undefined ? earlier : response;
        },
      };
    },
  },
  {
    name: 'Basic auth identifies the account by its key alone',
    area: 'auth',
    only: 'auth.basic.wrong-key',
    caughtBy: ['auth.basic.wrong-key'],
    distortion: () => {
      const memory = credentialMemory();
      return {
        before: (request) => {
          const credentials = credentialsOf(request.auth);
          const owner = credentials === undefined ? undefined : memory.emailsByKey.get(credentials.apiKey);
          if (credentials === undefined || owner === undefined) return request;
          const auth: TargetAuth = { email: owner, apiKey: credentials.apiKey };
          return { ...request, auth };
        },
        after: (request, response) => {
          memory.learn(request, response);
          return response;
        },
      };
    },
  },
  {
    name: 'JWT signature not verified',
    area: 'auth',
    only: 'auth.jwt',
    caughtBy: ['auth.jwt.signed', 'auth.jwt.verified', 'auth.jwt.refusals'],
    distortion: () => ({
      before: (request) =>
        resigned(request, (token) => {
          const payload = jwt.decode(token);
          return payload !== null && typeof payload === 'object' ? payload : null;
        }),
    }),
  },
  {
    name: 'JWT exp and nbf not checked',
    area: 'auth',
    only: 'auth.jwt',
    caughtBy: ['auth.jwt.verified', 'auth.jwt.refusals'],
    distortion: () => ({
      before: (request) =>
        resigned(request, (token) => {
          try {
            const payload = jwt.verify(token, JWT_KEY, { algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
            return typeof payload === 'object' ? withoutTimes(payload) : null;
          } catch {
            return null;
          }
        }),
    }),
  },
  // ------------------------------------------- the cheapest wrong server, per area
  {
    name: 'a rename answers success and changes nothing',
    area: 'users',
    only: 'users.update.full-name',
    caughtBy: ['users.update.full-name'],
    distortion: () => ({
      before: (request) => (is(request, 'PATCH', /^\/users\/\d+$/) && Object.keys(request.params).join() === 'full_name' ? successResponse() : request),
    }),
  },
  {
    name: 'an unknown user id answered 400 with code NOT_FOUND',
    area: 'users',
    only: 'users.get.unknown',
    caughtBy: ['users.get.unknown'],
    distortion: recoded('GET', /^\/users\/\d+$/, 'NOT_FOUND'),
  },
  {
    name: 'a deactivated user read by id reported is_active true',
    area: 'users',
    only: 'users.record.is-active,users.get.deactivated',
    caughtBy: ['users.record.is-active', 'users.get.deactivated'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', /^\/users\/\d+$/) && succeeded(response) ? rewrite(response, (body) => void (body['user']['is_active'] = true)) : response,
    }),
  },
  {
    name: 'user lists report every user’s timezone as unset',
    area: 'users',
    only: 'users.record.timezone',
    caughtBy: ['users.record.timezone'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/users') && succeeded(response)
          ? rewrite(response, (body) => eachOf(body['members'], (user) => void (user['timezone'] = '')))
          : response,
    }),
  },
  {
    name: 'profile_data updates answer success and store nothing',
    area: 'profile',
    only: 'profile.update.sets',
    caughtBy: ['profile.update.sets'],
    distortion: noOp('PATCH', '/users/me/profile_data'),
  },
  {
    name: 'profile errors answered with code REQUEST_VARIABLE_INVALID',
    area: 'profile',
    only: 'profile.update.unknown-field',
    caughtBy: ['profile.update.unknown-field'],
    distortion: recoded('PATCH', /profile_data$/, 'REQUEST_VARIABLE_INVALID'),
  },
  {
    name: 'unsubscribe reports removal and removes nothing',
    area: 'channels',
    only: 'unsubscribe.effect',
    caughtBy: ['unsubscribe.effect'],
    distortion: noOp('DELETE', '/users/me/subscriptions', (request) => ({ removed: JSON.parse(request.params['subscriptions'] ?? '[]'), not_removed: [] })),
  },
  {
    name: 'channel descriptions listed with a trailing space',
    area: 'streams',
    only: 'subscribe.description,streams.list.shape',
    caughtBy: ['subscribe.description', 'streams.list.shape'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', /^\/streams(\/\d+)?$/) && succeeded(response)
          ? rewrite(response, (body) => {
              eachOf(body['streams'], (stream) => void (stream['description'] = `${stream['description']} `));
              if (body['stream'] !== undefined) body['stream']['description'] = `${body['stream']['description']} `;
            })
          : response,
    }),
  },
  {
    name: 'a private channel’s subscribers listed to anyone',
    area: 'streams',
    only: 'streams.members.no-leak',
    caughtBy: ['streams.members.no-leak'],
    distortion: () => ({ before: (request, inner) => (is(request, 'GET', /^\/streams\/\d+\/members$/) ? inner(OWNER, 'GET', request.path) : request) }),
  },
  {
    name: 'group member additions answer success and add nobody',
    area: 'groups',
    only: 'groups.members.operations',
    caughtBy: ['groups.members.operations'],
    distortion: noOp('POST', /^\/user_groups\/\d+\/members$/),
  },
  {
    name: 'group errors answered with code UNAUTHORIZED_PRINCIPAL',
    area: 'groups',
    only: 'groups.create.name',
    caughtBy: ['groups.create.name'],
    distortion: recoded('POST', /^\/user_groups\/create$/, 'UNAUTHORIZED_PRINCIPAL'),
  },
  {
    name: 'organization settings updates answer success and change nothing',
    area: 'realm',
    only: 'realm.update.read-back',
    caughtBy: ['realm.update.read-back'],
    distortion: noOp('PATCH', '/realm'),
  },
  {
    name: 'a refused organization setting answered with code REQUEST_VARIABLE_INVALID',
    area: 'realm',
    only: 'realm.update.administrators',
    caughtBy: ['realm.update.administrators'],
    distortion: recoded('PATCH', /^\/realm$/, 'REQUEST_VARIABLE_INVALID'),
  },
  {
    name: 'register reports a last_event_id the queue never had',
    area: 'events',
    only: 'events.protocol.ids',
    caughtBy: ['events.protocol.ids'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/register') && succeeded(response) ? rewrite(response, (body) => void (body['last_event_id'] = 5)) : response,
    }),
  },
  {
    name: 'register reports another organization name',
    area: 'realm',
    only: 'register.version',
    caughtBy: ['register.version'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/register') && succeeded(response) ? rewrite(response, (body) => void (body['realm_name'] = 'Somewhere else')) : response,
    }),
  },
  {
    name: 'message deletion answers success and deletes nothing',
    area: 'messages',
    only: 'messages.delete.own',
    caughtBy: ['messages.delete.own'],
    distortion: noOp('DELETE', /^\/messages\/\d+$/),
  },
  {
    name: 'message timestamps an hour late',
    area: 'messages',
    only: 'messages.object.channel',
    caughtBy: ['messages.object.channel'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/messages') && succeeded(response)
          ? rewrite(response, (body) => eachOf(body['messages'], (message) => void (message['timestamp'] = message['timestamp'] + 3600)))
          : response,
    }),
  },
];
