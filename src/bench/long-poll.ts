/**
 * Event queues under load: 1,000 long-polls held over HTTP while another
 * user writes (write throughput against the same run without them), the
 * time from a write's answer to a waiting request's answer, and memory per
 * held request. The fan-out part runs in-process: a write's cost against
 * the number of queues that receive it.
 */
import { Agent, request } from 'undici';
import { createModel } from '../in-process.js';
import { basicAuthorization } from '../model/auth.js';
import { CORDELIA, DESDEMONA, HAMLET, IAGO, POLONIUS, SHIVA, T0 } from '../testing/default-realm.js';
import { type HttpScenario, type LoadSettings, load, requestOptions, ServerHost } from './http-throughput.js';
import { percentile } from './write-cost.js';

export interface LongPollResult {
  readonly writesPerSecondIdle: number;
  readonly writesPerSecondWithQueues: number;
  readonly heldRequests: number;
  readonly bytesPerHeldRequest: number;
  /** Held request's answer minus the write's answer, in ms; negative when the event arrived first. */
  readonly deliveryMsP50: number;
  readonly deliveryMsP99: number;
  /** From sending the write to the held request's answer. */
  readonly sendToDeliveryMsP50: number;
}

type Actor = { readonly email: string; readonly apiKey: string };

/** Users who hold the idle long-polls; the writer (Hamlet) is not among them. */
const POLLERS: readonly Actor[] = [DESDEMONA, IAGO, SHIVA, CORDELIA, POLONIUS];
const WRITE: HttpScenario = { label: 'status writes', method: 'POST', path: '/users/me/status', actor: HAMLET, form: 'status_text=Benchmarking+queues' };

async function call(apiUrl: string, dispatcher: Agent, actor: Actor, method: 'GET' | 'POST', path: string, params: Record<string, string>) {
  const query = new URLSearchParams(params).toString();
  const headers: Record<string, string> = { authorization: basicAuthorization(actor.email, actor.apiKey) };
  const response = await request(method === 'GET' ? `${apiUrl}${path}?${query}` : `${apiUrl}${path}`, {
    method,
    dispatcher,
    headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    ...(method === 'GET' ? {} : { body: query }),
  });
  return (await response.body.json()) as Record<string, unknown>;
}

/** A client that registers and then keeps one long-poll open, as zulip-js and the Python client do. */
function pollForever(
  apiUrl: string,
  dispatcher: Agent,
  actor: Actor,
  queueId: string,
  onEvents: (events: { id: number }[]) => void,
  stopped: () => boolean,
): void {
  let lastEventId = -1;
  const loop = async () => {
    while (!stopped()) {
      const body = await call(apiUrl, dispatcher, actor, 'GET', '/events', { queue_id: queueId, last_event_id: String(lastEventId) });
      const events = (body['events'] ?? []) as { id: number }[];
      for (const event of events) lastEventId = Math.max(lastEventId, event.id);
      if (events.length > 0) onEvents(events);
    }
  };
  loop().catch(() => {});
}

async function register(apiUrl: string, dispatcher: Agent, actor: Actor, eventTypes: readonly string[]): Promise<string> {
  const body = await call(apiUrl, dispatcher, actor, 'POST', '/register', { event_types: JSON.stringify(eventTypes), fetch_event_types: '[]' });
  if (body['result'] !== 'success') throw new Error(`register failed: ${JSON.stringify(body)}`);
  return body['queue_id'] as string;
}

async function writesPerSecond(apiUrl: string, settings: LoadSettings): Promise<number> {
  const tally = { requests: 0, seconds: 0 };
  await load(`${apiUrl}${WRITE.path}`, WRITE, settings, settings.warmupSeconds);
  for (let round = 0; round < settings.rounds; round++) await load(`${apiUrl}${WRITE.path}`, WRITE, settings, settings.roundSeconds, tally);
  return tally.requests / tally.seconds;
}

async function deliveryLatencies(
  apiUrl: string,
  dispatcher: Agent,
  writes: number,
  stopped: () => boolean,
): Promise<{ afterAnswer: number[]; afterSend: number[] }> {
  const queueId = await register(apiUrl, dispatcher, CORDELIA, ['user_status']);
  let arrived: (() => void) | undefined;
  pollForever(apiUrl, dispatcher, CORDELIA, queueId, () => arrived?.(), stopped);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const afterAnswer: number[] = [];
  const afterSend: number[] = [];
  const options = requestOptions(WRITE);
  for (let i = 0; i < writes; i++) {
    const delivered = new Promise<number>((resolve) => (arrived = () => resolve(performance.now())));
    const sentAt = performance.now();
    await request(`${apiUrl}${WRITE.path}`, { method: 'POST', dispatcher, headers: options.headers, body: `status_text=latency+${i}` }).then((r) =>
      r.body.dump(),
    );
    const answeredAt = performance.now();
    const deliveredAt = await delivered;
    afterAnswer.push(deliveredAt - answeredAt);
    afterSend.push(deliveredAt - sentAt);
    // Let the client re-poll before the next write, as a client between events would.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { afterAnswer, afterSend };
}

export async function measureLongPolling(queueCount: number, settings: LoadSettings, info: (line: string) => void): Promise<LongPollResult> {
  const host = new ServerHost();
  const dispatcher = new Agent({ connections: queueCount + 64, pipelining: 1, keepAliveTimeout: 120_000, bodyTimeout: 0, headersTimeout: 0 });
  let stopping = false;
  try {
    const { apiUrl } = await host.ask({ kind: 'start-chatref' }, 'chatref-ready');
    const idle = await writesPerSecond(apiUrl, settings);

    const before = await host.ask({ kind: 'memory' }, 'memory');
    // Bots of the kind call_on_each_message makes: their queues want messages only, so status writes do not reach them.
    for (let i = 0; i < queueCount; i++) {
      const actor = POLLERS[i % POLLERS.length]!;
      pollForever(
        apiUrl,
        dispatcher,
        actor,
        await register(apiUrl, dispatcher, actor, ['message']),
        () => {},
        () => stopping,
      );
    }
    let held = await host.ask({ kind: 'memory' }, 'memory');
    for (let tries = 0; held.waiting < queueCount && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      held = await host.ask({ kind: 'memory' }, 'memory');
    }
    info(`long-poll: ${held.waiting} requests held; heap ${(held.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(held.rss / 2 ** 20).toFixed(0)} MiB`);
    const busy = await writesPerSecond(apiUrl, settings);
    const latencies = await deliveryLatencies(apiUrl, dispatcher, 300, () => stopping);
    return {
      writesPerSecondIdle: idle,
      writesPerSecondWithQueues: busy,
      heldRequests: held.waiting,
      bytesPerHeldRequest: (held.rss - before.rss) / Math.max(1, held.waiting),
      deliveryMsP50: percentile(latencies.afterAnswer, 0.5),
      deliveryMsP99: percentile(latencies.afterAnswer, 0.99),
      sendToDeliveryMsP50: percentile(latencies.afterSend, 0.5),
    };
  } finally {
    stopping = true;
    await host.ask({ kind: 'stop' }, 'stopped').catch(() => host.kill());
    await dispatcher.destroy().catch(() => {});
  }
}

export interface FanOutResult {
  /** Microseconds per write with `receivers` queues receiving it. */
  readonly microsecondsByReceivers: ReadonlyMap<number, number>;
  /** Microseconds per write reaching 10 queues while 990 others (message-only) exist. */
  readonly microsecondsWithBystanders: number;
}

function timeWrites(receivers: number, bystanders: number): number {
  let now = T0;
  const model = createModel({ seed: 'fan-out', clock: () => now });
  const auth = (actor: Actor) => ({ auth: actor });
  const users = [DESDEMONA, IAGO, SHIVA, CORDELIA];
  for (let i = 0; i < receivers; i++)
    model.call('POST', '/register', { event_types: '["user_status"]', fetch_event_types: '[]' }, auth(users[i % users.length]!));
  for (let i = 0; i < bystanders; i++) model.call('POST', '/register', { event_types: '["message"]', fetch_event_types: '[]' }, auth(users[i % users.length]!));
  const writes = 400;
  const samples: number[] = [];
  for (let i = 0; i < writes; i++) {
    now += 1;
    const started = performance.now();
    model.call('POST', '/users/me/status', { status_text: `fan-out ${i}` }, auth(HAMLET));
    samples.push(performance.now() - started);
  }
  model.close();
  return percentile(samples.slice(writes / 4), 0.5) * 1000;
}

function measureFanOutOnce(): FanOutResult {
  const microsecondsByReceivers = new Map<number, number>();
  for (const receivers of [0, 10, 100, 1000]) microsecondsByReceivers.set(receivers, timeWrites(receivers, 0));
  return { microsecondsByReceivers, microsecondsWithBystanders: timeWrites(10, 990) };
}

/** The second of two full passes: the first warms the JIT for every case. */
export function measureFanOut(): FanOutResult {
  measureFanOutOnce();
  return measureFanOutOnce();
}
