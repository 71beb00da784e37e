import { describe, expect, it } from 'vitest';
import { createModel, type Model } from '../in-process.js';
import { CORDELIA, expectError, expectSuccess, HAMLET, IAGO, T0 } from '../testing/default-realm.js';
import { MAX_QUEUES_PER_USER } from './store.js';

function manualModel(): { model: Model; advance: (seconds: number) => void } {
  let now = T0;
  const model = createModel({ seed: 'store', clock: () => now });
  return { model, advance: (seconds) => (now += seconds) };
}

type Actor = { email: string; apiKey: string };

function register(model: Model, actor: Actor, params: Record<string, string> = {}) {
  return expectSuccess(model.call('POST', '/register', { fetch_event_types: '[]', ...params }, { auth: actor }));
}

function poll(model: Model, actor: Actor, queueId: string, lastEventId: number, dontBlock = true) {
  return model.call('GET', '/events', { queue_id: queueId, last_event_id: String(lastEventId), dont_block: String(dontBlock) }, { auth: actor });
}

function setStatus(model: Model, actor: Actor, text: string) {
  expectSuccess(model.call('POST', '/users/me/status', { status_text: text }, { auth: actor }));
}

describe('the event queue', () => {
  it("registers a live queue that receives another user's write, from id 0", () => {
    const { model } = manualModel();
    const { queue_id: queueId, last_event_id: lastEventId } = register(model, HAMLET);
    expect(lastEventId).toBe(-1);
    expect(expectSuccess(poll(model, HAMLET, queueId, -1)).events).toEqual([]);
    setStatus(model, CORDELIA, 'out to lunch');
    const body = expectSuccess(poll(model, HAMLET, queueId, -1));
    expect(body.events).toEqual([{ type: 'user_status', user_id: CORDELIA.userId, status_text: 'out to lunch', id: 0 }]);
    expect(body).not.toHaveProperty('queue_id');
  });

  it('re-delivers what is not acknowledged and drops what is', () => {
    const { model } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    setStatus(model, CORDELIA, 'one');
    setStatus(model, CORDELIA, 'two');
    expect(expectSuccess(poll(model, HAMLET, queueId, -1)).events.map((event: { id: number }) => event.id)).toEqual([0, 1]);
    expect(expectSuccess(poll(model, HAMLET, queueId, 0)).events.map((event: { id: number }) => event.id)).toEqual([1]);
    expect(expectSuccess(poll(model, HAMLET, queueId, 1)).events).toEqual([]);
    // Repeating the current acknowledgement is fine; going back is not; an id never handed out is not.
    expectSuccess(poll(model, HAMLET, queueId, 1));
    expectError(poll(model, HAMLET, queueId, 0), 400, 'BAD_REQUEST', 'An event newer than 0 has already been pruned!');
    expectError(poll(model, HAMLET, queueId, 7), 400, 'BAD_REQUEST', 'Event 7 was not in this queue');
  });

  it("answers unknown, deleted and other users' queues alike", () => {
    const { model } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    const unknown = expectError(poll(model, HAMLET, 'no-such-queue', -1), 400, 'BAD_EVENT_QUEUE_ID', 'Bad event queue ID: no-such-queue');
    expect(unknown['queue_id']).toBe('no-such-queue');
    expectError(poll(model, CORDELIA, queueId, -1), 400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`);
    expectError(model.call('DELETE', '/events', { queue_id: queueId }, { auth: CORDELIA }), 400, 'BAD_EVENT_QUEUE_ID');
    expectSuccess(model.call('DELETE', '/events', { queue_id: queueId }, { auth: HAMLET }));
    expectError(poll(model, HAMLET, queueId, -1), 400, 'BAD_EVENT_QUEUE_ID');
    expectError(model.call('DELETE', '/events', { queue_id: queueId }, { auth: HAMLET }), 400, 'BAD_EVENT_QUEUE_ID');
  });

  it('reports missing arguments as the real server does', () => {
    const { model } = manualModel();
    const noQueue = expectError(model.call('GET', '/events', {}, { auth: HAMLET }), 400, 'BAD_REQUEST', "Missing 'queue_id' argument");
    expect(noQueue).not.toHaveProperty('var_name');
    expectError(model.call('GET', '/events', { queue_id: 'x' }, { auth: HAMLET }), 400, 'BAD_REQUEST', "Missing 'last_event_id' argument");
    expectError(model.call('DELETE', '/events', {}, { auth: HAMLET }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'queue_id' argument");
    expectError(model.call('GET', '/events', { queue_id: 'x', last_event_id: 'one' }, { auth: HAMLET }), 400, 'BAD_REQUEST');
  });

  it('creates a queue from GET /events with dont_block and no queue_id', () => {
    const { model } = manualModel();
    const body = expectSuccess(model.call('GET', '/events', { dont_block: 'true', event_types: '["user_status"]' }, { auth: HAMLET }));
    expect(body.events).toEqual([]);
    setStatus(model, CORDELIA, 'hi');
    expect(expectSuccess(poll(model, HAMLET, body.queue_id, -1)).events).toHaveLength(1);
  });

  it('filters by event_types, treats JSON null as all types and an empty list as none', () => {
    const { model } = manualModel();
    const onlyRealm = register(model, HAMLET, { event_types: '["realm"]' }).queue_id;
    const all = register(model, HAMLET, { event_types: 'null' }).queue_id;
    const none = register(model, HAMLET, { event_types: '[]' }).queue_id;
    setStatus(model, CORDELIA, 'hi');
    expect(expectSuccess(poll(model, HAMLET, onlyRealm, -1)).events).toEqual([]);
    expect(expectSuccess(poll(model, HAMLET, all, -1)).events).toHaveLength(1);
    expect(expectSuccess(poll(model, HAMLET, none, -1)).events).toEqual([]);
  });

  it('refuses bad registrations without creating a queue', () => {
    const { model } = manualModel();
    const before = model.store.queueCount;
    expectError(model.call('POST', '/register', { event_types: '[realm' }, { auth: HAMLET }), 400, 'BAD_REQUEST');
    expectError(model.call('POST', '/register', { narrow: '[["search","x"]]' }, { auth: HAMLET }), 400, 'BAD_REQUEST', 'Operator search not supported.');
    expectError(model.call('POST', '/register', { queue_lifespan_secs: '-5' }, { auth: HAMLET }), 400, 'REQUEST_VARIABLE_INVALID');
    expect(model.store.queueCount).toBe(before);
  });
});

describe('long-polling', () => {
  it('holds a request until an event arrives, then answers with queue_id', async () => {
    const { model } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    const pending = model.request('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET });
    expect(model.store.waitingCount).toBe(1);
    setStatus(model, CORDELIA, 'back');
    const body = expectSuccess(await pending);
    expect(body).toMatchObject({ queue_id: queueId, events: [{ type: 'user_status', id: 0 }] });
    expect(model.store.waitingCount).toBe(0);
  });

  it('sends a heartbeat 45 to 55 seconds into a wait, whatever the event types', async () => {
    const { model, advance } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET, { event_types: '["realm"]' });
    const pending = model.request('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET });
    advance(44);
    model.tick();
    expect(model.store.waitingCount).toBe(1);
    advance(11);
    model.tick();
    expect(expectSuccess(await pending).events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('answers a waiting request when a newer one arrives or the queue is deleted', async () => {
    const { model } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    const first = model.request('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET });
    const second = model.request('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET });
    expect(expectSuccess(await first)).toMatchObject({ events: [], queue_id: queueId });
    expectSuccess(model.call('DELETE', '/events', { queue_id: queueId }, { auth: HAMLET }));
    expect(expectSuccess(await second)).toMatchObject({ events: [], queue_id: queueId });
  });

  it('refuses a waiting call through the synchronous API', () => {
    const { model } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    expect(() => model.call('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET })).toThrow(/model.request/);
    expect(model.store.waitingCount).toBe(0);
  });
});

describe('queue lifetime and limits', () => {
  it('expires a queue left idle for its lifespan', () => {
    const { model, advance } = manualModel();
    const short = register(model, HAMLET, { queue_lifespan_secs: '120' }).queue_id;
    const standard = register(model, HAMLET).queue_id;
    advance(119);
    expectSuccess(poll(model, HAMLET, short, -1));
    advance(1);
    expectError(poll(model, HAMLET, short, -1), 400, 'BAD_EVENT_QUEUE_ID');
    advance(480);
    model.tick();
    expectError(poll(model, HAMLET, standard, -1), 400, 'BAD_EVENT_QUEUE_ID');
    expect(model.store.queueCount).toBe(0);
  });

  it('never expires a queue while a request waits on it', async () => {
    const { model, advance } = manualModel();
    const { queue_id: queueId } = register(model, HAMLET);
    const pending = model.request('GET', '/events', { queue_id: queueId, last_event_id: '-1' }, { auth: HAMLET });
    advance(40);
    model.tick();
    advance(40);
    model.tick();
    await pending;
    expectSuccess(poll(model, HAMLET, queueId, 0));
  });

  it('caps the queues of one user', () => {
    const { model } = manualModel();
    for (let i = 0; i < MAX_QUEUES_PER_USER; i++) register(model, IAGO);
    expectError(model.call('POST', '/register', {}, { auth: IAGO }), 400, 'BAD_REQUEST', 'Could not allocate event queue');
    register(model, HAMLET);
  });
});

describe('the in-process event stream', () => {
  it("yields the events of other users' writes and stops cleanly", async () => {
    const { model } = manualModel();
    const stream = model.events(HAMLET);
    const next = stream.next();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    setStatus(model, CORDELIA, 'streaming');
    expect((await next).value).toMatchObject({ type: 'user_status', status_text: 'streaming' });
    await stream.stop();
    expect(model.store.queueCount).toBe(0);
  });
});
