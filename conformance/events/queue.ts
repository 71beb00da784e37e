/**
 * Event queues as a client uses them, through the public API only: register
 * a queue as some actor, fetch what it received (at once or by long-poll,
 * with a time limit), and delete it. Every fetch checks the protocol a
 * client relies on (each event has an integer id and a type, ids increase,
 * acknowledged events never come back), so every event check also tests it.
 *
 * Delivery on a real server is asynchronous: the write's response can come
 * before its events reach the queues. `settle` makes each observer change
 * its own status once more and waits for that event: a queue delivers in
 * order, so everything the write sent has arrived by then, and "nothing
 * about it arrived" becomes a claim that can be checked.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Actor, type CheckContext, CheckFailure } from '../check.js';
import type { Body } from '../expect.js';
import type { TargetResponse } from '../target.js';

/** An event as a queue delivers it. */
export type QueueEvent = Readonly<Record<string, any>> & { readonly id: number; readonly type: string };

/** How long a check waits for an event a live server has not delivered yet. */
export const EVENT_WAIT_MS = 10_000;
/** How long a check lets a long-poll reach the server (and park) before acting on it. */
export const PARK_MS = 250;

/** The clauses the fetch-time protocol checks report under (registered in clauses/events.ts). */
export const PROTOCOL_CLAUSES = {
  register: 'events.register.queue',
  ids: 'events.ids.sequence',
  redeliver: 'events.ack.redeliver',
  superseded: 'events.get.superseded',
} as const;

export interface OpenOptions {
  /** event_types: a list, or `null` to send JSON null (all types); absent: not sent (all types). */
  readonly eventTypes?: readonly string[] | null;
  /** client_capabilities turned on (notification_settings_null, which the server requires, is sent as false unless listed). */
  readonly capabilities?: readonly string[];
  /** Further register parameters as wire strings; fetch_event_types defaults to `[]` (no initial state). */
  readonly params?: Readonly<Record<string, string>>;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The promise's value, or undefined when it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function show(value: unknown, max = 600): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One registered queue and everything it has delivered so far. */
export class EventQueue {
  /** Every event received, in id order, each once (heartbeats included). */
  readonly received: QueueEvent[] = [];
  /** Whether the last `settle` saw its sync event arrive (then nothing the earlier writes sent is still on its way). */
  settled = false;
  private lastSeen: number;
  private closed = false;

  constructor(
    private readonly ctx: CheckContext,
    readonly actor: Actor,
    readonly queueId: string,
    /** The register response. */
    readonly registered: Body,
    /** The event types the queue was registered for (null: all). */
    readonly eventTypes: ReadonlySet<string> | null,
  ) {
    const start = registered['last_event_id'];
    this.lastSeen = Number.isInteger(start) ? (start as number) : -1;
  }

  /** Who the queue belongs to, for messages. */
  get label(): string {
    return `${this.actor.fullName} (user ${this.actor.userId})`;
  }

  /** The highest event id received: what the next fetch acknowledges. */
  get lastEventId(): number {
    return this.lastSeen;
  }

  accepts(type: string): boolean {
    return this.eventTypes === null || this.eventTypes.has(type);
  }

  /** The events received from position `from` on (see `received.length` for a mark). */
  since(from: number): QueueEvent[] {
    return this.received.slice(from);
  }

  /** GET /events with dont_block=true, acknowledging what was received: the new events. */
  async drain(): Promise<QueueEvent[]> {
    const sent = this.lastSeen;
    const response = await this.get(sent, true);
    return this.absorb(response, sent, 'GET /events with dont_block=true');
  }

  /**
   * A long-poll: waits up to `ms` for events. When none come, a newer
   * dont_block request completes the waiting one (as a real client's
   * reconnect would) and whatever both answered is taken in.
   */
  async poll(ms = EVENT_WAIT_MS): Promise<QueueEvent[]> {
    const sent = this.lastSeen;
    const waiting = this.get(sent, false);
    const answered = await within(waiting, ms);
    if (answered !== undefined) return this.absorb(answered, sent, 'a long-polling GET /events');
    const now = await this.get(sent, true);
    const late = await within(waiting, ms);
    if (late === undefined) {
      throw new CheckFailure(
        `a newer GET /events on queue ${this.queueId} to complete the request waiting on it; the waiting one got no answer within ${ms} ms`,
        undefined,
        PROTOCOL_CLAUSES.superseded,
      );
    }
    return [...this.absorb(late, sent, 'a long-poll completed by a newer request'), ...this.absorb(now, sent, 'GET /events with dont_block=true')];
  }

  /** The first received event that satisfies `predicate`, long-polling up to `ms` for it; undefined if none came. */
  async waitFor(predicate: (event: QueueEvent) => boolean, ms = EVENT_WAIT_MS): Promise<QueueEvent | undefined> {
    const found = () => this.received.find(predicate);
    if (found() !== undefined) return found();
    await this.drain();
    const deadline = Date.now() + ms;
    while (found() === undefined && Date.now() < deadline) await this.poll(Math.max(deadline - Date.now(), 1));
    return found();
  }

  /** DELETE /events (best effort: never throws, so it can sit in a finally block). */
  async close(): Promise<TargetResponse | undefined> {
    if (this.closed) return undefined;
    this.closed = true;
    try {
      return await this.ctx.call(this.actor, 'DELETE', '/events', { queue_id: this.queueId });
    } catch {
      return undefined;
    }
  }

  private get(lastEventId: number, dontBlock: boolean): Promise<TargetResponse> {
    const params: Record<string, string> = { queue_id: this.queueId, last_event_id: String(lastEventId) };
    if (dontBlock) params['dont_block'] = 'true';
    return this.ctx.call(this.actor, 'GET', '/events', params);
  }

  /** Checks one GET /events answer against the protocol and records its new events. */
  private absorb(response: TargetResponse, sent: number, what: string): QueueEvent[] {
    const body = response.body;
    if (response.status !== 200 || !isObject(body) || body['result'] !== 'success' || !Array.isArray(body['events'])) {
      throw new CheckFailure(
        `${what} on ${this.label}'s queue ${this.queueId} (last_event_id ${sent}) to succeed with an events list, got ${response.status} ${show(body)}`,
      );
    }
    const fresh: QueueEvent[] = [];
    let previous = sent;
    for (const event of body['events'] as unknown[]) {
      if (!isObject(event) || !Number.isInteger(event['id']) || typeof event['type'] !== 'string') {
        throw new CheckFailure(`every event to carry an integer id and a string type; ${what} answered ${show(event)}`, undefined, PROTOCOL_CLAUSES.ids);
      }
      const id = event['id'] as number;
      if (id <= sent) {
        throw new CheckFailure(
          `no event with an id at or below the acknowledged last_event_id ${sent}; ${what} answered ${show(event)}`,
          undefined,
          PROTOCOL_CLAUSES.redeliver,
        );
      }
      if (sent === -1 && previous === -1 && this.received.length === 0 && id !== 0) {
        throw new CheckFailure(`the first event of a queue to have id 0; ${what} answered ${show(event)} first`, undefined, PROTOCOL_CLAUSES.ids);
      }
      if (id <= previous)
        throw new CheckFailure(`event ids increasing within an answer; ${what} answered ${show(body['events'])}`, undefined, PROTOCOL_CLAUSES.ids);
      previous = id;
      const known = this.received.find((candidate) => candidate.id === id);
      if (known !== undefined) {
        // An unacknowledged event delivered again must be the same event.
        if (!isDeepStrictEqual(known, event)) {
          throw new CheckFailure(`event ${id} delivered again unchanged; first ${show(known)}, then ${show(event)}`, undefined, PROTOCOL_CLAUSES.redeliver);
        }
        continue;
      }
      if (id <= this.lastSeen) {
        throw new CheckFailure(
          `a new event id above ${this.lastSeen}, the highest received so far; ${what} answered ${show(event)}`,
          undefined,
          PROTOCOL_CLAUSES.ids,
        );
      }
      const queued = event as QueueEvent;
      this.received.push(queued);
      this.lastSeen = id;
      fresh.push(queued);
    }
    return fresh;
  }
}

/** POST /register as `actor`; fails the check unless it answers a queue. */
export async function openQueue(ctx: CheckContext, actor: Actor, options: OpenOptions = {}): Promise<EventQueue> {
  const params: Record<string, string> = { fetch_event_types: '[]', ...options.params };
  if (options.eventTypes !== undefined) params['event_types'] = JSON.stringify(options.eventTypes);
  if (options.capabilities !== undefined) {
    const capabilities: Record<string, boolean> = { notification_settings_null: false };
    for (const name of options.capabilities) capabilities[name] = true;
    params['client_capabilities'] = JSON.stringify(capabilities);
  }
  const response = await ctx.call(actor, 'POST', '/register', params);
  const body = response.body;
  if (response.status !== 200 || !isObject(body) || body['result'] !== 'success' || typeof body['queue_id'] !== 'string' || body['queue_id'] === '') {
    throw new CheckFailure(
      `POST /register as ${actor.fullName} to answer a queue_id, got ${response.status} ${show(body)}`,
      undefined,
      PROTOCOL_CLAUSES.register,
    );
  }
  const types = options.eventTypes === undefined || options.eventTypes === null ? null : new Set(options.eventTypes);
  return new EventQueue(ctx, actor, body['queue_id'], body as Body, types);
}

/** What `withQueues` opens: an actor, or an actor with register options. */
export type QueueSpec = Actor | readonly [Actor, OpenOptions];

/**
 * Opens one queue per entry, runs `body` with them, and deletes every queue
 * afterwards whatever happened (also when opening a later one failed).
 */
export async function withQueues<K extends string, T>(
  ctx: CheckContext,
  specs: Readonly<Record<K, QueueSpec>>,
  body: (queues: Readonly<Record<K, EventQueue>>) => Promise<T>,
): Promise<T> {
  const opened: EventQueue[] = [];
  try {
    const queues = {} as Record<K, EventQueue>;
    for (const key of Object.keys(specs) as K[]) {
      const spec = specs[key];
      const [actor, options] = Array.isArray(spec) ? (spec as readonly [Actor, OpenOptions]) : [spec as Actor, {}];
      const queue = await openQueue(ctx, actor, options);
      opened.push(queue);
      queues[key] = queue;
    }
    return await body(queues);
  } finally {
    for (const queue of opened) await queue.close();
  }
}

/** Runs `body` with one queue, deleted afterwards whatever happened. */
export function withQueue<T>(ctx: CheckContext, actor: Actor, options: OpenOptions, body: (queue: EventQueue) => Promise<T>): Promise<T> {
  return withQueues(ctx, { queue: [actor, options] as const }, (queues) => body(queues.queue));
}

/**
 * Waits until each queue has everything the writes so far sent it: every
 * queue's owner sets a fresh status text, and each queue waits for its own
 * owner's. Queues that do not take user_status events are drained instead.
 * Returns whether every queue saw its sync event (`queue.settled` per queue).
 */
export async function settle(ctx: CheckContext, queues: readonly EventQueue[], ms = EVENT_WAIT_MS): Promise<boolean> {
  const tokens = new Map<number, string>();
  for (const queue of queues) {
    if (!queue.accepts('user_status') || tokens.has(queue.actor.userId)) continue;
    const token = ctx.unique('sync').slice(-60);
    const response = await ctx.call(queue.actor, 'POST', '/users/me/status', { status_text: token });
    if (response.status === 200) tokens.set(queue.actor.userId, token);
  }
  let all = true;
  for (const queue of queues) {
    const token = tokens.get(queue.actor.userId);
    if (token === undefined || !queue.accepts('user_status')) {
      await queue.drain();
      queue.settled = false;
      all = false;
      continue;
    }
    const arrived = await queue.waitFor(
      (event) => event.type === 'user_status' && event['user_id'] === queue.actor.userId && event['status_text'] === token,
      ms,
    );
    queue.settled = arrived !== undefined;
    all &&= queue.settled;
  }
  return all;
}

/** Whether an event is about this channel (any of the ways events name channels). */
export function aboutChannel(channelId: number): (event: QueueEvent) => boolean {
  const listed = (list: unknown, key: string) => Array.isArray(list) && list.some((entry) => isObject(entry) && entry[key] === channelId);
  return (event) =>
    event['stream_id'] === channelId ||
    event['new_stream_id'] === channelId ||
    (Array.isArray(event['stream_ids']) && event['stream_ids'].includes(channelId)) ||
    listed(event['streams'], 'stream_id') ||
    listed(event['subscriptions'], 'stream_id') ||
    (isObject(event['message']) && event['message']['stream_id'] === channelId);
}

/** Whether an event tells something about this user's own record or status (realm_user, user_status). */
export function aboutUser(userId: number): (event: QueueEvent) => boolean {
  return (event) =>
    (event.type === 'realm_user' && isObject(event['person']) && event['person']['user_id'] === userId) ||
    (event.type === 'user_status' && event['user_id'] === userId);
}

/** Whether an event is about this user group. */
export function aboutGroup(groupId: number): (event: QueueEvent) => boolean {
  return (event) => event['group_id'] === groupId || (isObject(event['group']) && event['group']['id'] === groupId);
}
