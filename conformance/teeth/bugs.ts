/**
 * Realistic server bugs, one per row: the area, the `only` selection that
 * should catch it, the checks expected to fail, and the distortion of the
 * model that plays the bug. teeth/describe-teeth.ts runs each.
 */
import { defaultFixtureData } from '../../src/fixtures/load.js';
import { modelOwner } from '../runner.js';
import type { TargetResponse } from '../target.js';
import { ADMIN_BUGS } from './admin-bugs.js';
import { BLIND_SPOT_BUGS } from './blind-spot-bugs.js';
import { BOT_BUGS } from './bot-bugs.js';
import {
  bodyOf,
  compose,
  type Distortion,
  eachOf,
  errorResponse,
  failedWith,
  type Inner,
  is,
  type Json,
  jsonParam,
  type Request,
  rewrite,
  succeeded,
  successResponse,
  whoIs,
  withParams,
} from './distort.js';
import { DRAFT_BUGS } from './drafts-bugs.js';
import { EMOJI_BUGS } from './emoji-bugs.js';
import { LINKIFIER_BUGS } from './linkifier-bugs.js';
import { MESSAGE_BUGS } from './message-bugs.js';
import { PERSONAL_BUGS } from './personal-bugs.js';
import { PRESENCE_BUGS } from './presence-bugs.js';
import { RATE_LIMIT_BUGS } from './rate-limit-bugs.js';
import { SCHEDULED_BUGS } from './scheduled-bugs.js';
import { SETUP_BUGS } from './setup-bugs.js';
import { SNIPPET_BUGS } from './snippet-bugs.js';
import { UPLOAD_BUGS } from './upload-bugs.js';

export interface Bug {
  /** What the broken server does wrong. */
  readonly name: string;
  readonly area: 'general' | 'auth' | 'users' | 'profile' | 'channels' | 'streams' | 'groups' | 'realm' | 'events' | 'messages';
  /** The runner's --only: the checks that should notice. */
  readonly only: string;
  /** Check ids that must fail against this server. */
  readonly caughtBy: readonly string[];
  /** Clauses the report must show failing (e.g. for a set-up the suite could not complete). */
  readonly failingClauses?: readonly string[];
  /** A fresh distortion per run (some keep state). */
  readonly distortion: () => Distortion;
  /**
   * The correct server this bug is measured against, when the model alone
   * cannot show the behaviour through the API (default: the plain model).
   */
  readonly control?: () => Distortion;
  /** The feature level the correct server is served at (default: the newest). */
  readonly controlFeatureLevel?: number;
}

const OWNER = modelOwner();
const SUBSCRIBE = '/users/me/subscriptions';
const USER_PATH = /^\/users\/(\d+|me)$/;

/** Every user object of a users read (GET /users, /users/{id}, /users/me) changed in place. */
function eachUser(request: Request, response: TargetResponse, change: (user: Json) => void): TargetResponse {
  if (request.method !== 'GET' || !(request.path === '/users' || USER_PATH.test(request.path)) || !succeeded(response)) return response;
  return rewrite(response, (body) => {
    eachOf(body['members'], change);
    if (body['user'] !== undefined) change(body['user']);
    if (request.path === '/users/me') change(body);
  });
}

/** Every channel object of GET /streams and GET /streams/{id} changed in place. */
function eachStream(request: Request, response: TargetResponse, change: (stream: Json) => void): TargetResponse {
  if (request.method !== 'GET' || !/^\/streams(\/\d+)?$/.test(request.path) || !succeeded(response)) return response;
  return rewrite(response, (body) => {
    eachOf(body['streams'], change);
    if (body['stream'] !== undefined) change(body['stream']);
  });
}

async function isAdministrator(inner: Inner, request: Request): Promise<boolean> {
  const me = await whoIs(inner, request.auth);
  return me !== undefined && Number(me['role']) <= 200;
}

async function channelId(inner: Inner, name: string): Promise<number | undefined> {
  const found = bodyOf(await inner(OWNER, 'GET', '/get_stream_id', { stream: name }));
  return typeof found?.['stream_id'] === 'number' ? found['stream_id'] : undefined;
}

function subscriptionNames(request: Request): string[] {
  const list = jsonParam(request, 'subscriptions');
  return Array.isArray(list) ? list.map((entry) => (typeof entry === 'string' ? entry : String(entry?.name ?? ''))) : [];
}

/**
 * POST /bots, which the model lacks, played by handing out the fixture's
 * generic bot (once): enough for checks that need a bot to act as.
 */
function botsEndpoint(): Distortion {
  let handedOut = false;
  return {
    before: async (request, inner) => {
      if (!is(request, 'POST', '/bots')) return request;
      if (handedOut) return errorResponse(400, 'BAD_REQUEST', 'Username already in use');
      handedOut = true;
      const bot = fixtureBot();
      const users = (bodyOf(await inner(OWNER, 'GET', '/users'))?.['members'] as Json[]) ?? [];
      const found = users.find((user) => user['delivery_email'] === bot.email || user['email'] === bot.email);
      return successResponse({ user_id: found?.['user_id'], api_key: bot.api_key, email: bot.email });
    },
  };
}

function fixtureBot(): { email: string; api_key: string } {
  const bot = defaultFixtureData().users.find((user) => 'bot_type' in user && user.bot_type === 1);
  if (bot === undefined) throw new Error('the default fixture has no generic bot');
  return bot;
}

const PUBLIC_PATHS = new Set(['/server_settings', '/fetch_api_key', '/jwt/fetch_api_key']);

export const BUGS: readonly Bug[] = [
  // ------------------------------------------------------------ general
  {
    name: 'error envelope without `code`',
    area: 'general',
    only: 'general.envelope.error',
    caughtBy: ['general.envelope.error'],
    distortion: () => ({
      after: (_request, response) => (response.status >= 400 ? rewrite(response, (body) => void delete body['code']) : response),
    }),
  },
  {
    name: 'ignored_parameters_unsupported never sent',
    area: 'general',
    only: 'general.ignored-parameters',
    caughtBy: ['general.ignored-parameters.listed', 'general.ignored-parameters.shape'],
    distortion: () => ({ after: (_request, response) => rewrite(response, (body) => void delete body['ignored_parameters_unsupported']) }),
  },
  {
    // These checks write to a shared pool member: the read-back must still tell a stored status from an ignored one.
    name: 'a status write answered success but never stored',
    area: 'general',
    only: 'general.envelope.success',
    caughtBy: ['general.envelope.success'],
    distortion: () => ({ before: (request) => (is(request, 'POST', '/users/me/status') ? successResponse() : request) }),
  },
  {
    name: '500 with an HTML page on a malformed role',
    area: 'general',
    only: 'general.params.strict-json,properties.bad-input.update-user',
    caughtBy: ['general.params.strict-json'],
    distortion: () => ({
      before: (request) => {
        const role = request.params['role'];
        if (request.method === 'PATCH' && role !== undefined && !/^\d+$/.test(role)) {
          return { status: 500, headers: { 'content-type': 'text/html' }, body: '<h1>Server Error (500)</h1>' };
        }
        return request;
      },
    }),
  },
  {
    name: 'a refused PATCH /users/{id} still applies full_name',
    area: 'general',
    only: 'general.params.strict-json',
    caughtBy: ['general.params.strict-json'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (is(request, 'PATCH', /^\/users\/\d+$/) && response.status === 400 && request.params['full_name'] !== undefined) {
          await inner(OWNER, 'PATCH', request.path, { full_name: request.params['full_name'] });
        }
        return response;
      },
    }),
  },
  // --------------------------------------------------------------- auth
  {
    name: 'a request without credentials served as the owner',
    area: 'auth',
    only: 'auth.basic.required',
    caughtBy: ['auth.basic.required.reads', 'auth.basic.required.writes'],
    distortion: () => ({ before: (request) => (request.auth === null && !PUBLIC_PATHS.has(request.path) ? { ...request, auth: OWNER } : request) }),
  },
  {
    name: '401 without a WWW-Authenticate challenge',
    area: 'auth',
    only: 'auth.basic.missing-401',
    caughtBy: ['auth.basic.missing-401'],
    distortion: () => ({
      after: (_request, response) =>
        response.status === 401
          ? { ...response, headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'www-authenticate')) }
          : response,
    }),
  },
  {
    name: 'fetch_api_key tells an unknown address from a wrong password',
    area: 'auth',
    only: 'auth.fetch-api-key.wrong-password',
    caughtBy: ['auth.fetch-api-key.wrong-password'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'POST', '/fetch_api_key') || response.status !== 401) return response;
        const users = bodyOf(await inner(OWNER, 'GET', '/users'))?.['members'] as Json[] | undefined;
        const known = users?.some((user) => String(user['delivery_email'] ?? user['email']).toLowerCase() === String(request.params['username']).toLowerCase());
        return known ? response : errorResponse(401, 'AUTHENTICATION_FAILED', 'This user does not exist');
      },
    }),
  },
  // -------------------------------------------------------------- users
  {
    name: 'an owner reported with is_admin false',
    area: 'users',
    only: 'users.record.role',
    caughtBy: ['users.record.role'],
    distortion: () => ({
      after: (request, response) => eachUser(request, response, (user) => (user['is_owner'] === true ? (user['is_admin'] = false) : undefined)),
    }),
  },
  {
    name: 'delivery_email shown to viewers who may not see it',
    area: 'users',
    only: 'users.record.placeholder-form,users.record.email.placeholder',
    caughtBy: ['users.record.placeholder-form'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'GET', '/users') || !succeeded(response)) return response;
        const real = new Map(
          ((bodyOf(await inner(OWNER, 'GET', '/users'))?.['members'] as Json[]) ?? []).map((user) => [user['user_id'], user['delivery_email']]),
        );
        return eachUser(request, response, (user) => {
          if (user['delivery_email'] === null) user['delivery_email'] = real.get(user['user_id']) ?? null;
        });
      },
    }),
  },
  {
    name: 'date_joined without a UTC offset',
    area: 'users',
    only: 'users.record.date-joined',
    caughtBy: ['users.record.date-joined-format'],
    distortion: () => ({
      after: (request, response) =>
        eachUser(request, response, (user) => {
          if (typeof user['date_joined'] === 'string') user['date_joined'] = user['date_joined'].replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '');
        }),
    }),
  },
  {
    name: 'an administrator may make someone an owner',
    area: 'users',
    only: 'users.update.role.owner-only',
    caughtBy: ['users.update.role.owner-only'],
    distortion: () => ({
      before: (request) => (is(request, 'PATCH', /^\/users\/\d+$/) && request.params['role'] !== undefined ? { ...request, auth: OWNER } : request),
    }),
  },
  {
    name: 'deactivating the only owner accepted',
    area: 'users',
    only: 'users.deactivate.only-owner',
    caughtBy: ['users.deactivate.only-owner'],
    distortion: () => ({
      after: (request, response) => (request.method === 'DELETE' && failedWith(response, /only organization owner/i) ? successResponse() : response),
    }),
  },
  // ------------------------------------------------------------ profile
  {
    name: 'a refused profile_data batch applies its valid entries',
    area: 'profile',
    only: 'profile.update.atomic',
    caughtBy: ['profile.update.atomic'],
    distortion: () => ({
      after: async (request, response, inner) => {
        const entries = jsonParam(request, 'data');
        if (is(request, 'PATCH', '/users/me/profile_data') && response.status === 400 && Array.isArray(entries)) {
          for (const entry of entries) await inner(request.auth, 'PATCH', request.path, { data: JSON.stringify([entry]) });
        }
        return response;
      },
    }),
  },
  // ----------------------------------------------------------- channels
  {
    name: 'unknown principal answered with the legacy 403 UNAUTHORIZED_PRINCIPAL',
    area: 'channels',
    only: 'subscribe.principal.unknown',
    caughtBy: ['subscribe.principal.unknown'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', SUBSCRIBE) && failedWith(response, /No such user/)
          ? { ...errorResponse(403, 'UNAUTHORIZED_PRINCIPAL', 'No such user'), headers: response.headers }
          : response,
    }),
  },
  {
    name: '`subscribed` keyed by e-mail instead of user id',
    area: 'channels',
    only: 'subscribe.creates-missing,subscribe.principals.forms',
    caughtBy: ['subscribe.creates-missing', 'subscribe.principals.forms'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'POST', SUBSCRIBE) || !succeeded(response)) return response;
        const body = bodyOf(response)!;
        const emails = new Map<string, string>();
        for (const id of [...Object.keys(body['subscribed'] ?? {}), ...Object.keys(body['already_subscribed'] ?? {})]) {
          emails.set(id, String((bodyOf(await inner(OWNER, 'GET', `/users/${id}`))?.['user'] as Json | undefined)?.['email']));
        }
        const byEmail = (map: Json) => Object.fromEntries(Object.entries(map).map(([id, names]) => [emails.get(id) ?? id, names]));
        return rewrite(response, (copy) => {
          copy['subscribed'] = byEmail(copy['subscribed'] ?? {});
          copy['already_subscribed'] = byEmail(copy['already_subscribed'] ?? {});
        });
      },
    }),
  },
  {
    name: '`unauthorized` left out with authorization_errors_fatal=false',
    area: 'channels',
    only: 'subscribe.authorization-errors-fatal',
    caughtBy: ['subscribe.authorization-errors-fatal'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', SUBSCRIBE) ? rewrite(response, (body) => void delete body['unauthorized']) : response),
    }),
  },
  {
    name: 'invite_only applied to an existing channel on subscribe',
    area: 'channels',
    only: 'subscribe.creation-only',
    caughtBy: ['subscribe.creation-only'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (is(request, 'POST', SUBSCRIBE) && succeeded(response) && request.params['invite_only'] === 'true') {
          const existing = Object.values(bodyOf(response)!['subscribed'] ?? {}).flat() as string[];
          for (const name of existing) {
            const id = await channelId(inner, name);
            if (id !== undefined) await inner(OWNER, 'PATCH', `/streams/${id}`, { is_private: 'true' });
          }
        }
        return response;
      },
    }),
  },
  {
    name: 'guests may subscribe and create channels',
    area: 'channels',
    only: 'subscribe.guests',
    caughtBy: ['subscribe.guests'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'POST', SUBSCRIBE) || !failedWith(response, /Not allowed for guest users/)) return response;
        const me = await whoIs(inner, request.auth);
        return inner(OWNER, 'POST', SUBSCRIBE, { ...request.params, principals: JSON.stringify([me?.['user_id']]) });
      },
    }),
  },
  {
    name: 'invite_only ignored: private channels created public',
    area: 'channels',
    only: 'subscribe.new-channel-defaults,subscribe.creates-missing',
    caughtBy: ['subscribe.new-channel-defaults'],
    distortion: () => ({ before: (request) => (is(request, 'POST', SUBSCRIBE) ? withParams(request, (params) => delete params['invite_only']) : request) }),
  },
  {
    name: 'a channel description over 1024 characters accepted (cut short)',
    area: 'channels',
    only: 'subscribe.description',
    caughtBy: ['subscribe.description'],
    distortion: () => ({
      before: (request) => {
        const list = jsonParam(request, 'subscriptions');
        if (!is(request, 'POST', SUBSCRIBE) || !Array.isArray(list)) return request;
        const cut = list.map((entry) => (typeof entry?.description === 'string' ? { ...entry, description: entry.description.slice(0, 1024) } : entry));
        return withParams(request, (params) => (params['subscriptions'] = JSON.stringify(cut)));
      },
    }),
  },
  {
    name: 'unknown channel names ignored on unsubscribe',
    area: 'channels',
    only: 'unsubscribe.unknown-channel',
    caughtBy: ['unsubscribe.unknown-channel'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'DELETE', SUBSCRIBE) || !failedWith(response, /do not exist/)) return response;
        const known: string[] = [];
        for (const name of subscriptionNames(request)) if ((await channelId(inner, name)) !== undefined) known.push(name);
        return inner(request.auth, 'DELETE', SUBSCRIBE, { ...request.params, subscriptions: JSON.stringify(known) });
      },
    }),
  },
  {
    name: 'subscribers always listed, without include_subscribers',
    area: 'channels',
    only: 'subscriptions.list.subscribers',
    caughtBy: ['subscriptions.list.subscribers'],
    distortion: () => ({
      before: (request) => (is(request, 'GET', SUBSCRIBE) ? withParams(request, (params) => (params['include_subscribers'] = 'true')) : request),
    }),
  },
  {
    name: 'channel name limit counted in UTF-8 bytes, not characters',
    area: 'channels',
    only: 'subscribe.name-limit*',
    caughtBy: ['subscribe.name-limit.characters'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', SUBSCRIBE) && subscriptionNames(request).some((name) => Buffer.byteLength(name.trim(), 'utf8') > 60)
          ? errorResponse(400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).')
          : request,
    }),
  },
  {
    name: 'channel description limit counted in UTF-8 bytes',
    area: 'channels',
    only: 'subscribe.description*',
    caughtBy: ['subscribe.description.characters'],
    distortion: () => ({
      before: (request) => {
        const list = jsonParam(request, 'subscriptions');
        const tooLong =
          Array.isArray(list) && list.some((entry) => typeof entry?.description === 'string' && Buffer.byteLength(entry.description, 'utf8') > 1024);
        return is(request, 'POST', SUBSCRIBE) && tooLong
          ? errorResponse(400, 'BAD_REQUEST', 'subscriptions[0]["description"] is too long (limit: 1024 characters)')
          : request;
      },
    }),
  },
  {
    name: 'an unknown principal refused only after the channel was created',
    area: 'channels',
    only: 'subscribe.principal.unknown',
    caughtBy: ['subscribe.principal.unknown'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (is(request, 'POST', SUBSCRIBE) && failedWith(response, /No such user/)) {
          await inner(request.auth, 'POST', SUBSCRIBE, withParams(request, (params) => delete params['principals']).params);
        }
        return response;
      },
    }),
  },
  // ------------------------------------------------------------ streams
  {
    name: 'GET /streams leaks private channels to non-subscribers',
    area: 'streams',
    only: 'streams.list.sources',
    caughtBy: ['streams.list.sources'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'GET', '/streams') || !succeeded(response) || (await isAdministrator(inner, request))) return response;
        const all = (bodyOf(await inner(OWNER, 'GET', '/streams', { include_all: 'true' }))?.['streams'] as Json[]) ?? [];
        return rewrite(response, (body) => {
          const listed = new Set((body['streams'] as Json[]).map((stream) => stream['stream_id']));
          body['streams'] = [...body['streams'], ...all.filter((stream) => !listed.has(stream['stream_id']))];
        });
      },
    }),
  },
  {
    name: 'can_administer_channel_group missing from channel objects',
    area: 'streams',
    only: 'streams.list.shape',
    caughtBy: ['streams.list.shape'],
    distortion: () => ({ after: (request, response) => eachStream(request, response, (stream) => void delete stream['can_administer_channel_group']) }),
  },
  {
    name: 'a group setting of one system group sent in object form',
    area: 'streams',
    only: 'subscribe.group-settings,streams.list.shape',
    caughtBy: ['subscribe.group-settings'],
    distortion: () => ({
      after: (request, response) =>
        eachStream(request, response, (stream) => {
          if (Number.isInteger(stream['can_remove_subscribers_group']))
            stream['can_remove_subscribers_group'] = { direct_members: [], direct_subgroups: [stream['can_remove_subscribers_group']] };
        }),
    }),
  },
  {
    name: 'archived channels listed by default',
    area: 'streams',
    only: 'streams.list.archived',
    caughtBy: ['streams.list.archived'],
    distortion: () => ({
      before: (request) =>
        is(request, 'GET', '/streams') && request.params['exclude_archived'] === undefined
          ? withParams(request, (params) => (params['exclude_archived'] = 'false'))
          : request,
    }),
  },
  {
    name: 'a hidden private channel by id answered "Insufficient permission"',
    area: 'streams',
    only: 'streams.get.no-leak',
    caughtBy: ['streams.get.no-leak'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'GET', /^\/streams\/\d+$/) || !failedWith(response, /Invalid channel ID/)) return response;
        return succeeded(await inner(OWNER, 'GET', request.path)) ? rewrite(response, (body) => void (body['msg'] = 'Insufficient permission')) : response;
      },
    }),
  },
  {
    name: 'a member may change any channel’s settings',
    area: 'streams',
    only: 'streams.update.administer-group-settings,streams.update.metadata',
    caughtBy: ['streams.update.administer-group-settings', 'streams.update.metadata'],
    distortion: () => ({ before: (request) => (is(request, 'PATCH', /^\/streams\/\d+$/) ? { ...request, auth: OWNER } : request) }),
  },
  {
    name: 'subscriber_count never maintained',
    area: 'streams',
    only: 'streams.list.subscriber-count',
    caughtBy: ['streams.list.subscriber-count'],
    distortion: () => ({
      after: (request, response) => eachStream(request, response, (stream) => void ('subscriber_count' in stream && (stream['subscriber_count'] = 1))),
    }),
  },
  {
    name: 'deactivated subscribers still listed by GET /streams/{id}/members',
    area: 'streams',
    only: 'streams.list.subscriber-count',
    caughtBy: ['streams.list.subscriber-count'],
    distortion: () => {
      const gone: { channelId: number; userId: number }[] = [];
      return {
        before: async (request, inner) => {
          const match = /^\/users\/(\d+)$/.exec(request.path);
          if (request.method !== 'DELETE' || match === null) return request;
          const userId = Number(match[1]);
          const channels = (bodyOf(await inner(OWNER, 'GET', '/streams', { include_all: 'true' }))?.['streams'] as Json[]) ?? [];
          for (const channel of channels) {
            const subscribers = bodyOf(await inner(OWNER, 'GET', `/streams/${channel['stream_id']}/members`))?.['subscribers'];
            if (Array.isArray(subscribers) && subscribers.includes(userId)) gone.push({ channelId: channel['stream_id'], userId });
          }
          return request;
        },
        after: (request, response) => {
          const match = /^\/streams\/(\d+)\/members$/.exec(request.path);
          if (request.method !== 'GET' || match === null || !succeeded(response)) return response;
          return rewrite(response, (body) => {
            for (const { channelId, userId } of gone) if (channelId === Number(match[1])) body['subscribers'].push(userId);
          });
        },
      };
    },
  },
  // ------------------------------------------------------------- groups
  {
    name: 'deactivated users still listed in members and direct_members',
    area: 'groups',
    only: 'groups.list.no-deactivated-users',
    caughtBy: ['groups.list.no-deactivated-users'],
    distortion: () => {
      // What the groups held before each deactivation, put back into every later listing.
      const kept: { groupId: number; field: string; userId: number }[] = [];
      return {
        before: async (request, inner) => {
          const match = /^\/users\/(\d+)$/.exec(request.path);
          if (request.method !== 'DELETE' || match === null) return request;
          const userId = Number(match[1]);
          const groups = (bodyOf(await inner(OWNER, 'GET', '/user_groups', { include_deactivated_groups: 'true' }))?.['user_groups'] as Json[]) ?? [];
          for (const group of groups) {
            for (const [field, value] of Object.entries(group)) {
              const ids = field === 'members' ? value : value?.['direct_members'];
              if (Array.isArray(ids) && ids.includes(userId)) kept.push({ groupId: group['id'], field, userId });
            }
          }
          return request;
        },
        after: (request, response) => {
          if (!is(request, 'GET', '/user_groups') || !succeeded(response)) return response;
          return rewrite(response, (body) =>
            eachOf(body['user_groups'], (group) => {
              for (const { groupId, field, userId } of kept) {
                if (group['id'] !== groupId) continue;
                const ids: number[] = field === 'members' ? group['members'] : group[field]?.['direct_members'];
                if (Array.isArray(ids) && !ids.includes(userId)) ids.push(userId);
              }
            }),
          );
        },
      };
    },
  },
  {
    name: 'adding a deactivated user to a group accepted',
    area: 'groups',
    only: 'groups.members.active-users-only',
    caughtBy: ['groups.members.active-users-only'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', /^\/user_groups\/\d+\/members$/) && failedWith(response, /Invalid user ID|deactivated/i) ? successResponse() : response,
    }),
  },
  {
    name: 'subgroup cycles accepted',
    area: 'groups',
    only: 'groups.members.cycles',
    caughtBy: ['groups.members.cycles'],
    distortion: () => ({
      after: (request, response) =>
        /^\/user_groups\/\d+\/(members|subgroups)$/.test(request.path) && failedWith(response, /already a subgroup|cycle|itself/i)
          ? successResponse()
          : response,
    }),
  },
  {
    name: 'bots refused on the group members endpoint at our feature level',
    area: 'groups',
    only: 'groups.members.bots',
    caughtBy: ['groups.members.bots'],
    distortion: () =>
      compose(botsEndpoint(), {
        before: async (request, inner) => {
          if (!is(request, 'POST', /^\/user_groups\/\d+\/members$/)) return request;
          const me = await whoIs(inner, request.auth);
          return me?.['is_bot'] === true ? errorResponse(400, 'BAD_REQUEST', 'Insufficient permission') : request;
        },
      }),
    control: botsEndpoint,
  },
  {
    name: 'deactivated groups listed by default',
    area: 'groups',
    only: 'groups.list.deactivated',
    caughtBy: ['groups.list.deactivated'],
    distortion: () => ({
      before: (request) => (is(request, 'GET', '/user_groups') ? withParams(request, (params) => (params['include_deactivated_groups'] = 'true')) : request),
    }),
  },
  // -------------------------------------------------------------- realm
  {
    name: 'register reports max_stream_name_length 50',
    area: 'realm',
    only: 'register.values,register.limits',
    caughtBy: ['register.values'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/register')
          ? rewrite(response, (body) => void ('max_stream_name_length' in body && (body['max_stream_name_length'] = 50)))
          : response,
    }),
  },
  {
    // The version-consistency fault: the feature level is rewritten, the answers stay the newest's.
    name: 'claims feature level 300 but answers as the newest',
    area: 'general',
    only: 'general.versioning.consistent',
    caughtBy: ['general.versioning.consistent.keys', 'general.versioning.consistent.endpoints'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/server_settings') || is(request, 'POST', '/register')
          ? rewrite(response, (body) => void ('zulip_feature_level' in body && (body['zulip_feature_level'] = 300)))
          : response,
    }),
    // A server really at 300 passes the same checks.
    control: () => ({}),
    controlFeatureLevel: 300,
  },
  {
    name: 'register reports another feature level than server_settings',
    area: 'realm',
    only: 'register.version',
    caughtBy: ['register.version'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', '/register') ? rewrite(response, (body) => void (body['zulip_feature_level'] = 300)) : response),
    }),
  },
  {
    name: 'register without realm_empty_topic_display_name',
    area: 'realm',
    only: 'register.constants',
    caughtBy: ['register.constants'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/register') ? rewrite(response, (body) => void delete body['realm_empty_topic_display_name']) : response,
    }),
  },
  {
    name: 'register lists deactivated users among realm_users',
    area: 'realm',
    only: 'register.non-active-users,register.users-and-groups',
    caughtBy: ['register.non-active-users'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/register')
          ? rewrite(response, (body) => {
              if (!Array.isArray(body['realm_users']) || !Array.isArray(body['realm_non_active_users'])) return;
              body['realm_users'] = [...body['realm_users'], ...body['realm_non_active_users']];
              body['realm_non_active_users'] = [];
            })
          : response,
    }),
  },
  {
    name: 'a non-administrator may change organization settings',
    area: 'realm',
    only: 'realm.update.administrators',
    caughtBy: ['realm.update.administrators'],
    distortion: () => ({ before: (request) => (is(request, 'PATCH', '/realm') ? { ...request, auth: OWNER } : request) }),
  },
  {
    name: 'a stale `old` in a {new, old} group setting ignored',
    area: 'realm',
    only: 'realm.update.group-setting',
    caughtBy: ['realm.update.group-setting'],
    distortion: () => ({
      before: (request) =>
        is(request, 'PATCH', '/realm')
          ? withParams(request, (params) => {
              for (const name of Object.keys(params)) {
                const value = jsonParam(request, name);
                if (value !== null && typeof value === 'object' && 'new' in value && 'old' in value) params[name] = JSON.stringify({ new: value.new });
              }
            })
          : request,
    }),
  },
  {
    // The oracle's assertion names a clause the check does not list: the report must still show it failing.
    name: 'POST /register refused for everyone',
    area: 'events',
    only: 'properties.events.oracle',
    caughtBy: ['properties.events.oracle'],
    failingClauses: ['events.register.queue'],
    distortion: () => ({
      before: (request) => (is(request, 'POST', '/register') ? errorResponse(400, 'BAD_REQUEST', 'Registration refused') : request),
    }),
  },
  {
    name: 'events delivered without their id',
    area: 'events',
    only: 'events.protocol.ids',
    caughtBy: ['events.protocol.ids'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events') ? rewrite(response, (body) => eachOf(body['events'], (event) => void delete event['id'])) : response,
    }),
  },
  {
    name: 'an unknown event queue answered 404 instead of BAD_EVENT_QUEUE_ID',
    area: 'events',
    only: 'events.protocol.bad-queue',
    caughtBy: ['events.protocol.bad-queue'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events') && bodyOf(response)?.['code'] === 'BAD_EVENT_QUEUE_ID' ? errorResponse(404, 'NOT_FOUND', 'Not Found') : response,
    }),
  },
  {
    name: 'acknowledged events delivered again (last_event_id ignored)',
    area: 'events',
    only: 'events.protocol.acknowledge',
    caughtBy: ['events.protocol.acknowledge'],
    distortion: () => ({
      before: (request) =>
        is(request, 'GET', '/events') && request.params['queue_id'] !== undefined
          ? withParams(request, (params) => void (params['last_event_id'] = '-1'))
          : request,
    }),
  },
  {
    name: 'organization settings sent as realm op update instead of update_dict',
    area: 'events',
    only: 'events.realm.update-dict',
    caughtBy: ['events.realm.update-dict'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events')
          ? rewrite(response, (body) =>
              eachOf(body['events'], (event) => {
                if (event['type'] !== 'realm' || event['op'] !== 'update_dict') return;
                const [property, value] = Object.entries(event['data'] as Json)[0] ?? ['name', null];
                event['op'] = 'update';
                event['property'] = property;
                event['value'] = value;
                delete event['data'];
              }),
            )
          : response,
    }),
  },
  ...MESSAGE_BUGS,
  ...BOT_BUGS,
  ...UPLOAD_BUGS,
  ...LINKIFIER_BUGS,
  ...EMOJI_BUGS,
  ...SNIPPET_BUGS,
  ...ADMIN_BUGS,
  ...DRAFT_BUGS,
  ...SCHEDULED_BUGS,
  ...PRESENCE_BUGS,
  ...PERSONAL_BUGS,
  ...SETUP_BUGS,
  ...BLIND_SPOT_BUGS,
  ...RATE_LIMIT_BUGS,
];
