/**
 * Realistic bugs of PATCH /messages/{message_id}, in the form of bugs.ts:
 * modes ignored, time limits and permissions not enforced, wrong answers to
 * refused requests, and update_message events with missing fields or sent
 * to the wrong users.
 */
import { modelOwner } from '../runner.js';
import type { TargetResponse } from '../target.js';
import type { Bug } from './bugs.js';
import {
  administratorsJoinAround,
  bodyOf,
  type Distortion,
  eachOf,
  failedWith,
  type Inner,
  is,
  type Json,
  type Request,
  rewrite,
  succeeded,
  successResponse,
  withParams,
} from './distort.js';

const OWNER = modelOwner();
const EDIT_PATH = /^\/messages\/(\d+)$/;

function isEdit(request: Request): boolean {
  return is(request, 'PATCH', EDIT_PATH);
}

/** The organization's settings as the owner's register reports them (the queue it makes is deleted). */
async function realmSettings(inner: Inner): Promise<Json> {
  const body = bodyOf(await inner(OWNER, 'POST', '/register', { fetch_event_types: JSON.stringify(['realm']) })) ?? {};
  if (typeof body['queue_id'] === 'string') await inner(OWNER, 'DELETE', '/events', { queue_id: body['queue_id'] });
  return body;
}

/** The request made again with these time limits lifted for a moment: what a server that skips them answers. */
async function withoutLimits(inner: Inner, request: Request, limits: readonly string[]): Promise<TargetResponse> {
  const settings = await realmSettings(inner);
  const unlimited = Object.fromEntries(limits.map((name) => [name, JSON.stringify('unlimited')]));
  const restore = Object.fromEntries(
    limits.map((name) => [name, settings[`realm_${name}`] === null ? JSON.stringify('unlimited') : JSON.stringify(settings[`realm_${name}`])]),
  );
  await inner(OWNER, 'PATCH', '/realm', unlimited);
  try {
    return await inner(request.auth, request.method, request.path, request.params);
  } finally {
    await inner(OWNER, 'PATCH', '/realm', restore);
  }
}

/** The users a private channel's edit should not reach are subscribed just before the edit and removed just after. */
function editEventsToAdministrators(): Distortion {
  return administratorsJoinAround(OWNER, async (request, inner) => {
    const id = EDIT_PATH.exec(request.path)?.[1];
    if (request.method !== 'PATCH' || id === undefined) return undefined;
    const message = bodyOf(await inner(request.auth, 'GET', `/messages/${id}`))?.['message'] as Json | undefined;
    const channelId = message?.['stream_id'];
    if (typeof channelId !== 'number') return undefined;
    return bodyOf(await inner(OWNER, 'GET', `/streams/${channelId}`))?.['stream'] as Json | undefined;
  });
}

export const EDIT_BUGS: readonly Bug[] = [
  {
    name: 'propagate_mode ignored: a rename moves only the one message',
    area: 'messages',
    only: 'messages.move.propagate-modes',
    caughtBy: ['messages.move.propagate-modes'],
    distortion: () => ({ before: (request) => (isEdit(request) ? withParams(request, (params) => delete params['propagate_mode']) : request) }),
  },
  {
    name: 'the content edit time limit not enforced',
    area: 'messages',
    only: 'messages.edit.content-time-limit',
    caughtBy: ['messages.edit.content-time-limit'],
    distortion: () => ({
      after: (request, response, inner) =>
        isEdit(request) && failedWith(response, /time limit for editing this message has passed/)
          ? withoutLimits(inner, request, ['message_content_edit_limit_seconds'])
          : response,
    }),
  },
  {
    name: 'the move time limits not enforced',
    area: 'messages',
    only: 'messages.move.topic-time-limit,messages.move.time-limit-exceeded',
    caughtBy: ['messages.move.topic-time-limit', 'messages.move.time-limit-exceeded'],
    distortion: () => ({
      after: (request, response, inner) =>
        isEdit(request) &&
        (failedWith(response, /time limit for editing this message's (topic|channel) has passed/) ||
          bodyOf(response)?.['code'] === 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED')
          ? withoutLimits(inner, request, ['move_messages_within_stream_limit_seconds', 'move_messages_between_streams_limit_seconds'])
          : response,
    }),
  },
  {
    name: 'a member may resolve topics without can_resolve_topics_group',
    area: 'messages',
    only: 'messages.resolve.group',
    caughtBy: ['messages.resolve.group'],
    distortion: () => ({
      after: (request, response, inner) =>
        isEdit(request) && failedWith(response, /permission to resolve topics/) ? inner(OWNER, request.method, request.path, request.params) : response,
    }),
  },
  {
    name: 'an edit that changes nothing answers success',
    area: 'messages',
    only: 'messages.edit.invalid-requests',
    caughtBy: ['messages.edit.invalid-requests'],
    distortion: () => ({
      after: (request, response) => (isEdit(request) && failedWith(response, /^Nothing to change$/) ? successResponse({ detached_uploads: [] }) : response),
    }),
  },
  {
    name: 'content with stream_id refused with another code than BAD_REQUEST',
    area: 'messages',
    only: 'messages.edit.content-with-channel',
    caughtBy: ['messages.edit.content-with-channel'],
    distortion: () => ({
      after: (request, response) =>
        isEdit(request) && failedWith(response, /Cannot change message content while changing channel/)
          ? rewrite(response, (body) => void (body['code'] = 'REQUEST_VARIABLE_INVALID'))
          : response,
    }),
  },
  {
    name: 'update_message events without orig_subject',
    area: 'messages',
    only: 'messages.move.events',
    caughtBy: ['messages.move.events'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events') && succeeded(response)
          ? rewrite(response, (body) => eachOf(body['events'], (event) => void (event['type'] === 'update_message' && delete event['orig_subject'])))
          : response,
    }),
  },
  {
    name: 'update_message of a private channel reaches administrators outside it',
    area: 'messages',
    only: 'messages.edit.events-content',
    caughtBy: ['messages.edit.events-content'],
    distortion: editEventsToAdministrators,
  },
];
