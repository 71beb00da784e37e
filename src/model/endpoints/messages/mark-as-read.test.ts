import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, to: string, content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to, topic: 'reading', content }))['id'];
}

function unreadCount(model: Model, actor: Actor): number {
  return expectSuccess(as(model, actor).post('/register', { fetch_event_types: '["message", "update_message_flags"]' }))['unread_msgs']['count'];
}

function queue(model: Model, actor: Actor): () => Record<string, unknown>[] {
  const id = expectSuccess(as(model, actor).post('/register', { event_types: '["update_message_flags"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: id, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('POST /mark_all_as_read', () => {
  it('marks every unread message read, answers complete, and sends one event with all: true even when nothing was unread', () => {
    const model = newModel();
    send(model, IAGO, 'Denmark', 'one');
    send(model, IAGO, 'general', 'two');
    expect(unreadCount(model, HAMLET)).toBeGreaterThan(0);
    const events = queue(model, HAMLET);
    expect(expectSuccess(as(model, HAMLET).post('/mark_all_as_read'))).toEqual({ result: 'success', msg: '', complete: true });
    expect(unreadCount(model, HAMLET)).toBe(0);
    expect(unreadCount(model, CORDELIA)).toBeGreaterThan(0);
    expectSuccess(as(model, HAMLET).post('/mark_all_as_read'));
    const event = { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true };
    expect(events()).toEqual([
      { ...event, id: 0 },
      { ...event, id: 1 },
    ]);
  });
});

describe('POST /mark_stream_as_read', () => {
  it('marks the channel’s unread messages read and no others, with one event naming them', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/mark_all_as_read'));
    const denmark = [send(model, IAGO, 'Denmark', 'one'), send(model, IAGO, 'Denmark', 'two')];
    const general = send(model, IAGO, 'general', 'three');
    const events = queue(model, HAMLET);
    expectSuccess(as(model, HAMLET).post('/mark_stream_as_read', { stream_id: String(CHANNEL.denmark) }));
    expect(events()).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: denmark, all: false, id: 0 }]);
    const flags = expectSuccess(as(model, HAMLET).get(`/messages/${general}`))['message']['flags'];
    expect(flags).not.toContain('read');
    // Nothing left unread there: no event.
    expectSuccess(as(model, HAMLET).post('/mark_stream_as_read', { stream_id: String(CHANNEL.denmark) }));
    expect(events()).toHaveLength(1);
  });

  it('answers a channel the caller cannot read, an archived one and a missing one with "Invalid channel ID"', () => {
    const model = newModel();
    const before = model.state;
    for (const id of [CHANNEL.scotland, CHANNEL.elsinore, 99_999_999, -1]) {
      expectError(as(model, CORDELIA).post('/mark_stream_as_read', { stream_id: String(id) }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    }
    expectError(as(model, CORDELIA).post('/mark_stream_as_read'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    expect(model.state).toBe(before);
  });
});
