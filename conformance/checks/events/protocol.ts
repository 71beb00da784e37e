/**
 * The event-queue protocol: POST /register, GET /events (acknowledgement,
 * dont_block, long-polling, supersession, errors) and DELETE /events.
 * Heartbeats (45–55 s into a wait) are too slow for a run; unit tests of
 * the store cover them.
 */
import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { delay, EVENT_WAIT_MS, EventQueue, PARK_MS, type QueueEvent, settle, within, withQueue, withQueues } from '../../events/queue.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { createGroup } from '../groups/support.js';

const REGISTER = 'POST /register';
const GET_EVENTS = 'GET /events';
const DELETE_EVENTS = 'DELETE /events';

/** A queue for a type no run produces: nothing arrives unless the check makes it. */
const QUIET = { eventTypes: ['restart'] } as const;

function setStatus(ctx: CheckContext, actor: Actor, text: string): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/users/me/status', { status_text: text });
}

function isStatus(userId: number, text: string): (event: QueueEvent) => boolean {
  return (event) => event.type === 'user_status' && event['user_id'] === userId && event['status_text'] === text;
}

/** Two status changes by `author`, waited for in `queue`: the first and second event, in order. */
async function queueTwoStatusEvents(ctx: CheckContext, queue: EventQueue, author: Actor, clause: string): Promise<[QueueEvent, QueueEvent]> {
  const [one, two] = [ctx.unique('one'), ctx.unique('two')];
  expectSuccess(await setStatus(ctx, author, one));
  expectSuccess(await setStatus(ctx, author, two));
  const second = await queue.waitFor(isStatus(author.userId, two));
  const first = queue.received.find(isStatus(author.userId, one));
  if (first === undefined || second === undefined) {
    throw new CheckFailure(`both status changes in ${queue.label}'s queue, got ${JSON.stringify(queue.received)}`, undefined, clause);
  }
  return [first, second];
}

function getEvents(ctx: CheckContext, actor: Actor, queueId: string, lastEventId: number, dontBlock: boolean): Promise<TargetResponse> {
  const params: Record<string, string> = { queue_id: queueId, last_event_id: String(lastEventId) };
  if (dontBlock) params['dont_block'] = 'true';
  return ctx.call(actor, 'GET', '/events', params);
}

function eventsOf(body: Body, what: string, clause: string): QueueEvent[] {
  if (!Array.isArray(body['events'])) throw new CheckFailure(`${what}: an events list, got ${JSON.stringify(body)}`, undefined, clause);
  return body['events'] as QueueEvent[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The real server's message; older servers wrote "id" in lower case. */
function badQueueMessage(queueId: string): RegExp {
  return new RegExp(`^Bad event queue id: ${escapeRegExp(queueId)}$`, 'i');
}

function expectBadQueue(response: TargetResponse, queueId: string, what: string, clause: string): void {
  const body = expectError(response, 400, 'BAD_EVENT_QUEUE_ID', badQueueMessage(queueId), clause);
  expectEqual(body['queue_id'], queueId, `${what}: queue_id in the error`, clause);
}

/** A request that waited must be answered within the check's patience; otherwise the check fails (the queue's deletion releases it). */
async function answerOf(waiting: Promise<TargetResponse>, what: string, clause: string): Promise<Body> {
  const answered = await within(waiting, EVENT_WAIT_MS);
  if (answered === undefined) throw new CheckFailure(`${what} within ${EVENT_WAIT_MS} ms; the request is still waiting`, undefined, clause);
  return expectSuccess(answered, clause);
}

export const PROTOCOL_CHECKS = defineChecks([
  {
    id: 'events.protocol.register',
    title: 'Given a member, when they register, then they get a queue id and last_event_id -1, and the new queue holds nothing',
    clauses: ['events.register.queue'],
    level: 'compat',
    endpoint: REGISTER,
    async run(ctx) {
      await withQueue(ctx, ctx.cast.member, QUIET, async (queue) => {
        expectEqual(queue.registered['last_event_id'], -1, 'last_event_id of a fresh queue', 'events.register.queue');
        expectEqual(await queue.drain(), [], 'the events of a fresh queue', 'events.register.queue');
      });
    },
  },
  {
    id: 'events.protocol.ids',
    title: 'Given a fresh queue, when three events reach it, then they come with ids 0 and then increasing, each with a type',
    clauses: ['events.ids.sequence'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withQueue(ctx, member, { eventTypes: ['user_status'] }, async (queue) => {
        const texts = [ctx.unique('first'), ctx.unique('second'), ctx.unique('third')];
        for (const text of texts) expectSuccess(await setStatus(ctx, otherMember, text));
        const last = await queue.waitFor(isStatus(otherMember.userId, texts[2]!));
        expectTrue(
          last !== undefined,
          `the third status change in ${queue.label}'s queue; it received ${JSON.stringify(queue.received)}`,
          'events.ids.sequence',
        );
        expectEqual(queue.received[0]?.id, 0, 'the id of the first event of the queue', 'events.ids.sequence');
        const ids = texts.map((text) => queue.received.find(isStatus(otherMember.userId, text))?.id);
        expectTrue(
          ids.every((id, index) => Number.isInteger(id) && (index === 0 || id! > ids[index - 1]!)),
          `the three events with increasing ids, got ${JSON.stringify(ids)}`,
          'events.ids.sequence',
        );
      });
    },
  },
  {
    id: 'events.protocol.acknowledge',
    title:
      'Given two queued events, then fetching from -1 gets both again unchanged, acknowledging the first leaves the second, acknowledging both leaves neither',
    clauses: ['events.ack.redeliver'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withQueue(ctx, member, { eventTypes: ['user_status'] }, async (queue) => {
        // The helper reads with last_event_id -1, so nothing is acknowledged yet.
        const [first, second] = await queueTwoStatusEvents(ctx, queue, otherMember, 'events.ack.redeliver');
        const again = eventsOf(expectSuccess(await getEvents(ctx, member, queue.queueId, -1, true)), 'fetching from -1 again', 'events.ack.redeliver');
        expectEqual(
          again.filter((event) => event.id === first.id || event.id === second.id),
          [first, second],
          'the unacknowledged events delivered again, unchanged',
          'events.ack.redeliver',
        );
        const rest = eventsOf(expectSuccess(await getEvents(ctx, member, queue.queueId, first.id, true)), `acknowledging ${first.id}`, 'events.ack.redeliver');
        expectTrue(
          !rest.some((event) => event.id <= first.id),
          `no event at or below ${first.id} after acknowledging it, got ${JSON.stringify(rest)}`,
          'events.ack.redeliver',
        );
        expectTrue(
          rest.some((event) => event.id === second.id),
          `event ${second.id} still delivered, got ${JSON.stringify(rest)}`,
          'events.ack.redeliver',
        );
        const none = eventsOf(
          expectSuccess(await getEvents(ctx, member, queue.queueId, second.id, true)),
          `acknowledging ${second.id}`,
          'events.ack.redeliver',
        );
        expectTrue(
          !none.some((event) => event.id <= second.id),
          `no event at or below ${second.id} after acknowledging it, got ${JSON.stringify(none)}`,
          'events.ack.redeliver',
        );
        // Repeating the current acknowledgement is allowed.
        expectSuccess(await getEvents(ctx, member, queue.queueId, second.id, true), 'events.ack.redeliver');
      });
    },
  },
  {
    id: 'events.protocol.dont-block',
    title: 'Given an empty queue, when fetched with dont_block=true, then the answer is immediate, with an empty events list and no queue_id',
    clauses: ['events.get.dont-block'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      await withQueue(ctx, ctx.cast.member, QUIET, async (queue) => {
        const answered = await within(getEvents(ctx, queue.actor, queue.queueId, -1, true), EVENT_WAIT_MS);
        if (answered === undefined) throw new CheckFailure(`GET /events with dont_block=true to answer at once`, undefined, 'events.get.dont-block');
        const body = expectSuccess(answered, 'events.get.dont-block');
        expectEqual(body['events'], [], 'the events of an empty queue', 'events.get.dont-block');
        expectTrue(!('queue_id' in body), `no queue_id in an immediate answer, got ${JSON.stringify(body)}`, 'events.get.dont-block');
      });
    },
  },
  {
    id: 'events.protocol.long-poll',
    title: 'Given a request waiting on an empty queue, when an event arrives, then the request is answered with it and the queue_id',
    clauses: ['events.get.long-poll'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withQueue(ctx, member, { eventTypes: ['user_status'] }, async (queue) => {
        const waiting = getEvents(ctx, member, queue.queueId, -1, false);
        await delay(PARK_MS);
        const text = ctx.unique('wake');
        expectSuccess(await setStatus(ctx, otherMember, text));
        const body = await answerOf(waiting, 'the waiting request to be answered by the event', 'events.get.long-poll');
        const events = eventsOf(body, 'the answered long-poll', 'events.get.long-poll');
        expectTrue(
          events.some(isStatus(otherMember.userId, text)),
          `the status change among the events, got ${JSON.stringify(events)}`,
          'events.get.long-poll',
        );
        expectEqual(body['queue_id'], queue.queueId, 'queue_id in the answer to a request that waited', 'events.get.long-poll');
      });
    },
  },
  {
    id: 'events.protocol.superseded',
    title:
      'Given a request waiting on an empty queue, when a newer request for the queue comes, then the waiting one is answered with no events and the queue_id',
    clauses: ['events.get.superseded', 'events.get.dont-block'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member } = ctx.cast;
      await withQueue(ctx, member, QUIET, async (queue) => {
        const waiting = getEvents(ctx, member, queue.queueId, -1, false);
        await delay(PARK_MS);
        const newer = expectSuccess(await getEvents(ctx, member, queue.queueId, -1, true), 'events.get.superseded');
        expectEqual(newer['events'], [], 'the events of the newer request', 'events.get.dont-block');
        const body = await answerOf(waiting, 'the waiting request to be completed by the newer one', 'events.get.superseded');
        expectEqual(body['events'], [], 'the events of the superseded request', 'events.get.superseded');
        expectEqual(body['queue_id'], queue.queueId, 'queue_id in the superseded request’s answer', 'events.get.superseded');
      });
    },
  },
  {
    id: 'events.protocol.delete-completes-waiting',
    title: 'Given a request waiting on a queue, when the queue is deleted, then the request is answered (no events, the queue_id) and the queue is gone',
    clauses: ['events.delete.completes-waiting', 'events.get.bad-queue'],
    level: 'compat',
    endpoint: DELETE_EVENTS,
    async run(ctx) {
      const { member } = ctx.cast;
      await withQueue(ctx, member, QUIET, async (queue) => {
        const waiting = getEvents(ctx, member, queue.queueId, -1, false);
        await delay(PARK_MS);
        expectSuccess(await ctx.call(member, 'DELETE', '/events', { queue_id: queue.queueId }), 'events.delete.completes-waiting');
        const body = await answerOf(waiting, 'the waiting request to be answered when its queue is deleted', 'events.delete.completes-waiting');
        expectEqual(body['events'], [], 'the events of the request the deletion answered', 'events.delete.completes-waiting');
        expectEqual(body['queue_id'], queue.queueId, 'queue_id in that answer', 'events.delete.completes-waiting');
        expectBadQueue(await getEvents(ctx, member, queue.queueId, -1, true), queue.queueId, 'GET on the deleted queue', 'events.get.bad-queue');
      });
    },
  },
  {
    id: 'events.protocol.bad-queue',
    title: 'Given an unknown queue id or another user’s queue, when GET /events asks for it, then 400 BAD_EVENT_QUEUE_ID with the queue_id',
    clauses: ['events.get.bad-queue'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const unknown = ctx.unique('no-such-queue');
      expectBadQueue(await getEvents(ctx, member, unknown, -1, true), unknown, 'an unknown queue', 'events.get.bad-queue');
      expectBadQueue(await getEvents(ctx, member, unknown, -1, false), unknown, 'an unknown queue, without dont_block', 'events.get.bad-queue');
      await withQueue(ctx, member, QUIET, async (queue) => {
        expectBadQueue(await getEvents(ctx, otherMember, queue.queueId, -1, true), queue.queueId, 'another user’s queue', 'events.get.bad-queue');
        expectSuccess(await getEvents(ctx, member, queue.queueId, -1, true), 'events.get.bad-queue');
      });
    },
  },
  {
    id: 'events.protocol.delete-bad-queue',
    title:
      'Given an unknown, another user’s or an already deleted queue, when DELETE /events names it, then 400 BAD_EVENT_QUEUE_ID, and another user’s queue survives',
    clauses: ['events.delete.bad-queue'],
    level: 'compat',
    endpoint: DELETE_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const unknown = ctx.unique('no-such-queue');
      expectBadQueue(await ctx.call(member, 'DELETE', '/events', { queue_id: unknown }), unknown, 'deleting an unknown queue', 'events.delete.bad-queue');
      await withQueue(ctx, member, QUIET, async (queue) => {
        expectBadQueue(
          await ctx.call(otherMember, 'DELETE', '/events', { queue_id: queue.queueId }),
          queue.queueId,
          'deleting another user’s queue',
          'events.delete.bad-queue',
        );
        expectSuccess(await getEvents(ctx, member, queue.queueId, -1, true), 'events.delete.bad-queue');
        expectSuccess(await ctx.call(member, 'DELETE', '/events', { queue_id: queue.queueId }), 'events.delete.bad-queue');
        expectBadQueue(await ctx.call(member, 'DELETE', '/events', { queue_id: queue.queueId }), queue.queueId, 'deleting it again', 'events.delete.bad-queue');
      });
    },
  },
  {
    id: 'events.protocol.missing-arguments',
    title:
      'Given GET /events without queue_id (no dont_block) or with queue_id but without last_event_id, then plain 400 BAD_REQUEST naming the argument, without var_name',
    clauses: ['events.get.missing-args'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member } = ctx.cast;
      const noQueue = expectError(await ctx.call(member, 'GET', '/events', {}), 400, 'BAD_REQUEST', "Missing 'queue_id' argument", 'events.get.missing-args');
      expectTrue(!('var_name' in noQueue), `no var_name, got ${JSON.stringify(noQueue)}`, 'events.get.missing-args');
      await withQueue(ctx, member, QUIET, async (queue) => {
        const noLast = expectError(
          await ctx.call(member, 'GET', '/events', { queue_id: queue.queueId, dont_block: 'true' }),
          400,
          'BAD_REQUEST',
          "Missing 'last_event_id' argument",
          'events.get.missing-args',
        );
        expectTrue(!('var_name' in noLast), `no var_name, got ${JSON.stringify(noLast)}`, 'events.get.missing-args');
      });
    },
  },
  {
    id: 'events.protocol.delete-missing-queue-id',
    title: 'Given DELETE /events without queue_id, then 400 REQUEST_VARIABLE_MISSING with var_name queue_id',
    clauses: ['events.delete.missing-queue-id'],
    level: 'compat',
    endpoint: DELETE_EVENTS,
    async run(ctx) {
      const body = expectError(
        await ctx.call(ctx.cast.member, 'DELETE', '/events', {}),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'queue_id' argument",
        'events.delete.missing-queue-id',
      );
      expectEqual(body['var_name'], 'queue_id', 'var_name', 'events.delete.missing-queue-id');
    },
  },
  {
    id: 'events.protocol.bad-last-event-id',
    title:
      'Given a queue whose events were acknowledged, then an older last_event_id is "already pruned" and an id never handed out is "not in this queue" (400 BAD_REQUEST)',
    clauses: ['events.get.pruned', 'events.get.not-in-queue'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withQueue(ctx, member, { eventTypes: ['user_status'] }, async (queue) => {
        const [first, second] = await queueTwoStatusEvents(ctx, queue, otherMember, 'events.get.pruned');
        expectSuccess(await getEvents(ctx, member, queue.queueId, second.id, true), 'events.get.pruned');
        expectError(
          await getEvents(ctx, member, queue.queueId, first.id, true),
          400,
          'BAD_REQUEST',
          `An event newer than ${first.id} has already been pruned!`,
          'events.get.pruned',
        );
        // Last, because the server prunes up to the id it is given before it notices the id was never there.
        const never = second.id + 1_000_000;
        expectError(
          await getEvents(ctx, member, queue.queueId, never, true),
          400,
          'BAD_REQUEST',
          `Event ${never} was not in this queue`,
          'events.get.not-in-queue',
        );
      });
    },
  },
  {
    id: 'events.protocol.event-types',
    title:
      'Given queues for user_status only, user_group only, JSON null and [], when a status changes and a group is made, then each queue gets exactly the types it asked for',
    clauses: ['events.register.event-types'],
    level: 'compat',
    endpoint: REGISTER,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const clause = 'events.register.event-types';
      const specs = {
        status: [member, { eventTypes: ['user_status'] }],
        groups: [member, { eventTypes: ['user_group'] }],
        all: [member, { eventTypes: null }],
        none: [member, { eventTypes: [] }],
      } as const;
      await withQueues(ctx, specs, async (queues) => {
        const text = ctx.unique('typed');
        expectSuccess(await setStatus(ctx, otherMember, text));
        const groupId = await createGroup(ctx);
        const isGroupAdd = (event: QueueEvent) => event.type === 'user_group' && event['op'] === 'add' && event['group']?.['id'] === groupId;
        const want = async (queue: EventQueue, predicate: (event: QueueEvent) => boolean, what: string) => {
          if ((await queue.waitFor(predicate)) === undefined) {
            throw new CheckFailure(`${queue.label}'s queue for ${what} to receive it, got ${JSON.stringify(queue.received)}`, undefined, clause);
          }
        };
        await want(queues.all, isStatus(otherMember.userId, text), 'all types (JSON null) the status change');
        await want(queues.all, isGroupAdd, 'all types (JSON null) the new group');
        await want(queues.status, isStatus(otherMember.userId, text), '["user_status"] the status change');
        await want(queues.groups, isGroupAdd, '["user_group"] the new group');
        // Both writes reached the other queues of the same user by now; the filtered ones must not have them.
        await settle(ctx, [queues.status, queues.all]);
        for (const queue of [queues.groups, queues.none]) await queue.drain();
        const types = (queue: EventQueue) => queue.received.map((event) => event.type).filter((type) => type !== 'heartbeat');
        expectTrue(
          types(queues.status).every((type) => type === 'user_status'),
          `only user_status events for ["user_status"], got ${JSON.stringify(types(queues.status))}`,
          clause,
        );
        expectTrue(
          types(queues.groups).every((type) => type === 'user_group'),
          `only user_group events for ["user_group"], got ${JSON.stringify(types(queues.groups))}`,
          clause,
        );
        expectEqual(types(queues.none), [], 'the events of a queue registered for []', clause);
      });
    },
  },
  {
    id: 'events.protocol.delete-query-string',
    title:
      'Given a queue, when DELETE /events carries queue_id in the query string (zulip-js) or in a form body (Python), then the queue is deleted either way',
    clauses: ['events.delete.query-string'],
    level: 'compat',
    endpoint: DELETE_EVENTS,
    async run(ctx) {
      const { member } = ctx.cast;
      await withQueue(ctx, member, QUIET, async (queue) => {
        expectSuccess(await ctx.call(member, 'DELETE', `/events?queue_id=${encodeURIComponent(queue.queueId)}`), 'events.delete.query-string');
        expectBadQueue(
          await getEvents(ctx, member, queue.queueId, -1, true),
          queue.queueId,
          'GET on the queue deleted by query string',
          'events.delete.query-string',
        );
      });
      await withQueue(ctx, member, QUIET, async (queue) => {
        expectSuccess(await ctx.call(member, 'DELETE', '/events', { queue_id: queue.queueId }), 'events.delete.query-string');
        expectBadQueue(
          await getEvents(ctx, member, queue.queueId, -1, true),
          queue.queueId,
          'GET on the queue deleted by form body',
          'events.delete.query-string',
        );
      });
    },
  },
  {
    id: 'events.protocol.create-by-get',
    title:
      'Given GET /events with dont_block=true and no queue_id, then a new queue answers (empty events, its queue_id) and receives events of the types asked for',
    clauses: ['events.get.create-queue'],
    level: 'compat',
    endpoint: GET_EVENTS,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const body = expectSuccess(
        await ctx.call(member, 'GET', '/events', { dont_block: 'true', event_types: JSON.stringify(['user_status']) }),
        'events.get.create-queue',
      );
      const queueId = body['queue_id'];
      if (typeof queueId !== 'string' || queueId === '')
        throw new CheckFailure(`a queue_id for the new queue, got ${JSON.stringify(body)}`, undefined, 'events.get.create-queue');
      const queue = new EventQueue(ctx, member, queueId, { last_event_id: -1 }, new Set(['user_status']));
      try {
        expectEqual(body['events'], [], 'the events of the answer that made the queue', 'events.get.create-queue');
        const text = ctx.unique('made-by-get');
        expectSuccess(await setStatus(ctx, otherMember, text));
        const arrived = await queue.waitFor(isStatus(otherMember.userId, text));
        expectTrue(
          arrived !== undefined,
          `the status change in the queue made by GET /events, got ${JSON.stringify(queue.received)}`,
          'events.get.create-queue',
        );
      } finally {
        await queue.close();
      }
    },
  },
]);
