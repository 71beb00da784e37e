/** Realistic bugs in a user's own reading and muting state, in the form of bugs.ts. */
import type { Bug } from './bugs.js';
import { bodyOf, is, successResponse, whoIs } from './distort.js';

const MUTE = /^\/users\/me\/muted_users\/(\d+)$/;

export const PERSONAL_BUGS: readonly Bug[] = [
  {
    name: 'alert words never removed',
    area: 'users',
    only: 'personal.alert-words.add-remove',
    caughtBy: ['personal.alert-words.add-remove'],
    distortion: () => ({
      // The answer lists the words as they stand, but the removal never happened.
      before: async (request, inner) =>
        is(request, 'DELETE', '/users/me/alert_words')
          ? successResponse({ alert_words: bodyOf(await inner(request.auth, 'GET', '/users/me/alert_words'))?.['alert_words'] ?? [] })
          : request,
    }),
  },
  {
    name: 'a user may mute themselves',
    area: 'users',
    only: 'personal.mute.list',
    caughtBy: ['personal.mute.list'],
    distortion: () => ({
      before: async (request, inner) => {
        const target = MUTE.exec(request.path)?.[1];
        if (request.method !== 'POST' || target === undefined) return request;
        const me = await whoIs(inner, request.auth);
        return me !== undefined && Number(me['user_id']) === Number(target) ? successResponse() : request;
      },
    }),
  },
  {
    name: 'removing a topic’s visibility policy ignored',
    area: 'channels',
    only: 'personal.user-topic.set',
    caughtBy: ['personal.user-topic.set'],
    distortion: () => ({
      before: (request) => (is(request, 'POST', '/user_topics') && request.params['visibility_policy'] === '0' ? successResponse() : request),
    }),
  },
  {
    name: 'mark_stream_as_read answers success and marks nothing',
    area: 'messages',
    only: 'personal.mark-channel.read',
    caughtBy: ['personal.mark-channel.read'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', '/mark_stream_as_read') && /^\d+$/.test(request.params['stream_id'] ?? '') && Number(request.params['stream_id']) < 2_000_000_000
          ? successResponse()
          : request,
    }),
  },
];
