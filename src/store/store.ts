/**
 * The store: the only mutable thing. It owns the current state, the clock
 * and the seed it stamps on each request, the event queues, the held
 * long-poll requests and the content store with the uploaded bytes. The HTTP server and the in-process API both sit on
 * one store, so they cannot disagree.
 */
import { createEntropySource, systemClock } from '../http/environment.js';
import { serveEmojiImage } from '../model/endpoints/realm-emoji/emoji-image.js';
import { errorResponse } from '../model/envelope.js';
import { Errors } from '../model/errors.js';
import { audienceIncludes } from '../model/events/audience.js';
import type { Emission, QueueCommand, QueueSpec } from '../model/events/event.js';
import { eventForQueue } from '../model/events/queue-filter.js';
import { emissionsAtLevel } from '../model/feature-levels/at-level.js';
import { handle } from '../model/handle.js';
import type { ContentUse } from '../model/outcome.js';
import type { ModelRequest, ModelResponse, UploadedFile } from '../model/request.js';
import { deliverDueScheduledMessages } from '../model/scheduled-delivery.js';
import type { State } from '../model/state.js';
import { getRow } from '../model/tables/table.js';
import { serveFile } from '../model/uploads/serve.js';
import { type ContentStore, MemoryContentStore } from './content-store.js';
import { EventQueue, type QueuedEvent } from './event-queue.js';
import { RateLimits } from './rate-limit.js';
import { basicUsername, DEFAULT_REQUEST_LOG_SIZE, type RequestFacts, RequestLog } from './request-log.js';

/**
 * A request as a transport hands it over: the store adds the time, the entropy and the server's start.
 * `remoteAddress` (the client's IP, absent in-process) only keys the rate limits; the model never sees it.
 */
export type StoreRequest = Omit<ModelRequest, 'now' | 'entropy' | 'serverGeneration'> & { readonly remoteAddress?: string | undefined };

/** Stops waiting for a held request (the client went away). */
export type Release = () => void;

/** How the store's clock reads its base clock: shifted by `offset` seconds, or stopped at `frozenAt`. */
export interface ClockSetting {
  readonly offset: number;
  readonly frozenAt: number | null;
}

/** Where writes go before anyone learns of them (the journal): it throws when it could not keep one, and then nothing changes. */
export interface WriteJournal {
  /** A request that changed the state, as the model saw it, with the stored files the new state took. */
  request(request: ModelRequest, keptContent: readonly string[]): void;
}

export interface StoreOptions {
  readonly state: State;
  /** UNIX seconds; default: the system clock. */
  readonly clock?: () => number;
  /** Makes keys, salts, queue ids and heartbeat times reproducible; default: crypto-random. */
  readonly seed?: number | string;
  /** Where uploaded bytes are kept; default: in memory. */
  readonly content?: ContentStore;
  /** Limits on password key fetches per username and per address (the real server's); default true. */
  readonly authRateLimit?: boolean;
  /** Emulates the real server's general API limits and their X-RateLimit-* headers; default false. */
  readonly rateLimit?: boolean;
  /** How many recent requests `requests` keeps (default 256; 0 keeps none). */
  readonly requestLogSize?: number;
}

/** The real server's HEARTBEAT_MIN_FREQ_SECS, plus up to 10 s of jitter. */
export const HEARTBEAT_MIN_SECS = 45;
export const HEARTBEAT_JITTER_SECS = 10;
/** How often expired queues are collected (EVENT_QUEUE_GC_FREQ_MSECS). */
export const QUEUE_GC_INTERVAL_SECS = 60;
/**
 * The real server sets neither limit; chatref does, so that a client which
 * registers in a loop or never polls cannot exhaust memory. A queue that
 * overflows is dropped, and its client gets BAD_EVENT_QUEUE_ID and re-registers.
 */
export const MAX_QUEUES_PER_USER = 500;
export const MAX_EVENTS_PER_QUEUE = 10_000;

export class Store {
  private current: State;
  /** UNIX seconds: the base clock (the given one or the system's) as setClock moved or froze it. */
  readonly clock: () => number;
  private readonly baseClock: () => number;
  private clockShift: ClockSetting = { offset: 0, frozenAt: null };
  /** Recent requests and their answers. */
  readonly requests: RequestLog;
  /** Set while writes are journaled. */
  journal: WriteJournal | null = null;
  /** The uploaded bytes the state's attachments name by key. */
  readonly content: ContentStore;
  /** UNIX seconds this store started: register's server_generation. */
  readonly generation: number;
  private readonly entropy: () => Uint8Array;
  private readonly limits: RateLimits;
  private readonly heartbeatEntropy: () => Uint8Array;
  private readonly queues = new Map<string, EventQueue>();
  private readonly queuesByUser = new Map<number, Set<EventQueue>>();
  /** Queues by the event types they accept; queues that accept every type are kept apart. */
  private readonly queuesByType = new Map<string, Set<EventQueue>>();
  private readonly queuesOfAllTypes = new Set<EventQueue>();
  private readonly waiting = new Set<EventQueue>();
  private lastCollection: number;
  private timer: NodeJS.Timeout | undefined;
  /** After close(), GET /events answers at once instead of waiting. */
  private closed = false;

  constructor(options: StoreOptions) {
    this.current = options.state;
    this.baseClock = options.clock ?? systemClock;
    this.clock = () => this.clockShift.frozenAt ?? this.baseClock() + this.clockShift.offset;
    this.requests = new RequestLog(options.requestLogSize ?? DEFAULT_REQUEST_LOG_SIZE);
    this.content = options.content ?? new MemoryContentStore();
    this.entropy = createEntropySource(options.seed);
    this.limits = new RateLimits({ authentication: options.authRateLimit ?? true, api: options.rateLimit ?? false });
    this.heartbeatEntropy = createEntropySource(options.seed === undefined ? undefined : `${options.seed}:heartbeats`);
    this.generation = Math.floor(this.clock());
    this.lastCollection = this.generation;
  }

  get state(): State {
    return this.current;
  }

  /** Replaces the state (e.g. to rewind); queues stay. */
  setState(next: State): void {
    this.current = next;
  }

  get clockSetting(): ClockSetting {
    return this.clockShift;
  }

  /** Moves or freezes the clock; the base clock keeps running underneath. */
  setClock(setting: ClockSetting): void {
    this.clockShift = setting;
  }

  /** What the base clock reads now, before setClock's shift. */
  baseTime(): number {
    return this.baseClock();
  }

  get queueCount(): number {
    return this.queues.size;
  }

  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * Runs one request. `answer` is called exactly once: before this returns,
   * or later for a held GET /events, which the returned Release abandons.
   * A request over a rate limit is answered 429 before the model sees it.
   */
  dispatch(request: StoreRequest, send: (response: ModelResponse) => void): Release | null {
    const now = this.clock();
    const answer = this.logged(request, `${request.surface === 'json' ? '/json' : '/api/v1'}${request.path}`, now, send);
    const admission = this.limits.admit(this.current, request, now);
    if (admission.refused !== null) {
      this.discardFiles(request.files ?? []);
      answer(admission.refused);
      return null;
    }
    const reply = (response: ModelResponse) => answer(admission.settle(response));
    const { remoteAddress: _address, ...modelRequest } = request;
    const stamped: ModelRequest = { ...modelRequest, now, entropy: this.entropy(), serverGeneration: this.generation };
    this.deliverDueAt(now);
    const result = handle(this.current, stamped);
    if (result.state !== this.current) this.journal?.request(stamped, result.content?.kept ?? []);
    this.current = result.state;
    this.settleContent(request.files ?? [], result.content);
    // With no queue at all (most in-process use) a write's events have nowhere to go.
    if (result.events.length > 0 && this.queues.size > 0) this.deliver(result.events, now);
    if (result.queue === undefined) {
      reply(result.response);
      return null;
    }
    return this.runQueueCommand(result.queue, result.response, reply, now);
  }

  /**
   * Answers a GET or HEAD of a file path outside /api/v1 (/user_uploads/…, /user_avatars/…),
   * or null for any other path. A file whose bytes are gone answers as the
   * real server does for a missing file on disk.
   */
  serve(request: Pick<StoreRequest, 'method' | 'path' | 'authorization' | 'range'>): ModelResponse | null {
    const now = this.clock();
    let response = serveFile(this.current, { ...request, now }) ?? serveEmojiImage(this.current, request);
    if (response?.file !== undefined && this.content.size(response.file.contentKey) === undefined) response = errorResponse(Errors.uploadContentMissing());
    if (response !== null) this.logged(request, request.path, now, ignore)(response);
    return response;
  }

  /**
   * Runs a request stamped earlier (a journal's), with its own time and
   * entropy: the state changes as it did then; nobody is answered and no
   * event queue is touched. True when the state changed.
   */
  replay(request: ModelRequest): boolean {
    // Deliveries due before the request ran first when it was journaled; they come out the same (scheduled-delivery.ts).
    this.deliverDueAt(request.now);
    const result = handle(this.current, request);
    const changed = result.state !== this.current;
    if (changed) this.journal?.request(request, result.content?.kept ?? []);
    this.current = result.state;
    this.settleContent(request.files ?? [], result.content);
    return changed;
  }

  /** Forgets every rate-limit count (locked accounts included), e.g. when a test resets the server. */
  clearRateLimits(): void {
    this.limits.clear();
  }

  /** Drops every event queue, answering held requests first: after the state is replaced, clients must register again. */
  dropQueues(): void {
    for (const queue of [...this.queues.values()]) this.dropQueue(queue);
  }

  /** `send`, entering the request and its answer in the request log first. */
  private logged(request: RequestFacts, path: string, now: number, send: (response: ModelResponse) => void): (response: ModelResponse) => void {
    if (this.requests.capacity === 0) return send;
    const started = performance.now();
    return (response) => {
      const username = basicUsername(request.authorization);
      const userId = username === null ? null : (getRow(this.current.userIdByEmail, username.toLowerCase()) ?? null);
      const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      this.requests.record({ ...request, path }, response, { time: now, durationMs, userId });
      send(response);
    };
  }

  /** Drops the bytes of a request's files (the request failed before the model could take them). */
  discardFiles(files: readonly UploadedFile[]): void {
    for (const file of files) this.content.delete(file.contentKey);
  }

  private settleContent(files: readonly UploadedFile[], use: ContentUse | undefined): void {
    for (const file of files) if (use?.kept.includes(file.contentKey) !== true) this.content.delete(file.contentKey);
    for (const key of use?.dropped ?? []) this.content.delete(key);
  }

  /** Sends heartbeats that are due and collects expired queues; the server calls it every second. */
  tick(): void {
    const now = this.clock();
    this.deliverDueAt(now);
    for (const queue of [...this.waiting]) {
      if (queue.waiter !== null && now >= queue.waiter.heartbeatAt) {
        this.pushTo(queue, { type: 'heartbeat' });
        this.answerWaiter(queue);
      }
    }
    if (now - this.lastCollection >= QUEUE_GC_INTERVAL_SECS) {
      this.lastCollection = now;
      for (const queue of [...this.queues.values()]) if (queue.expired(now)) this.dropQueue(queue);
    }
  }

  /** Sends the scheduled messages and reminders the clock has reached (the control plane calls it after moving the clock). */
  deliverDue(): void {
    this.deliverDueAt(this.clock());
  }

  /** Costs one lookup when nothing is due; a delivery is a write with events, not a request, so it is not journaled. */
  private deliverDueAt(now: number): void {
    const written = deliverDueScheduledMessages(this.current, now);
    if (written === null) return;
    this.current = written.state;
    if (written.events.length > 0 && this.queues.size > 0) this.deliver(written.events, now);
  }

  /** Calls tick() every second until close(); the timer does not keep the process alive. */
  startTimers(): void {
    this.timer ??= setInterval(() => this.tick(), 1000).unref();
  }

  /**
   * Answers every held request with what its queue holds (an empty list, as for a superseded request: clients
   * just poll again), and from then on answers GET /events at once, so a shutdown is not held up by long-polls.
   */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    for (const queue of [...this.waiting]) this.answerWaiter(queue);
  }

  /**
   * Costs what the receiving queues cost: a listed audience is walked user by
   * user; a rule is asked only about the users of queues that accept the
   * event's type (a bot's message-only queue costs nothing here).
   */
  private deliver(emissions: readonly Emission[], now: number): void {
    const touched = new Set<EventQueue>();
    const state = this.current;
    // Events are built in the newest form; a realm of an older level gets its own.
    for (const emission of emissionsAtLevel(state, emissions)) {
      const { audience, event } = emission;
      const accepting = this.queuesAccepting(event.type);
      if (audience.kind === 'users' && audience.userIds.length <= accepting.count) {
        for (const userId of audience.userIds) {
          for (const queue of this.queuesByUser.get(userId) ?? []) {
            const shown = eventForQueue(queue.spec, emission);
            if (shown !== null && this.pushTo(queue, shown)) touched.add(queue);
          }
        }
        continue;
      }
      const verdicts = new Map<number, boolean>();
      for (const queue of accepting.queues()) {
        const userId = queue.spec.userId;
        let included = verdicts.get(userId);
        if (included === undefined) {
          const user = getRow(state.users, userId);
          included = user !== undefined && audienceIncludes(state, audience, user, now);
          verdicts.set(userId, included);
        }
        if (!included) continue;
        const shown = eventForQueue(queue.spec, emission);
        if (shown !== null && this.pushTo(queue, shown)) touched.add(queue);
      }
    }
    for (const queue of touched) if (queue.waiter !== null) this.answerWaiter(queue);
  }

  private queuesAccepting(type: string): { readonly count: number; queues(): Iterable<EventQueue> } {
    const typed = this.queuesByType.get(type);
    const untyped = this.queuesOfAllTypes;
    return {
      count: (typed?.size ?? 0) + untyped.size,
      *queues() {
        // Copies: a push may drop an overflowing queue while we walk.
        yield* [...untyped];
        if (typed !== undefined) yield* [...typed];
      },
    };
  }

  /** False when the queue overflowed and was dropped. */
  private pushTo(queue: EventQueue, event: Emission['event']): boolean {
    queue.push(event);
    if (queue.size <= MAX_EVENTS_PER_QUEUE) return true;
    this.dropQueue(queue);
    return false;
  }

  private runQueueCommand(command: QueueCommand, response: ModelResponse, reply: (response: ModelResponse) => void, now: number): Release | null {
    switch (command.kind) {
      case 'register':
      case 'create-queue-and-get':
        reply(this.allocate(command.queue, now) ? response : errorResponse(Errors.couldNotAllocateQueue()));
        return null;
      case 'delete-queue': {
        const queue = this.lookup(command.queueId, command.userId, now);
        if (queue === undefined) {
          reply(errorResponse(Errors.badEventQueueId(command.queueId)));
          return null;
        }
        if (queue.waiter !== null) this.answerWaiter(queue);
        this.dropQueue(queue);
        reply(response);
        return null;
      }
      case 'get-events':
        return this.getEvents(command, response, reply, now);
    }
  }

  private getEvents(
    command: Extract<QueueCommand, { kind: 'get-events' }>,
    response: ModelResponse,
    reply: (response: ModelResponse) => void,
    now: number,
  ): Release | null {
    const { queueId, lastEventId } = command;
    const queue = this.lookup(queueId, command.userId, now);
    if (queue === undefined) {
      reply(errorResponse(Errors.badEventQueueId(queueId)));
      return null;
    }
    if (lastEventId < queue.newestPrunedId) {
      reply(errorResponse(Errors.eventAlreadyPruned(lastEventId)));
      return null;
    }
    queue.prune(lastEventId);
    if (queue.newestPrunedId !== lastEventId) {
      reply(errorResponse(Errors.eventNotInQueue(lastEventId)));
      return null;
    }
    // A newer request on the same queue completes the one that was waiting.
    if (queue.waiter !== null) this.answerWaiter(queue);
    const events = queue.contents();
    if (events.length > 0 || command.dontBlock || this.closed) {
      reply(withEvents(response, events, null));
      return null;
    }
    const jitter = (readUint16(this.heartbeatEntropy()) / 0x10000) * HEARTBEAT_JITTER_SECS;
    const waiter = { reply: (queued: readonly QueuedEvent[]) => reply(withEvents(response, queued, queueId)), heartbeatAt: now + HEARTBEAT_MIN_SECS + jitter };
    queue.waiter = waiter;
    queue.lastConnectionTime = now;
    this.waiting.add(queue);
    return () => {
      if (queue.waiter !== waiter) return;
      queue.waiter = null;
      this.waiting.delete(queue);
    };
  }

  /** Unknown, expired and other users' queues look alike. */
  private lookup(queueId: string, userId: number, now: number): EventQueue | undefined {
    const queue = this.queues.get(queueId);
    if (queue === undefined) return undefined;
    if (queue.expired(now)) {
      this.dropQueue(queue);
      return undefined;
    }
    return queue.spec.userId === userId ? queue : undefined;
  }

  private allocate(spec: QueueSpec, now: number): boolean {
    const ofUser = this.queuesByUser.get(spec.userId) ?? new Set<EventQueue>();
    if (ofUser.size >= MAX_QUEUES_PER_USER || this.queues.has(spec.queueId)) return false;
    const queue = new EventQueue(spec, now);
    this.queues.set(spec.queueId, queue);
    ofUser.add(queue);
    this.queuesByUser.set(spec.userId, ofUser);
    if (spec.eventTypes === null) this.queuesOfAllTypes.add(queue);
    for (const type of spec.eventTypes ?? []) {
      const ofType = this.queuesByType.get(type) ?? new Set<EventQueue>();
      ofType.add(queue);
      this.queuesByType.set(type, ofType);
    }
    return true;
  }

  private answerWaiter(queue: EventQueue): void {
    const waiter = queue.waiter;
    if (waiter === null) return;
    queue.waiter = null;
    this.waiting.delete(queue);
    waiter.reply(queue.contents());
  }

  private dropQueue(queue: EventQueue): void {
    if (queue.waiter !== null) this.answerWaiter(queue);
    this.queues.delete(queue.id);
    const ofUser = this.queuesByUser.get(queue.spec.userId);
    ofUser?.delete(queue);
    if (ofUser?.size === 0) this.queuesByUser.delete(queue.spec.userId);
    this.queuesOfAllTypes.delete(queue);
    for (const type of queue.spec.eventTypes ?? []) {
      const ofType = this.queuesByType.get(type);
      ofType?.delete(queue);
      if (ofType?.size === 0) this.queuesByType.delete(type);
    }
  }
}

function ignore(): void {}

function readUint16(bytes: Uint8Array): number {
  return (bytes[0]! << 8) | bytes[1]!;
}

/** A GET /events answer: `queue_id` only when the request waited (the real server's finish_handler). */
function withEvents(response: ModelResponse, events: readonly QueuedEvent[], queueId: string | null): ModelResponse {
  const body: Record<string, unknown> = { ...response.body, events };
  if (queueId !== null) body['queue_id'] = queueId;
  return { ...response, body };
}
