/**
 * Realistic message bugs (sending, reading, deleting, message events), in the
 * form of bugs.ts. Some keep state: what the broken server "stored" that the
 * model did not (an untrimmed topic, an untruncated content, a local id).
 */
import { modelOwner } from '../runner.js';
import type { TargetResponse } from '../target.js';
import type { Bug } from './bugs.js';
import {
  administratorsJoinAround,
  bodyOf,
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
  whoIs,
  withParams,
} from './distort.js';
import { EDIT_BUGS } from './edit-bugs.js';
import { FLAG_BUGS } from './flag-bugs.js';
import { REACTION_BUGS } from './reaction-bugs.js';
import { TYPING_BUGS } from './typing-bugs.js';

const OWNER = modelOwner();
const MESSAGE_READ = /^\/messages(\/\d+)?$/;

/** Every message object of a GET /messages or GET /messages/{id} answer changed in place (also raw_content, through `body`). */
function eachMessage(request: Request, response: TargetResponse, change: (message: Json, body: Json) => void): TargetResponse {
  if (request.method !== 'GET' || !MESSAGE_READ.test(request.path) || !succeeded(response)) return response;
  return rewrite(response, (body) => {
    eachOf(body['messages'], (message) => change(message, body));
    if (body['message'] !== undefined) change(body['message'], body);
  });
}

/** Every event of a GET /events answer changed in place. */
function eachEvent(request: Request, response: TargetResponse, change: (event: Json) => void): TargetResponse {
  return is(request, 'GET', '/events') && succeeded(response) ? rewrite(response, (body) => eachOf(body['events'], change)) : response;
}

function sentId(request: Request, response: TargetResponse): number | undefined {
  const id = bodyOf(response)?.['id'];
  return is(request, 'POST', '/messages') && succeeded(response) && typeof id === 'number' ? id : undefined;
}

/** The channel a POST /messages addresses, as the owner lists it (id, name, invite_only), if it is a channel send. */
async function addressedChannel(inner: Inner, request: Request): Promise<Json | undefined> {
  if (!is(request, 'POST', '/messages') || !['stream', 'channel'].includes(request.params['type'] ?? '')) return undefined;
  const to = jsonParam(request, 'to') ?? request.params['to'];
  const indicator = Array.isArray(to) ? to[0] : to;
  const streams = (bodyOf(await inner(OWNER, 'GET', '/streams', { include_all: 'true' }))?.['streams'] as Json[] | undefined) ?? [];
  return streams.find((stream) => stream['stream_id'] === indicator || stream['name'] === String(indicator).trim());
}

/** Administrators join a private channel just before each message to it and leave just after: they get its message events. */
function privateEventsToAdministrators(): Distortion {
  return administratorsJoinAround(OWNER, (request, inner) => addressedChannel(inner, request));
}

export const MESSAGE_BUGS: readonly Bug[] = [
  {
    name: 'the sender’s own message starts read for an API client',
    area: 'messages',
    only: 'messages.flags.unread-start',
    caughtBy: ['messages.flags.unread-start'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (request.method !== 'GET' || !MESSAGE_READ.test(request.path)) return response;
        const me = (await whoIs(inner, request.auth))?.['user_id'];
        return eachMessage(request, response, (message) => {
          if (message['sender_id'] === me && Array.isArray(message['flags']) && !message['flags'].includes('read')) message['flags'].push('read');
        });
      },
    }),
  },
  {
    name: 'found_newest always true',
    area: 'messages',
    only: 'messages.list.anchors',
    caughtBy: ['messages.list.anchors', 'properties.narrows.anchor-window'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/messages') ? rewrite(response, (body) => void ('found_newest' in body && (body['found_newest'] = true))) : response,
    }),
  },
  {
    name: 'the topic narrow operator ignored',
    area: 'messages',
    only: 'messages.narrows.topic',
    caughtBy: ['messages.narrows.topic'],
    distortion: () => ({
      before: (request) => {
        const narrow = jsonParam(request, 'narrow');
        if (!is(request, 'GET', '/messages') || !Array.isArray(narrow)) return request;
        const kept = narrow.filter((term) => (Array.isArray(term) ? term[0] : term?.operator) !== 'topic');
        return withParams(request, (params) => (params['narrow'] = JSON.stringify(kept)));
      },
    }),
  },
  {
    name: 'the topic stored untrimmed',
    area: 'messages',
    only: 'messages.send.topic-rules',
    caughtBy: ['messages.send.topic-rules'],
    distortion: () => {
      const untrimmed = new Map<number, string>();
      return {
        after: (request, response) => {
          const id = sentId(request, response);
          const raw = request.params['topic'] ?? request.params['subject'];
          if (id !== undefined && raw !== undefined && raw !== raw.trim()) untrimmed.set(id, raw);
          return eachMessage(request, response, (message) => {
            const topic = untrimmed.get(message['id']);
            if (topic !== undefined) message['subject'] = topic;
          });
        },
      };
    },
  },
  {
    name: 'an inaccessible message answered otherwise than a missing one',
    area: 'messages',
    only: 'messages.get.invalid',
    caughtBy: ['messages.get.invalid'],
    distortion: () => ({
      after: (request, response) => {
        const id = /^\/messages\/(\d+)$/.exec(request.path)?.[1];
        if (request.method !== 'GET' || id === undefined || Number(id) >= 1_000_000_000 || !failedWith(response, /^Invalid message\(s\)$/)) return response;
        return errorResponse(403, 'BAD_REQUEST', 'You do not have access to this message');
      },
    }),
  },
  {
    name: 'STREAM_DOES_NOT_EXIST answered as BAD_REQUEST',
    area: 'messages',
    only: 'messages.send.channel-missing',
    caughtBy: ['messages.send.channel-missing'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/messages') && bodyOf(response)?.['code'] === 'STREAM_DOES_NOT_EXIST'
          ? rewrite(response, (body) => void (body['code'] = 'BAD_REQUEST'))
          : response,
    }),
  },
  {
    name: 'content over 10000 characters stored whole',
    area: 'messages',
    only: 'messages.send.content-truncated',
    caughtBy: ['messages.send.content-truncated'],
    distortion: () => {
      const whole = new Map<number, string>();
      return {
        after: (request, response) => {
          const id = sentId(request, response);
          const content = request.params['content'] ?? '';
          if (id !== undefined && content.length > 10_000) whole.set(id, content);
          return eachMessage(request, response, (message, body) => {
            const full = whole.get(message['id']);
            if (full === undefined) return;
            if (message['content_type'] === 'text/x-markdown') message['content'] = full;
            if ('raw_content' in body) body['raw_content'] = full;
          });
        },
      };
    },
  },
  {
    name: 'a refused send still posted',
    area: 'messages',
    only: 'messages.send.can-send-message-group',
    caughtBy: ['messages.send.can-send-message-group'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (is(request, 'POST', '/messages') && failedWith(response, /permission to post in this channel/))
          await inner(OWNER, 'POST', '/messages', request.params);
        return response;
      },
    }),
  },
  {
    name: 'channel wildcard mentions never refused',
    area: 'messages',
    only: 'messages.send.channel-wildcard',
    caughtBy: ['messages.send.channel-wildcard'],
    distortion: () => ({
      after: (request, response, inner) =>
        is(request, 'POST', '/messages') && bodyOf(response)?.['code'] === 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'
          ? inner(OWNER, 'POST', '/messages', request.params)
          : response,
    }),
  },
  {
    name: 'a member may delete anyone’s message',
    area: 'messages',
    only: 'messages.delete.others',
    caughtBy: ['messages.delete.others'],
    distortion: () => ({ before: (request) => (is(request, 'DELETE', /^\/messages\/\d+$/) ? { ...request, auth: OWNER } : request) }),
  },
  {
    name: 'message events without the recipient’s flags',
    area: 'messages',
    only: 'events.messages.channel',
    caughtBy: ['events.messages.channel'],
    distortion: () => ({ after: (request, response) => eachEvent(request, response, (event) => void (event['type'] === 'message' && delete event['flags'])) }),
  },
  {
    name: 'private-channel message events reach administrators outside the channel',
    area: 'messages',
    only: 'events.messages.channel',
    caughtBy: ['events.messages.channel'],
    distortion: privateEventsToAdministrators,
  },
  {
    name: 'local_message_id sent to every queue',
    area: 'messages',
    only: 'events.messages.local-id',
    caughtBy: ['events.messages.local-id'],
    distortion: () => {
      const localIds = new Map<number, string>();
      return {
        after: (request, response) => {
          const id = sentId(request, response);
          const localId = request.params['local_id'];
          if (id !== undefined && localId !== undefined) localIds.set(id, localId);
          return eachEvent(request, response, (event) => {
            const local = event['type'] === 'message' ? localIds.get(event['message']?.['id']) : undefined;
            if (local !== undefined && !('local_message_id' in event)) event['local_message_id'] = local;
          });
        },
      };
    },
  },
  {
    name: 'delete_message with message_id to bulk_message_deletion queues',
    area: 'messages',
    only: 'events.messages.delete',
    caughtBy: ['events.messages.delete'],
    distortion: () => ({
      after: (request, response) =>
        eachEvent(request, response, (event) => {
          if (event['type'] !== 'delete_message' || !Array.isArray(event['message_ids'])) return;
          event['message_id'] = event['message_ids'][0];
          delete event['message_ids'];
        }),
    }),
  },
  ...EDIT_BUGS,
  ...FLAG_BUGS,
  ...REACTION_BUGS,
  ...TYPING_BUGS,
];
