/**
 * The terminal client zulip-terminal against chatref, without Python. The live client cannot run in CI:
 * it needs tmux, Debian's python3 packages and checkouts of zulip/zulip-terminal, zulip/python-zulip-api
 * and rr-/urwid_readline (PyPI is out of reach). `npm run client:zulip-terminal` (src/tools/zulip-terminal-session.mjs,
 * whose head says how to obtain them) drives it through a scripted session in tmux, and with
 * `-- --record src/clients/zulip-terminal-session.json` records the HTTP exchanges it made. This test replays
 * them in order against a fresh server and checks each answer's status, what the client's code reads of it
 * (zulip-terminal-reads.ts), and that the shape the live client was given is still there.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { CORDELIA, DESDEMONA, HAMLET, IAGO, POLONIUS, SHIVA } from '../testing/default-realm.js';
import { basicAuth } from './python-client.js';
import { ANSWER_READS, EVENT_READS, missingReads } from './zulip-terminal-reads.js';
import recording from './zulip-terminal-session.json' with { type: 'json' };

/** The recorded server still sent reaction events' deprecated `user` (gone at FL 484): the replay answers as a server just below. */
const RECORDED_BELOW_FEATURE_LEVEL = 484;

type Shape = string | Shape[] | { [key: string]: Shape };
interface RecordedEvent {
  readonly type: string;
  readonly op?: string;
  readonly shape: Shape;
}
interface Exchange {
  readonly by: 'client' | 'script';
  readonly user: string | null;
  readonly userAgent: string | null;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly form: Record<string, string> | null;
  readonly status: number;
  readonly shape: Shape | null;
  readonly events?: readonly RecordedEvent[];
}

const exchanges = recording.exchanges as unknown as readonly Exchange[];
const KEYS = new Map([DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS].map((user) => [user.email, user.apiKey]));

/** Where `actual` lacks what `recorded` had: keys, JSON types, and the first element of non-empty arrays. */
function lostShape(recorded: Shape, actual: unknown, at: string): string[] {
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual)) return [`${at} is no longer an array`];
    if (recorded.length === 0) return [];
    if (actual.length === 0) return [`${at} is empty; the client was given elements`];
    return lostShape(recorded[0] as Shape, actual[0], `${at}[0]`);
  }
  if (typeof recorded === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${at} is no longer an object`];
    return Object.entries(recorded).flatMap(([key, inner]) =>
      key in actual ? lostShape(inner, (actual as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key} is missing`],
    );
  }
  const type = actual === null ? 'null' : typeof actual;
  return recorded === 'object' || type === recorded ? [] : [`${at} is ${type}, was ${recorded}`];
}

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: recording.seed, featureLevel: RECORDED_BELOW_FEATURE_LEVEL - 1 });
});
afterAll(async () => {
  await server.stop();
});

describe('zulip-terminal session replayed against chatref', () => {
  it('the recording holds the session: register, reads, sends, reactions, edits, flags, events and presence', () => {
    const client = exchanges
      .filter((exchange) => exchange.by === 'client')
      .map((exchange) => `${exchange.method} ${exchange.path.replace(/\/\d+(?=\/|$)/g, '/N')}`);
    for (const call of [
      'POST /api/v1/register',
      'GET /api/v1/messages',
      'POST /api/v1/messages',
      'PATCH /api/v1/messages/N',
      'POST /api/v1/messages/N/reactions',
      'POST /api/v1/messages/flags',
      'GET /api/v1/events',
      'POST /api/v1/users/me/presence',
    ])
      expect(client).toContain(call);
    const eventTypes = new Set(exchanges.flatMap((exchange) => exchange.events ?? []).map((event) => event.type));
    for (const type of ['message', 'update_message', 'reaction', 'update_message_flags']) expect(eventTypes).toContain(type);
  });

  it('every request gets the status the live client got, and every answer and event holds what the client reads', async () => {
    let queueId: string | null = null;
    let lastEventId = -1;
    const problems: string[] = [];
    const received: { type: string; op?: string; id: number }[] = [];
    const label = (event: { type: string; op?: string }) => `${event.type}${event.op === undefined ? '' : `/${event.op}`}`;
    const fill = (params: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(params).map(([key, value]) => [
          key,
          value === '<queue_id>' ? String(queueId) : value === '<last_event_id>' ? String(lastEventId) : value,
        ]),
      );
    const send = async (exchange: Exchange) => {
      const query = new URLSearchParams(fill(exchange.query)).toString();
      const form = exchange.form === null ? null : new URLSearchParams(fill(exchange.form)).toString();
      const apiKey = exchange.user === null ? undefined : KEYS.get(exchange.user);
      const response = await request(`${server.url}${exchange.path}${query ? `?${query}` : ''}`, {
        method: exchange.method as 'GET',
        headers: {
          ...(exchange.user !== null && apiKey !== undefined ? { authorization: basicAuth(exchange.user, apiKey) } : {}),
          ...(exchange.userAgent === null ? {} : { 'user-agent': exchange.userAgent }),
          ...(form === null ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(form === null ? {} : { body: form }),
        // A poll whose events the replay failed to cause would otherwise wait for a heartbeat.
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.statusCode, body: (await response.body.json()) as Record<string, any> };
    };
    const check = (index: number, exchange: Exchange, { status, body }: { status: number; body: Record<string, any> }) => {
      const where = `#${index} ${exchange.by} ${exchange.method} ${exchange.path}`;
      if (status !== exchange.status)
        return void problems.push(`${where}: status ${status}, the live client got ${exchange.status}: ${JSON.stringify(body).slice(0, 200)}`);
      if (exchange.shape !== null)
        problems.push(...lostShape(exchange.events === undefined ? exchange.shape : { ...(exchange.shape as object), events: [] }, body, where));
      if (exchange.by !== 'client') return;
      const entry = ANSWER_READS.find((candidate) => candidate.method === exchange.method && candidate.route.test(exchange.path));
      if (entry === undefined) problems.push(`${where}: no entry in zulip-terminal-reads.ts says what the client reads of it`);
      for (const read of entry?.reads ?? []) problems.push(...missingReads(body, read).map((failure) => `${where}: ${failure}`));
    };

    // The live client's polls were answered the moment a write queued an event, often before that write's own
    // answer was recorded: each poll is sent without waiting for it, and awaited before the next one.
    let pendingPoll: Promise<void> | null = null;
    let polls = 0;
    for (const [index, exchange] of exchanges.entries()) {
      if (exchange.events !== undefined) {
        // A poll that brought only a heartbeat (45-55 s of quiet) has no write behind it to replay.
        if (exchange.events.every((event) => event.type === 'heartbeat')) continue;
        await pendingPoll;
        polls += 1;
        pendingPoll = send(exchange).then(
          (answer) => {
            check(index, exchange, answer);
            const events = ((answer.body['events'] ?? []) as { type: string; op?: string; id: number }[]).filter((event) => event.type !== 'heartbeat');
            received.push(...events);
            lastEventId = events.at(-1)?.id ?? lastEventId;
          },
          (error: unknown) => void problems.push(`#${index} GET /api/v1/events: ${String(error)}`),
        );
        continue;
      }
      const answer = await send(exchange);
      check(index, exchange, answer);
      if (exchange.path === '/api/v1/register' && answer.status === 200) {
        queueId = answer.body['queue_id'];
        lastEventId = answer.body['last_event_id'];
      }
    }
    await pendingPoll;

    // However the replay's polls split them, the events must be the ones the client got, in its order.
    const recorded = exchanges.flatMap((exchange) => exchange.events ?? []).filter((event) => event.type !== 'heartbeat');
    if (received.length < recorded.length && queueId !== null) {
      const { body } = await send({
        ...exchanges[0]!,
        by: 'script',
        method: 'GET',
        path: '/api/v1/events',
        query: { queue_id: '<queue_id>', last_event_id: '<last_event_id>', dont_block: 'true' },
        form: null,
        user: HAMLET.email,
        shape: null,
      });
      received.push(...(body['events'] as typeof received).filter((event) => event.type !== 'heartbeat'));
    }
    expect(received.map(label)).toEqual(recorded.map(label));
    recorded.forEach((event, position) => {
      const actual = received[position];
      problems.push(...lostShape(event.shape, actual, `event ${position} ${event.type}`));
      for (const read of EVENT_READS[event.type] ?? [])
        problems.push(...missingReads(actual, read).map((failure) => `event ${position} ${event.type}: ${failure}`));
    });
    expect(problems).toEqual([]);
    expect(polls).toBeGreaterThan(5);
  });
});
