/**
 * A user's events as an async iterator, through the same public calls a
 * client makes: register a queue, long-poll it, delete it when done.
 */
import type { ModelResponse } from '../model/request.js';

export interface EventStreamOptions {
  /** Event types the queue receives; default: all. */
  readonly eventTypes?: readonly string[];
  /** Further POST /register parameters, wire-encoded (e.g. { client_capabilities: '{"notification_settings_null":true}' }). */
  readonly register?: Readonly<Record<string, string>>;
  /** Pass heartbeats through too; default false. */
  readonly heartbeats?: boolean;
}

export type StreamEvent = Readonly<Record<string, unknown>> & { readonly id: number; readonly type: string };

export interface EventStream extends AsyncIterableIterator<StreamEvent> {
  /** Deletes the queue; a pending next() resolves as done. */
  stop(): Promise<void>;
}

type Request = (
  method: string,
  path: string,
  params: Readonly<Record<string, string>>,
  options: { readonly auth: { readonly email: string; readonly apiKey: string } },
) => Promise<ModelResponse>;

export function openEventStream(request: Request, user: { readonly email: string; readonly apiKey: string }, options: EventStreamOptions): EventStream {
  const auth = { auth: user };
  let queueId: string | null = null;
  let lastEventId = -1;
  let stopped = false;
  const buffered: StreamEvent[] = [];

  async function register(): Promise<void> {
    const params: Record<string, string> = { fetch_event_types: '[]', ...options.register };
    if (options.eventTypes !== undefined) params['event_types'] = JSON.stringify(options.eventTypes);
    const body = (await request('POST', '/register', params, auth)).body as Record<string, unknown>;
    if (body['result'] !== 'success') throw new Error(`register failed: ${String(body['msg'])}`);
    queueId = body['queue_id'] as string;
    lastEventId = body['last_event_id'] as number;
  }

  async function next(): Promise<IteratorResult<StreamEvent>> {
    while (buffered.length === 0) {
      if (stopped) return { done: true, value: undefined };
      if (queueId === null) await register();
      const body = (await request('GET', '/events', { queue_id: queueId!, last_event_id: String(lastEventId) }, auth)).body as Record<string, unknown>;
      if (body['result'] !== 'success') {
        if (body['code'] === 'BAD_EVENT_QUEUE_ID' && !stopped) {
          queueId = null;
          continue;
        }
        if (stopped) return { done: true, value: undefined };
        throw new Error(`GET /events failed: ${String(body['msg'])}`);
      }
      for (const event of body['events'] as StreamEvent[]) {
        lastEventId = Math.max(lastEventId, event.id);
        if (event.type !== 'heartbeat' || options.heartbeats === true) buffered.push(event);
      }
    }
    return { done: false, value: buffered.shift()! };
  }

  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    if (queueId !== null) await request('DELETE', '/events', { queue_id: queueId }, auth);
  }

  return {
    next,
    stop,
    async return() {
      await stop();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
