import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function open(model: Model, actor: Actor): string {
  return expectSuccess(as(model, actor).post('/register', { event_types: '["typing_edit_message"]' }))['queue_id'];
}

function drain(model: Model, actor: Actor, queueId: string): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

const typing = (model: Model, actor: Actor, id: number, op = 'start') => as(model, actor).post(`/messages/${id}/typing`, { op });

describe('POST /messages/{message_id}/typing', () => {
  it('tells the channel’s subscribers, whatever their queues’ capabilities, and changes no state', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 'plans', content: 'draft' });
    const iago = open(model, IAGO);
    const polonius = open(model, POLONIUS);
    const cordelia = open(model, CORDELIA);
    const before = model.state;
    expectSuccess(typing(model, HAMLET, id));
    expect(model.state).toBe(before);
    const event = {
      type: 'typing_edit_message',
      op: 'start',
      sender_id: HAMLET.userId,
      message_id: id,
      recipient: { type: 'channel', channel_id: CHANNEL.denmark, topic: 'plans' },
      id: 0,
    };
    expect(drain(model, IAGO, iago)).toEqual([event]);
    expect(drain(model, POLONIUS, polonius)).toEqual([event]);
    expect(drain(model, CORDELIA, cordelia)).toEqual([]);
  });

  it('tells a direct message’s participants who receive typing notifications, and lists exactly them', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}, ${SHIVA.userId}]`, content: 'draft' });
    expectSuccess(as(model, SHIVA).patch('/settings', { receives_typing_notifications: 'false' }));
    const hamlet = open(model, HAMLET);
    const cordelia = open(model, CORDELIA);
    const shiva = open(model, SHIVA);
    const iago = open(model, IAGO);
    expectSuccess(typing(model, HAMLET, id, 'stop'));
    const event = {
      type: 'typing_edit_message',
      op: 'stop',
      sender_id: HAMLET.userId,
      message_id: id,
      recipient: { type: 'direct', user_ids: [HAMLET.userId, CORDELIA.userId] },
      id: 0,
    };
    expect(drain(model, HAMLET, hamlet)).toEqual([event]);
    expect(drain(model, CORDELIA, cordelia)).toEqual([event]);
    expect(drain(model, SHIVA, shiva)).toEqual([]);
    expect(drain(model, IAGO, iago)).toEqual([]);
  });

  it('lists the editor first in a one-to-one conversation, and twice when writing to oneself', () => {
    const model = newModel();
    const pair = send(model, CORDELIA, { type: 'direct', to: `[${HAMLET.userId}]`, content: 'draft' });
    const self = send(model, CORDELIA, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'note' });
    const cordelia = open(model, CORDELIA);
    expectSuccess(typing(model, CORDELIA, pair));
    expectSuccess(typing(model, CORDELIA, self));
    expect(drain(model, CORDELIA, cordelia).map((event) => event['recipient']['user_ids'])).toEqual([
      [CORDELIA.userId, HAMLET.userId],
      [CORDELIA.userId, CORDELIA.userId],
    ]);
  });

  it('refuses whoever may not edit the content now: others, a missing or unreadable message, editing off', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'stream', to: 'Scotland', topic: 't', content: 'draft' });
    const before = model.state;
    expectError(typing(model, IAGO, id), 400, 'BAD_REQUEST', "You don't have permission to edit this message");
    expectError(typing(model, CORDELIA, id), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(typing(model, HAMLET, 987654), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(as(model, HAMLET).post(`/messages/${id}/typing`, {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
    expectError(typing(model, HAMLET, id, 'typing'), 400, 'BAD_REQUEST', 'Invalid op');
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).patch('/realm', { allow_message_editing: 'false' }));
    expectError(typing(model, HAMLET, id), 400, 'BAD_REQUEST', 'Your organization has turned off message editing');
  });

  it('gives no grace after message_content_edit_limit_seconds', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch('/realm', { message_content_edit_limit_seconds: '3' }));
    const id = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 't', content: 'draft' });
    expectSuccess(typing(model, HAMLET, id));
    // Every call moves the test clock by a second: the message is now past the limit, well inside the 20 s an edit gets.
    for (let i = 0; i < 3; i++) expectSuccess(as(model, HAMLET).get('/users/me'));
    expectError(typing(model, HAMLET, id), 400, 'BAD_REQUEST', 'The time limit for editing this message has passed');
  });

  it('refuses a message in an archived channel as missing', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: '[{"name": "fleeting"}]' }));
    const id = send(model, HAMLET, { type: 'stream', to: 'fleeting', topic: 't', content: 'draft' });
    const channelId = expectSuccess(as(model, HAMLET).get('/get_stream_id', { stream: 'fleeting' }))['stream_id'];
    expectSuccess(typing(model, HAMLET, id));
    expectSuccess(as(model, IAGO).delete(`/streams/${channelId}`));
    expectError(typing(model, HAMLET, id), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('refuses when the editor has turned off typing notifications for that kind of conversation', () => {
    const model = newModel();
    const inChannel = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 't', content: 'draft' });
    const direct = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'draft' });
    expectSuccess(as(model, HAMLET).patch('/settings', { send_stream_typing_notifications: 'false' }));
    expectError(typing(model, HAMLET, inChannel), 400, 'BAD_REQUEST', 'User has disabled typing notifications for channel messages');
    expectSuccess(typing(model, HAMLET, direct));
    expectSuccess(as(model, HAMLET).patch('/settings', { send_private_typing_notifications: 'false' }));
    expectError(typing(model, HAMLET, direct), 400, 'BAD_REQUEST', 'User has disabled typing notifications for direct messages');
  });
});
