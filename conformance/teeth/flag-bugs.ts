/**
 * Realistic bugs of the flag endpoints and matches_narrow, in the form of
 * bugs.ts. Some keep state: what the broken server "stored" that the model
 * did not (flags kept on the message, a message marked unread anyway).
 */
import type { TargetResponse } from '../target.js';
import type { Bug } from './bugs.js';
import {
  bodyOf,
  credentialsOf,
  eachOf,
  errorResponse,
  failedWith,
  is,
  type Json,
  jsonParam,
  type Request,
  rewrite,
  succeeded,
  successResponse,
  withParams,
} from './distort.js';

const FLAGS = '/messages/flags';
const MESSAGE_READ = /^\/messages(\/\d+)?$/;
const NOT_EDITABLE = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'has_alert_word', 'historical'];
const HIGHLIGHT = /<span class="highlight">(.*?)<\/span>/g;

/** Every message object of a GET /messages or GET /messages/{id} answer changed in place. */
function eachMessage(request: Request, response: TargetResponse, change: (message: Json) => void): TargetResponse {
  if (request.method !== 'GET' || !MESSAGE_READ.test(request.path) || !succeeded(response)) return response;
  return rewrite(response, (body) => {
    eachOf(body['messages'], change);
    if (body['message'] !== undefined) change(body['message']);
  });
}

/** The ids a POST /messages/flags asked about. */
function askedIds(request: Request): number[] {
  const ids = jsonParam(request, 'messages');
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

function setFlag(message: Json, flag: string, on: boolean): void {
  const flags: string[] = Array.isArray(message['flags']) ? message['flags'] : [];
  message['flags'] = on ? [...new Set([...flags, flag])] : flags.filter((name) => name !== flag);
}

function isFlagUpdate(request: Request, op: string, flag: string): boolean {
  return is(request, 'POST', FLAGS) && request.params['op'] === op && request.params['flag'] === flag;
}

function whoOf(request: Request): string {
  return credentialsOf(request.auth)?.email ?? '';
}

export const FLAG_BUGS: readonly Bug[] = [
  {
    name: 'flags kept on the message, so every user sees another’s change',
    area: 'messages',
    only: 'messages.update-flags.changeable',
    caughtBy: ['messages.update-flags.changeable'],
    distortion: () => {
      const shared = new Map<number, Map<string, boolean>>();
      return {
        after: (request, response) => {
          if (is(request, 'POST', FLAGS) && succeeded(response)) {
            for (const id of askedIds(request)) {
              const flags = shared.get(id) ?? new Map<string, boolean>();
              flags.set(request.params['flag'] ?? '', request.params['op'] === 'add');
              shared.set(id, flags);
            }
          }
          return eachMessage(request, response, (message) => {
            for (const [flag, on] of shared.get(message['id']) ?? []) setFlag(message, flag, on);
          });
        },
      };
    },
  },
  {
    name: 'update_message_flags sent to every user’s queues',
    area: 'messages',
    only: 'messages.update-flags.events,messages.mark-topic-read.event',
    caughtBy: ['messages.update-flags.events', 'messages.mark-topic-read.event'],
    distortion: () => {
      const seen = new Map<string, { who: string; event: Json }>();
      const delivered = new Set<string>();
      return {
        after: (request, response) => {
          if (!is(request, 'GET', '/events') || !succeeded(response)) return response;
          const who = whoOf(request);
          return rewrite(response, (body) => {
            const events = (Array.isArray(body['events']) ? body['events'] : []) as Json[];
            for (const event of events) if (event['type'] === 'update_message_flags') seen.set(`${request.params['queue_id']}|${event['id']}`, { who, event });
            let next = Math.max(Number(request.params['last_event_id'] ?? -1), ...events.map((event) => Number(event['id']))) + 1;
            for (const [key, { who: owner, event }] of seen) {
              if (owner === who || delivered.has(`${who}>${key}`)) continue;
              delivered.add(`${who}>${key}`);
              events.push({ ...event, id: next++ });
            }
            body['events'] = events;
          });
        },
      };
    },
  },
  {
    name: 'marking unread sends no message_details',
    area: 'messages',
    only: 'messages.update-flags.events',
    caughtBy: ['messages.update-flags.events'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events') && succeeded(response)
          ? rewrite(response, (body) => eachOf(body['events'], (event) => void delete event['message_details']))
          : response,
    }),
  },
  {
    name: 'a flag that is not editable accepted',
    area: 'messages',
    only: 'messages.update-flags.not-changeable',
    caughtBy: ['messages.update-flags.not-changeable'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', FLAGS) && NOT_EDITABLE.includes(request.params['flag'] ?? '')
          ? successResponse({ messages: askedIds(request), ignored_because_not_subscribed_channels: [] })
          : request,
    }),
  },
  {
    name: 'a not editable flag answered as an invalid one',
    area: 'messages',
    only: 'messages.update-flags.validation',
    caughtBy: ['messages.update-flags.validation'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', FLAGS) && failedWith(response, /^Flag not editable/)
          ? errorResponse(400, 'BAD_REQUEST', `Invalid flag: '${request.params['flag'] ?? ''}'`)
          : response,
    }),
  },
  {
    name: 'marking unread in a channel the user is not subscribed to is not skipped',
    area: 'messages',
    only: 'messages.update-flags.unread-skip',
    caughtBy: ['messages.update-flags.unread-skip'],
    distortion: () => {
      const unread = new Map<string, Set<number>>();
      return {
        after: async (request, response, inner) => {
          const who = whoOf(request);
          const mine = unread.get(who) ?? new Set<number>();
          unread.set(who, mine);
          if (isFlagUpdate(request, 'add', 'read') && succeeded(response)) for (const id of askedIds(request)) mine.delete(id);
          if (isFlagUpdate(request, 'remove', 'read') && succeeded(response)) {
            const ignored = bodyOf(response)?.['ignored_because_not_subscribed_channels'];
            if (!Array.isArray(ignored) || ignored.length === 0) return response;
            for (const id of askedIds(request)) {
              const message = bodyOf(await inner(request.auth, 'GET', `/messages/${id}`))?.['message'];
              if (ignored.includes(message?.['stream_id'])) mine.add(id);
            }
            return rewrite(response, (body) => void (body['ignored_because_not_subscribed_channels'] = []));
          }
          return eachMessage(request, response, (message) => {
            if (mine.has(message['id'])) setFlag(message, 'read', false);
          });
        },
      };
    },
  },
  {
    name: 'ignored_because_not_subscribed_channels left out',
    area: 'messages',
    only: 'messages.update-flags.unread-skip,messages.update-flags.answer',
    caughtBy: ['messages.update-flags.unread-skip', 'messages.update-flags.answer'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', FLAGS) ? rewrite(response, (body) => void delete body['ignored_because_not_subscribed_channels']) : response,
    }),
  },
  {
    name: 'starring history the user never received refused',
    area: 'messages',
    only: 'messages.update-flags.historical',
    caughtBy: ['messages.update-flags.historical'],
    distortion: () => ({
      before: async (request, inner) => {
        if (!isFlagUpdate(request, 'add', 'starred')) return request;
        for (const id of askedIds(request)) {
          const flags = bodyOf(await inner(request.auth, 'GET', `/messages/${id}`))?.['message']?.['flags'];
          if (Array.isArray(flags) && flags.includes('historical')) return errorResponse(400, 'BAD_REQUEST', 'Invalid message(s)');
        }
        return request;
      },
    }),
  },
  {
    name: 'missing and unreadable ids silently dropped from a flag update',
    area: 'messages',
    only: 'messages.update-flags.invalid-message',
    caughtBy: ['messages.update-flags.invalid-message'],
    distortion: () => ({
      before: async (request, inner) => {
        if (!is(request, 'POST', FLAGS)) return request;
        const readable: number[] = [];
        for (const id of askedIds(request)) if (succeeded(await inner(request.auth, 'GET', `/messages/${id}`))) readable.push(id);
        return withParams(request, (params) => (params['messages'] = JSON.stringify(readable)));
      },
    }),
  },
  {
    name: 'the flags narrow update ignores the window and takes the whole narrow',
    area: 'messages',
    only: 'messages.flags-narrow.window',
    caughtBy: ['messages.flags-narrow.window'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', '/messages/flags/narrow')
          ? withParams(request, (params) => {
              params['num_before'] = '1000';
              params['num_after'] = '1000';
            })
          : request,
    }),
  },
  {
    name: 'the flags narrow update does not skip unsubscribed channels when marking unread',
    area: 'messages',
    only: 'messages.flags-narrow.ignored',
    caughtBy: ['messages.flags-narrow.ignored'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/messages/flags/narrow') && request.params['op'] === 'remove' && succeeded(response)
          ? rewrite(response, (body) => {
              body['updated_count'] = body['processed_count'];
              body['ignored_because_not_subscribed_channels'] = [];
            })
          : response,
    }),
  },
  {
    name: 'mark_topic_as_read marks the whole channel',
    area: 'messages',
    only: 'messages.mark-topic-read.topic',
    caughtBy: ['messages.mark-topic-read.topic'],
    distortion: () => ({
      before: (request) => (is(request, 'POST', '/mark_topic_as_read') ? withParams(request, (params) => (params['topic_name'] = '')) : request),
    }),
  },
  {
    name: 'mark_topic_as_read takes "general chat" literally',
    area: 'messages',
    only: 'messages.mark-topic-read.general-chat',
    caughtBy: ['messages.mark-topic-read.general-chat'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', '/mark_topic_as_read') && request.params['topic_name'] === 'general chat'
          ? errorResponse(400, 'BAD_REQUEST', "No such topic 'general chat'")
          : request,
    }),
  },
  {
    name: 'mark_topic_as_read succeeds for a topic the user has no message in',
    area: 'messages',
    only: 'messages.mark-topic-read.errors',
    caughtBy: ['messages.mark-topic-read.errors'],
    distortion: () => ({
      after: (request, response) => (is(request, 'POST', '/mark_topic_as_read') && failedWith(response, /^No such topic/) ? successResponse() : response),
    }),
  },
  {
    name: 'mark_topic_as_read with an empty topic_name marks only the empty topic',
    area: 'messages',
    only: 'messages.mark-topic-read.empty-name',
    caughtBy: ['messages.mark-topic-read.empty-name'],
    distortion: () => ({
      before: (request) =>
        is(request, 'POST', '/mark_topic_as_read') && request.params['topic_name'] === ''
          ? withParams(request, (params) => (params['topic_name'] = 'general chat'))
          : request,
    }),
  },
  {
    name: 'matches_narrow ignores the narrow',
    area: 'messages',
    only: 'messages.matches-narrow.only-matching',
    caughtBy: ['messages.matches-narrow.only-matching'],
    distortion: () => ({
      before: (request) => (is(request, 'GET', '/messages/matches_narrow') ? withParams(request, (params) => (params['narrow'] = '[]')) : request),
    }),
  },
  {
    name: 'matches_narrow without highlighting',
    area: 'messages',
    only: 'messages.matches-narrow.highlight,messages.matches-narrow.only-matching',
    caughtBy: ['messages.matches-narrow.highlight', 'messages.matches-narrow.only-matching'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/messages/matches_narrow') && succeeded(response)
          ? rewrite(response, (body) => {
              for (const fields of Object.values((body['messages'] ?? {}) as Record<string, Json>)) {
                for (const key of ['match_content', 'match_subject']) {
                  if (typeof fields[key] === 'string') fields[key] = fields[key].replace(HIGHLIGHT, '$1');
                }
              }
            })
          : response,
    }),
  },
  {
    name: 'matches_narrow matches history the user never received',
    area: 'messages',
    only: 'messages.matches-narrow.rows-only',
    caughtBy: ['messages.matches-narrow.rows-only'],
    distortion: () => ({
      after: async (request, response, inner) => {
        if (!is(request, 'GET', '/messages/matches_narrow') || !succeeded(response)) return response;
        const narrow = request.params['narrow'] ?? '[]';
        const params = { anchor: 'newest', num_before: '100', num_after: '0', narrow };
        const listed = (bodyOf(await inner(request.auth, 'GET', '/messages', params))?.['messages'] ?? []) as Json[];
        const asked = new Set(jsonParam(request, 'msg_ids') ?? []);
        return rewrite(response, (body) => {
          const matches = (body['messages'] ?? {}) as Record<string, Json>;
          for (const message of listed) {
            if (asked.has(message['id'])) matches[String(message['id'])] ??= { match_content: message['content'], match_subject: message['subject'] };
          }
          body['messages'] = matches;
        });
      },
    }),
  },
];
