/**
 * Realistic typing-notification bugs, in the form of bugs.ts: events that
 * reach the wrong users, settings ignored, the 100-subscriber cutoff
 * ignored, a wrong error code, and edit typing allowed where an edit is not.
 * The model cannot be told to misroute an event, so most of these change who
 * is subscribed or what a setting is just around the request.
 */
import { modelOwner } from '../runner.js';
import type { TargetResponse } from '../target.js';
import type { Bug } from './bugs.js';
import { bodyOf, failedWith, type Inner, is, type Json, jsonParam, type Request, rewrite, successResponse, withParams } from './distort.js';

const OWNER = modelOwner();
const EDIT_TYPING = /^\/messages\/\d+\/typing$/;
const SUBSCRIPTIONS = '/users/me/subscriptions';

function isChannelTyping(request: Request): boolean {
  return is(request, 'POST', '/typing') && ['stream', 'channel'].includes(request.params['type'] ?? '');
}

function isDirectTyping(request: Request): boolean {
  return is(request, 'POST', '/typing') && !isChannelTyping(request);
}

async function activeUserIds(inner: Inner): Promise<number[]> {
  const members = (bodyOf(await inner(OWNER, 'GET', '/users'))?.['members'] as Json[] | undefined) ?? [];
  return members.filter((user) => user['is_active'] === true).map((user) => user['user_id'] as number);
}

async function channelName(inner: Inner, channelId: unknown): Promise<string | undefined> {
  const name = bodyOf(await inner(OWNER, 'GET', `/streams/${String(channelId)}`))?.['stream']?.['name'];
  return typeof name === 'string' ? name : undefined;
}

async function subscriberIds(inner: Inner, channelId: unknown): Promise<number[]> {
  return (bodyOf(await inner(OWNER, 'GET', `/streams/${String(channelId)}/members`))?.['subscribers'] as number[] | undefined) ?? [];
}

/** Users join the typed-in channel just before the request and leave just after: they hear its typing. */
function joinedAround(pick: (inner: Inner, request: Request, subscribers: readonly number[]) => Promise<number[]>) {
  let pending: { name: string; userIds: number[] } | undefined;
  return {
    before: async (request: Request, inner: Inner) => {
      if (!isChannelTyping(request)) return request;
      const channelId = jsonParam(request, 'stream_id');
      const name = await channelName(inner, channelId);
      if (name === undefined) return request;
      const userIds = await pick(inner, request, await subscriberIds(inner, channelId));
      const params = { subscriptions: JSON.stringify([{ name }]), principals: JSON.stringify(userIds) };
      if (userIds.length > 0 && bodyOf(await inner(request.auth, 'POST', SUBSCRIPTIONS, params))?.['result'] === 'success') pending = { name, userIds };
      return request;
    },
    after: async (_request: Request, response: TargetResponse, inner: Inner) => {
      if (pending !== undefined) {
        const { name, userIds } = pending;
        pending = undefined;
        await inner(OWNER, 'DELETE', SUBSCRIPTIONS, { subscriptions: JSON.stringify([name]), principals: JSON.stringify(userIds) });
      }
      return response;
    },
  };
}

/** The caller's personal setting, as the distortion last saw them set it (PATCH /settings). */
function settingWatcher(name: string) {
  const values = new Map<string, string>();
  return {
    watch(request: Request): void {
      const value = request.params[name];
      const email = request.auth !== null && typeof request.auth === 'object' ? request.auth.email : undefined;
      if (is(request, 'PATCH', '/settings') && value !== undefined && email !== undefined) values.set(email, value);
    },
    isOff(request: Request): boolean {
      return request.auth !== null && typeof request.auth === 'object' && values.get(request.auth.email) === 'false';
    },
  };
}

export const TYPING_BUGS: readonly Bug[] = [
  {
    name: 'direct typing sent to every user',
    area: 'messages',
    only: 'typing.direct.*',
    caughtBy: ['typing.direct.recipients'],
    distortion: () => ({
      before: async (request, inner) => {
        const to = jsonParam(request, 'to');
        if (!isDirectTyping(request) || !Array.isArray(to) || to.length === 0) return request;
        const everyone = [...new Set([...to, ...(await activeUserIds(inner))])];
        return withParams(request, (params) => (params['to'] = JSON.stringify(everyone)));
      },
    }),
  },
  {
    name: 'channel typing reaches administrators outside a private channel',
    area: 'messages',
    only: 'typing.channel.subscribers',
    caughtBy: ['typing.channel.subscribers'],
    distortion: () =>
      joinedAround(async (inner, _request, subscribers) => {
        const members = (bodyOf(await inner(OWNER, 'GET', '/users'))?.['members'] as Json[] | undefined) ?? [];
        return members
          .filter((user) => user['is_active'] === true && user['is_bot'] === false && user['role'] <= 200 && !subscribers.includes(user['user_id']))
          .map((user) => user['user_id'] as number);
      }),
  },
  {
    name: 'own typing reaches a sender who turned receives_typing_notifications off',
    area: 'messages',
    only: 'typing.direct.*',
    caughtBy: ['typing.direct.receives-setting'],
    distortion: () => {
      const receives = settingWatcher('receives_typing_notifications');
      let restore: Request['auth'] | undefined;
      return {
        before: async (request, inner) => {
          receives.watch(request);
          if (isDirectTyping(request) && receives.isOff(request)) {
            await inner(request.auth, 'PATCH', '/settings', { receives_typing_notifications: 'true' });
            restore = request.auth;
          }
          return request;
        },
        after: async (_request, response, inner) => {
          if (restore !== undefined) {
            await inner(restore, 'PATCH', '/settings', { receives_typing_notifications: 'false' });
            restore = undefined;
          }
          return response;
        },
      };
    },
  },
  {
    name: 'direct typing sent although the sender turned sending it off',
    area: 'messages',
    only: 'typing.direct.*',
    caughtBy: ['typing.direct.sender-setting'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!isDirectTyping(request) || !failedWith(response, /disabled typing notifications for direct messages/)) return response;
        await inner(request.auth, 'PATCH', '/settings', { send_private_typing_notifications: 'true' });
        const sent = await inner(request.auth, 'POST', '/typing', request.params);
        await inner(request.auth, 'PATCH', '/settings', { send_private_typing_notifications: 'false' });
        return sent;
      },
    }),
  },
  {
    name: 'channel typing sent beyond 100 subscribers',
    area: 'messages',
    only: 'typing.channel.cutoff',
    caughtBy: ['typing.channel.cutoff'],
    distortion: () => {
      let pending: { name: string; userIds: number[] } | undefined;
      return {
        before: async (request, inner) => {
          if (!isChannelTyping(request)) return request;
          const channelId = jsonParam(request, 'stream_id');
          const subscribers = await subscriberIds(inner, channelId);
          const name = await channelName(inner, channelId);
          if (subscribers.length <= 100 || name === undefined) return request;
          // The newest users step out for the request: the channel is just small enough, as if there were no cutoff.
          const userIds = [...subscribers].sort((a, b) => b - a).slice(0, subscribers.length - 100);
          await inner(OWNER, 'DELETE', SUBSCRIPTIONS, { subscriptions: JSON.stringify([name]), principals: JSON.stringify(userIds) });
          pending = { name, userIds };
          return request;
        },
        after: async (_request, response, inner) => {
          if (pending !== undefined) {
            const { name, userIds } = pending;
            pending = undefined;
            await inner(OWNER, 'POST', SUBSCRIPTIONS, { subscriptions: JSON.stringify([{ name }]), principals: JSON.stringify(userIds) });
          }
          return response;
        },
      };
    },
  },
  {
    name: "Missing 'stream_id' answered as REQUEST_VARIABLE_MISSING",
    area: 'messages',
    only: 'typing.channel.errors',
    caughtBy: ['typing.channel.errors'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/typing') && failedWith(response, /^Missing 'stream_id' argument$/)
          ? rewrite(response, (body) => ({ ...body, code: 'REQUEST_VARIABLE_MISSING', var_name: 'stream_id' }))
          : response,
    }),
  },
  {
    name: 'typing an edit of someone else’s message accepted',
    area: 'messages',
    only: 'typing.edit.*',
    caughtBy: ['typing.edit.permission'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', EDIT_TYPING) && failedWith(response, /permission to edit this message/) ? successResponse() : response,
    }),
  },
  {
    name: 'typing an edit allowed past the content-edit limit',
    area: 'messages',
    only: 'typing.edit.*',
    caughtBy: ['typing.edit.no-grace'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', EDIT_TYPING) && failedWith(response, /time limit for editing this message has passed/) ? successResponse() : response,
    }),
  },
];
