/** Realistic reaction and report bugs, in the form of bugs.ts. */
import { modelOwner } from '../runner.js';
import type { Bug } from './bugs.js';
import {
  administratorsJoinAround,
  bodyOf,
  type Distortion,
  errorResponse,
  failedWith,
  type Inner,
  is,
  type Json,
  type Request,
  succeeded,
  successResponse,
} from './distort.js';

const OWNER = modelOwner();
const REACTIONS = /^\/messages\/(\d+)\/reactions$/;
const REPORT = /^\/messages\/(\d+)\/report$/;
const NO_SUCH_MESSAGE = 1_999_999_999;

/** The private channel of the message a reaction request names, as the owner lists it, if it is in one. */
async function privateChannelOf(inner: Inner, request: Request): Promise<Json | undefined> {
  const id = REACTIONS.exec(request.path)?.[1];
  if (id === undefined || !['POST', 'DELETE'].includes(request.method)) return undefined;
  const message = bodyOf(await inner(request.auth, 'GET', `/messages/${id}`))?.['message'] as Json | undefined;
  if (message?.['type'] !== 'stream') return undefined;
  const streams = (bodyOf(await inner(OWNER, 'GET', '/streams', { include_all: 'true' }))?.['streams'] as Json[] | undefined) ?? [];
  const channel = streams.find((stream) => stream['stream_id'] === message['stream_id']);
  return channel?.['invite_only'] === true ? channel : undefined;
}

/** Administrators join a private channel just before each reaction in it and leave just after: they get its reaction events. */
function reactionEventsToAdministrators(): Distortion {
  return administratorsJoinAround(OWNER, (request, inner) => privateChannelOf(inner, request));
}

/**
 * Validates a report as the real server would (by reporting a message no
 * realm has: only the message check is then left to fail) but posts nothing.
 */
function reportsNeverPosted(): Distortion {
  return {
    before: async (request, inner) => {
      const id = REPORT.exec(request.path)?.[1];
      if (request.method !== 'POST' || id === undefined) return request;
      const probe = await inner(request.auth, 'POST', `/messages/${NO_SUCH_MESSAGE}/report`, request.params);
      if (!failedWith(probe, /^Invalid message\(s\)$/)) return probe;
      const readable = succeeded(await inner(request.auth, 'GET', `/messages/${id}`));
      return readable ? successResponse() : errorResponse(400, 'BAD_REQUEST', 'Invalid message(s)');
    },
  };
}

export const REACTION_BUGS: readonly Bug[] = [
  {
    name: 'reaction events reach administrators outside a private channel',
    area: 'messages',
    only: 'events.reactions.channel',
    caughtBy: ['events.reactions.channel'],
    distortion: reactionEventsToAdministrators,
  },
  {
    name: 'a duplicate reaction accepted',
    area: 'messages',
    only: 'reactions.add.already-exists',
    caughtBy: ['reactions.add.already-exists'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', REACTIONS) && bodyOf(response)?.['code'] === 'REACTION_ALREADY_EXISTS' ? successResponse() : response),
    }),
  },
  {
    name: 'removing a reaction by emoji_code ignored',
    area: 'messages',
    only: 'reactions.remove.by-name-and-code',
    caughtBy: ['reactions.remove.by-name-and-code'],
    distortion: () => ({
      before: (request) => (is(request, 'DELETE', REACTIONS) && request.params['emoji_code'] !== undefined ? successResponse() : request),
    }),
  },
  {
    name: 'a report accepted while reporting is disabled',
    area: 'messages',
    only: 'reports.not-configured',
    caughtBy: ['reports.not-configured'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', REPORT) && failedWith(response, /not enabled/) ? successResponse() : response),
    }),
  },
  {
    name: 'the report notification never posted',
    area: 'messages',
    only: 'reports.notify,reports.notification.wording',
    caughtBy: ['reports.notify', 'reports.notification.wording'],
    distortion: reportsNeverPosted,
  },
];
