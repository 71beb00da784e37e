import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { snapshotText } from '../../../store/snapshot.js';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const LATER = T0 + 200;

function schedule(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/scheduled_messages', { scheduled_delivery_timestamp: String(LATER), content: 'Later', ...params }))[
    'scheduled_message_id'
  ];
}

function list(model: Model, actor: Actor = HAMLET): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/scheduled_messages'))['scheduled_messages'];
}

function newest(model: Model, actor: Actor, narrow: unknown[] = []): Record<string, any> {
  const params = { anchor: 'newest', num_before: '1', num_after: '0', apply_markdown: 'false', narrow: JSON.stringify(narrow) };
  const found = expectSuccess(as(model, actor).get('/messages', params))['messages'];
  return found[found.length - 1];
}

const IN_DENMARK = [{ operator: 'channel', operand: 'Denmark' }];

const toDenmark = { type: 'stream', to: String(CHANNEL.denmark), topic: 'plans' };
const toCordelia = { type: 'direct', to: `[${CORDELIA.userId}]` };

describe('POST and GET /scheduled_messages', () => {
  it('keeps channel and direct messages rendered, soonest first, as the real server lists them', () => {
    const model = newModel();
    const late = schedule(model, HAMLET, { ...toDenmark, content: '**bold**', scheduled_delivery_timestamp: String(LATER + 60) });
    const soon = schedule(model, HAMLET, { ...toCordelia, type: 'private' });
    schedule(model, CORDELIA, toDenmark);
    expect(list(model)).toEqual([
      {
        scheduled_message_id: soon,
        to: [CORDELIA.userId],
        type: 'private',
        content: 'Later',
        rendered_content: '<p>Later</p>',
        scheduled_delivery_timestamp: LATER,
        failed: false,
      },
      {
        scheduled_message_id: late,
        to: CHANNEL.denmark,
        type: 'stream',
        content: '**bold**',
        rendered_content: '<p><strong>bold</strong></p>',
        topic: 'plans',
        scheduled_delivery_timestamp: LATER + 60,
        failed: false,
      },
    ]);
    expect(list(model, CORDELIA)).toHaveLength(1);
  });

  it('checks the time first, then the recipients’ form, then what sending checks; nothing is stored on an error', () => {
    const model = newModel();
    const before = model.state;
    const refuse = (params: Record<string, string>, msg: string, code = 'BAD_REQUEST') =>
      expectError(as(model, HAMLET).post('/scheduled_messages', { scheduled_delivery_timestamp: String(LATER), content: 'x', ...params }), 400, code, msg);
    refuse({ ...toDenmark, to: '[1, 2]', scheduled_delivery_timestamp: String(T0 - 1) }, 'Scheduled delivery time must be in the future.');
    refuse({ ...toDenmark, to: `[${CHANNEL.denmark}]` }, 'Invalid data type for channel ID');
    refuse({ ...toCordelia, to: String(CORDELIA.userId) }, 'Invalid data type for recipients');
    refuse({ ...toDenmark, to: '987654' }, "Channel with ID '987654' does not exist", 'STREAM_DOES_NOT_EXIST');
    refuse({ type: 'stream', to: String(CHANNEL.denmark) }, 'Missing topic');
    refuse({ ...toDenmark, content: '  ' }, 'Message must not be empty');
    refuse({ ...toCordelia, to: '[987654]' }, 'Invalid user ID 987654');
    refuse({ ...toCordelia, to: '[]' }, 'Message must have recipients');
    refuse({ ...toDenmark, to: 'Denmark' }, 'to is not valid JSON');
    refuse({ ...toDenmark, type: 'broadcast' }, 'Invalid type');
    expectError(
      as(model, POLONIUS).post('/scheduled_messages', {
        ...toDenmark,
        to: String(CHANNEL.scotland),
        content: 'x',
        scheduled_delivery_timestamp: String(LATER),
      }),
      400,
      'BAD_REQUEST',
    );
    expect(model.state).toBe(before);
  });
});

describe('PATCH /scheduled_messages/{scheduled_message_id}', () => {
  it('refuses an empty edit, a type without recipients and a channel type without topic, before looking the message up', () => {
    const model = newModel();
    const refuse = (params: Record<string, string>, msg: string) =>
      expectError(as(model, HAMLET).patch('/scheduled_messages/987654', params), 400, 'BAD_REQUEST', msg);
    refuse({}, 'Nothing to change');
    refuse({ type: 'direct' }, 'Recipient required when updating type of scheduled message.');
    refuse({ type: 'channel', to: String(CHANNEL.denmark) }, 'Topic required when updating scheduled message type to channel.');
    refuse({ scheduled_delivery_timestamp: String(T0) }, 'Scheduled delivery time must be in the future.');
    expectError(as(model, HAMLET).patch('/scheduled_messages/987654', { content: 'x' }), 404, 'BAD_REQUEST', 'Scheduled message does not exist');
  });

  it('changes content, topic, recipients and time, checking a new addressee or content as sending would', () => {
    const model = newModel();
    const id = schedule(model, HAMLET, toDenmark);
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { content: '*new*' }));
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { topic: 'other' }));
    expect(list(model)[0]).toMatchObject({ content: '*new*', rendered_content: '<p><em>new</em></p>', topic: 'other' });
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { type: 'direct', to: `[${CORDELIA.userId}, ${IAGO.userId}]` }));
    expect(list(model)[0]).toMatchObject({ type: 'private', to: [IAGO.userId, CORDELIA.userId].sort((a, b) => a - b) });
    expect(list(model)[0]).not.toHaveProperty('topic');
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { scheduled_delivery_timestamp: String(LATER + 5) }));
    expect(list(model)[0]).toMatchObject({ scheduled_delivery_timestamp: LATER + 5 });
    const before = model.state;
    expectError(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { to: '[987654]' }), 400, 'BAD_REQUEST', 'Invalid user ID 987654');
    expectError(as(model, CORDELIA).patch(`/scheduled_messages/${id}`, { content: 'x' }), 404, 'BAD_REQUEST', 'Scheduled message does not exist');
    expect(model.state).toBe(before);
  });
});

describe('DELETE /scheduled_messages/{scheduled_message_id}', () => {
  it('removes the caller’s own; another user’s or a missing one is a 404', () => {
    const model = newModel();
    const id = schedule(model, HAMLET, toDenmark);
    expectError(as(model, CORDELIA).delete(`/scheduled_messages/${id}`), 404, 'BAD_REQUEST', 'Scheduled message does not exist');
    expectSuccess(as(model, HAMLET).delete(`/scheduled_messages/${id}`));
    expect(list(model)).toEqual([]);
    expectError(as(model, HAMLET).delete(`/scheduled_messages/${id}`), 404, 'BAD_REQUEST', 'Scheduled message does not exist');
  });
});

describe('delivery', () => {
  it('sends a due message through the normal path, dated at its scheduled time, when the clock is set past it', () => {
    const model = newModel();
    const id = schedule(model, HAMLET, { ...toDenmark, content: 'On time', read_by_sender: 'true' });
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    model.control.setClock({ advance: 400 });
    expect(list(model)).toEqual([]);
    const sent = newest(model, HAMLET, IN_DENMARK);
    expect(sent).toMatchObject({ content: 'On time', subject: 'plans', sender_id: HAMLET.userId, timestamp: LATER });
    expect(sent['flags']).toContain('read');
    expect(hamlet().map((event) => [event.type, event.op])).toEqual([
      ['message', undefined],
      ['scheduled_messages', 'remove'],
    ]);
    expect(cordelia()).toEqual([]);
    // The row stays, delivered: it cannot be edited, and deleting it is allowed, as on the real server.
    expectError(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { content: 'x' }), 400, 'BAD_REQUEST', 'Scheduled message was already sent');
    expectSuccess(as(model, HAMLET).delete(`/scheduled_messages/${id}`));
  });

  it('delivers on the store’s tick and before any request that comes after the time, soonest first', () => {
    let now = T0;
    const model = newModel();
    const first = schedule(model, HAMLET, { ...toDenmark, content: 'first', scheduled_delivery_timestamp: String(T0 + 200) });
    schedule(model, HAMLET, { ...toDenmark, content: 'second', scheduled_delivery_timestamp: String(T0 + 100) });
    expect(first).toBeGreaterThan(0);
    now = T0 + 300;
    model.control.setClock({ now });
    const params = { anchor: 'newest', num_before: '1', num_after: '0', apply_markdown: 'false', narrow: JSON.stringify(IN_DENMARK) };
    const ids = expectSuccess(as(model, HAMLET).get('/messages', { ...params, num_before: '2' }))['messages'];
    expect(ids.map((message: any) => [message.content, message.timestamp])).toEqual([
      ['second', T0 + 100],
      ['first', T0 + 200],
    ]);
  });

  it('marks a message that can no longer be sent as failed, tells the sender with an update and a Notification Bot message, and keeps it until edited with a new time', () => {
    const model = newModel();
    const id = schedule(model, HAMLET, toDenmark);
    expectSuccess(as(model, IAGO).delete(`/streams/${CHANNEL.denmark}`));
    const hamlet = listen(model, HAMLET);
    model.control.setClock({ advance: 400 });
    const [failed] = list(model);
    expect(failed).toMatchObject({ scheduled_message_id: id, failed: true });
    const events = hamlet();
    expect(events[0]).toEqual({ type: 'scheduled_messages', op: 'update', scheduled_message: failed });
    expect(events[1]).toMatchObject({ type: 'message', message: { sender_full_name: 'Notification Bot' } });
    expect(newest(model, HAMLET)['content']).toBe(
      "The message you scheduled for <time:2025-06-15T15:10:00+00:00> was not sent because of the following error:\n\n> Not authorized to send to channel 'Denmark'\n\n[View scheduled messages](#scheduled)",
    );
    expectError(
      as(model, HAMLET).patch(`/scheduled_messages/${id}`, { content: 'again' }),
      400,
      'BAD_REQUEST',
      'Scheduled delivery time must be in the future.',
    );
    const future = String(T0 + 100_000);
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { type: 'direct', to: `[${CORDELIA.userId}]`, scheduled_delivery_timestamp: future }));
    expect(list(model)[0]).toMatchObject({ failed: false, type: 'private' });
  });
});

describe('scheduled message events and register', () => {
  it('tells the sender alone of each change, and register lists what GET lists', () => {
    const model = newModel();
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    const id = schedule(model, HAMLET, toDenmark);
    expectSuccess(as(model, HAMLET).patch(`/scheduled_messages/${id}`, { content: 'edited' }));
    expect(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["scheduled_messages"]' }))['scheduled_messages']).toEqual(list(model));
    expectSuccess(as(model, HAMLET).delete(`/scheduled_messages/${id}`));
    const [added, updated, removed] = hamlet();
    expect(added).toMatchObject({ type: 'scheduled_messages', op: 'add', scheduled_messages: [{ scheduled_message_id: id, content: 'Later' }] });
    expect(updated).toMatchObject({ type: 'scheduled_messages', op: 'update', scheduled_message: { scheduled_message_id: id, content: 'edited' } });
    expect(removed).toEqual({ type: 'scheduled_messages', op: 'remove', scheduled_message_id: id });
    expect(cordelia()).toEqual([]);
  });
});

describe('delivery and the journal', () => {
  it('replays to the same state: deliveries happen again at their own times, whenever the store looks', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chatref-scheduled-')), 'journal.jsonl');
    let now = T0;
    const first = createModel({ seed: 'journal', clock: () => (now += 1), journal: file });
    schedule(first, HAMLET, { ...toDenmark, content: 'due', scheduled_delivery_timestamp: String(T0 + 50) });
    first.control.setClock({ frozen: true, now: T0 + 100 });
    expectSuccess(as(first, CORDELIA).post('/messages', { type: 'stream', to: 'Denmark', topic: 'after', content: 'after the delivery' }));
    const expected = snapshotText(first.control.snapshot());
    first.close();
    const second = createModel({ seed: 'another', clock: () => T0, journal: file });
    expect(snapshotText(second.control.snapshot())).toBe(expected);
    second.close();
  });
});
