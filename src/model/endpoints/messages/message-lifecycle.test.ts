import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function drain(model: Model, actor: Actor, queueId: string): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('DELETE /messages/{message_id}', () => {
  it('lets the sender delete their own message, and tells who may know in the form each queue asked for', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 'plans', content: 'oops' });
    const bulk = expectSuccess(
      as(model, IAGO).post('/register', {
        event_types: '["delete_message"]',
        client_capabilities: '{"notification_settings_null": false, "bulk_message_deletion": true}',
      }),
    )['queue_id'];
    const single = expectSuccess(as(model, POLONIUS).post('/register', { event_types: '["delete_message"]' }))['queue_id'];
    expectSuccess(as(model, HAMLET).delete(`/messages/${id}`));
    expectError(as(model, HAMLET).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expect(drain(model, IAGO, bulk)).toMatchObject([{ type: 'delete_message', message_type: 'stream', stream_id: 2, topic: 'plans', message_ids: [id] }]);
    expect(drain(model, POLONIUS, single)).toMatchObject([{ type: 'delete_message', message_type: 'stream', message_id: id }]);
  });

  it("moves the channel's first_message_id on when its first message goes, and tells who heard of the deletion", () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: '[{"name": "fresh"}]' }));
    const first = send(model, HAMLET, { type: 'stream', to: 'fresh', topic: 't', content: 'first' });
    const second = send(model, HAMLET, { type: 'stream', to: 'fresh', topic: 't', content: 'second' });
    const channelId = expectSuccess(as(model, HAMLET).get('/get_stream_id', { stream: 'fresh' }))['stream_id'];
    const queue = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["stream"]' }))['queue_id'];
    expectSuccess(as(model, HAMLET).delete(`/messages/${first}`));
    expect(drain(model, HAMLET, queue)).toEqual([
      { type: 'stream', op: 'update', stream_id: channelId, name: 'fresh', property: 'first_message_id', value: second, id: 0 },
    ]);
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${channelId}`))['stream']['first_message_id']).toBe(second);
  });

  it("refuses another member's message and lets an administrator delete it", () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'mine' });
    const before = model.state;
    expectError(as(model, CORDELIA).delete(`/messages/${id}`), 400, 'BAD_REQUEST', "You don't have permission to delete this message");
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).delete(`/messages/${id}`));
  });

  it("lets a bot's owner delete the bot's message", () => {
    const model = newModel();
    const id = send(model, HAMLET_BOT, { type: 'stream', to: 'general', topic: 't', content: 'beep' });
    expectSuccess(as(model, HAMLET).delete(`/messages/${id}`));
  });

  it('refuses after message_content_delete_limit_seconds', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'old' });
    expectSuccess(as(model, IAGO).patch('/realm', { message_content_delete_limit_seconds: '1' }));
    // Every call moves the test clock by a second, so by now the message is older than the limit.
    expectSuccess(as(model, HAMLET).get('/users/me'));
    expectError(as(model, HAMLET).delete(`/messages/${id}`), 400, 'BAD_REQUEST', 'The time limit for deleting this message has passed');
  });

  it('answers a missing and an unreadable message alike', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'between us' });
    expectError(as(model, IAGO).delete(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(as(model, IAGO).delete('/messages/987654'), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });
});

describe('GET /messages/{message_id}/history and POST /messages/render', () => {
  it("gives an unedited message one version: the original, with no channel field (the real server's original snapshot)", () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'general', topic: 'hist', content: '*first*' });
    const history = expectSuccess(as(model, CORDELIA).get(`/messages/${id}/history`))['message_history'];
    expect(history).toEqual([
      { timestamp: expect.any(Number), user_id: HAMLET.userId, topic: 'hist', content: '*first*', rendered_content: '<p><em>first</em></p>' },
    ]);
  });

  it('renders without storing anything', () => {
    const model = newModel();
    const before = model.state;
    expect(expectSuccess(as(model, HAMLET).post('/messages/render', { content: '**hi** <b>' }))['rendered']).toBe('<p><strong>hi</strong> &lt;b&gt;</p>');
    expect(model.state).toBe(before);
  });
});

describe('POST /register: unread_msgs', () => {
  it('groups the unread rows by channel and topic, conversation and group conversation, with the mentions', () => {
    const model = newModel();
    const readAll = () => expectSuccess(as(model, CORDELIA).post('/register', { fetch_event_types: '["message", "update_message_flags"]' }))['unread_msgs'];
    const before = readAll();
    const inTopic = send(model, HAMLET, { type: 'stream', to: 'general', topic: 'unread here', content: "hello @**Cordelia, Lear's daughter**" });
    const direct = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'hi' });
    const group = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}, ${IAGO.userId}]`, content: 'hi all' });
    const after = readAll();
    expect(after['count']).toBe(before['count'] + 3);
    expect(after['streams']).toContainEqual({ stream_id: 1, topic: 'unread here', unread_message_ids: [inTopic] });
    expect(after['pms']).toContainEqual(expect.objectContaining({ other_user_id: HAMLET.userId, unread_message_ids: expect.arrayContaining([direct]) }));
    expect(after['huddles']).toContainEqual({
      user_ids_string: [HAMLET.userId, CORDELIA.userId, IAGO.userId].sort((a, b) => a - b).join(','),
      unread_message_ids: [group],
    });
    expect(after['old_unreads_missing']).toBe(false);
  });
});

describe('leaving a channel', () => {
  it('marks its unread messages read, so that every unread message is in a subscribed channel (spec: Message flags)', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'general', topic: 'leaving', content: 'unread for Cordelia' });
    expect(expectSuccess(as(model, CORDELIA).get(`/messages/${id}`))['message']['flags']).toEqual([]);
    const queue = expectSuccess(as(model, CORDELIA).post('/register', { event_types: '["update_message_flags"]' }))['queue_id'];
    expectSuccess(as(model, CORDELIA).delete('/users/me/subscriptions', { subscriptions: '["general"]' }));
    expect(expectSuccess(as(model, CORDELIA).get(`/messages/${id}`))['message']['flags']).toEqual(['read']);
    expect(drain(model, CORDELIA, queue)).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: expect.arrayContaining([id]), all: false, id: 0 },
    ]);
  });
});
