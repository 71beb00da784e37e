import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
  SHIVA,
} from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const STREAM_TYPING = '{"notification_settings_null": false, "stream_typing_notifications": true}';

function open(model: Model, actor: Actor, capabilities = STREAM_TYPING): string {
  return expectSuccess(as(model, actor).post('/register', { event_types: '["typing"]', client_capabilities: capabilities }))['queue_id'];
}

function drain(model: Model, actor: Actor, queueId: string): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function emailOf(model: Model, actor: Actor): string {
  return expectSuccess(as(model, actor).get('/users/me'))['email'];
}

function setting(model: Model, actor: Actor, name: string, value: boolean): void {
  expectSuccess(as(model, actor).patch('/settings', { [name]: String(value) }));
}

describe('POST /typing to a direct conversation', () => {
  it('tells every listed user and the sender, listing them in order with the sender last, and changes no state', () => {
    const model = newModel();
    const hamlet = open(model, HAMLET);
    const cordelia = open(model, CORDELIA);
    const iago = open(model, IAGO);
    const before = model.state;
    expectSuccess(as(model, HAMLET).post('/typing', { op: 'start', to: `[${CORDELIA.userId}]` }));
    expect(model.state).toBe(before);
    const event = {
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: { user_id: HAMLET.userId, email: emailOf(model, HAMLET) },
      recipients: [
        { user_id: CORDELIA.userId, email: emailOf(model, CORDELIA) },
        { user_id: HAMLET.userId, email: emailOf(model, HAMLET) },
      ],
      id: 0,
    };
    expect(drain(model, HAMLET, hamlet)).toEqual([event]);
    expect(drain(model, CORDELIA, cordelia)).toEqual([event]);
    expect(drain(model, IAGO, iago)).toEqual([]);
  });

  it('lists a deactivated user but tells only active users who receive typing notifications', () => {
    const model = newModel();
    setting(model, CORDELIA, 'receives_typing_notifications', false);
    const cordelia = open(model, CORDELIA);
    const shiva = open(model, SHIVA);
    const hamlet = open(model, HAMLET);
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'direct', op: 'stop', to: `[${OTHELLO.userId}, ${CORDELIA.userId}, ${SHIVA.userId}]` }));
    expect(drain(model, CORDELIA, cordelia)).toEqual([]);
    const [event] = drain(model, SHIVA, shiva);
    expect(event?.['op']).toBe('stop');
    expect(event?.['recipients'].map((person: Record<string, number>) => person['user_id'])).toEqual([
      OTHELLO.userId,
      CORDELIA.userId,
      SHIVA.userId,
      HAMLET.userId,
    ]);
    expect(drain(model, HAMLET, hamlet)).toHaveLength(1);
  });

  it('leaves the sender out when they do not receive typing notifications themselves', () => {
    const model = newModel();
    setting(model, HAMLET, 'receives_typing_notifications', false);
    const hamlet = open(model, HAMLET);
    const cordelia = open(model, CORDELIA);
    expectSuccess(as(model, HAMLET).post('/typing', { op: 'start', to: `[${CORDELIA.userId}]` }));
    expect(drain(model, HAMLET, hamlet)).toEqual([]);
    expect(drain(model, CORDELIA, cordelia)).toHaveLength(1);
  });

  it('refuses, in the real server’s order, a missing or empty list, a disabled sender, and an unknown id', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, HAMLET).post('/typing', { to: '[1]' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
    expectError(as(model, HAMLET).post('/typing', { op: 'typing', to: '[1]' }), 400, 'BAD_REQUEST', 'Invalid op');
    expectError(as(model, HAMLET).post('/typing', { op: 'start', type: 'private', to: '[1]' }), 400, 'BAD_REQUEST', 'Invalid type');
    expectError(as(model, HAMLET).post('/typing', { op: 'x', to: 'nope' }), 400, 'BAD_REQUEST', 'to is not valid JSON');
    expectError(as(model, HAMLET).post('/typing', { op: 'start', to: '["cordelia@chatref.test"]' }), 400, 'BAD_REQUEST', 'to[0] is not an integer');
    const missing = expectError(as(model, HAMLET).post('/typing', { op: 'start' }), 400, 'BAD_REQUEST', "Missing 'to' argument");
    expect(missing['var_name']).toBeUndefined();
    expectError(as(model, HAMLET).post('/typing', { op: 'start', to: 'null' }), 400, 'BAD_REQUEST', "Missing 'to' argument");
    expectError(as(model, HAMLET).post('/typing', { op: 'start', to: '[]' }), 400, 'BAD_REQUEST', "Empty 'to' list");
    expectError(as(model, HAMLET).post('/typing', { op: 'start', to: '[5, 987654]' }), 400, 'BAD_REQUEST', 'Invalid user ID 987654');
    expect(model.state).toBe(before);
    setting(model, HAMLET, 'send_private_typing_notifications', false);
    const cordelia = open(model, CORDELIA);
    expectError(
      as(model, HAMLET).post('/typing', { op: 'start', to: '[987654]' }),
      400,
      'BAD_REQUEST',
      'User has disabled typing notifications for direct messages',
    );
    expect(drain(model, CORDELIA, cordelia)).toEqual([]);
  });

  it('accepts the system bot as a participant', () => {
    const model = newModel();
    const bot = model.state.systemBots.notificationBot.id;
    expectSuccess(as(model, HAMLET).post('/typing', { op: 'start', to: `[${bot}]` }));
  });
});

describe('POST /typing in a channel', () => {
  it('tells the subscribers whose queues declared stream_typing_notifications, with the topic trimmed', () => {
    const model = newModel();
    const iago = open(model, IAGO);
    const polonius = open(model, POLONIUS);
    const plain = open(model, IAGO, '{"notification_settings_null": false}');
    const cordelia = open(model, CORDELIA);
    const before = model.state;
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'stream', op: 'start', stream_id: String(CHANNEL.denmark), topic: '  plans ' }));
    expect(model.state).toBe(before);
    const event = {
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      sender: { user_id: HAMLET.userId, email: emailOf(model, HAMLET) },
      stream_id: CHANNEL.denmark,
      topic: 'plans',
      id: 0,
    };
    expect(drain(model, IAGO, iago)).toEqual([event]);
    expect(drain(model, POLONIUS, polonius)).toEqual([event]);
    expect(drain(model, IAGO, plain)).toEqual([]);
    expect(drain(model, CORDELIA, cordelia)).toEqual([]);
  });

  it('accepts type channel and the subject alias, and reads "general chat" as the empty topic', () => {
    const model = newModel();
    const iago = open(model, IAGO, '{"notification_settings_null": false, "stream_typing_notifications": true, "empty_topic_name": true}');
    const shown = open(model, IAGO);
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'channel', op: 'stop', stream_id: String(CHANNEL.denmark), subject: 'general chat' }));
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'channel', op: 'stop', stream_id: String(CHANNEL.denmark), topic: '(no topic)' }));
    expect(drain(model, IAGO, iago).map((event) => event['topic'])).toEqual(['', '']);
    expect(drain(model, IAGO, shown).map((event) => event['topic'])).toEqual(['general chat', 'general chat']);
  });

  it('refuses a missing channel id or topic, a disabled sender, and channels the sender cannot read or post in', () => {
    const model = newModel();
    const before = model.state;
    const stream = (params: Record<string, string>) => as(model, HAMLET).post('/typing', { type: 'stream', op: 'start', ...params });
    expectError(stream({ topic: 't' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectError(stream({ stream_id: 'null', topic: 't' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectError(stream({ stream_id: String(CHANNEL.denmark) }), 400, 'BAD_REQUEST', 'Missing topic');
    expectError(stream({ stream_id: '987654', topic: 't' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(stream({ stream_id: String(CHANNEL.moderation), topic: 't' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(
      as(model, POLONIUS).post('/typing', { type: 'stream', op: 'start', stream_id: String(CHANNEL.general), topic: 't' }),
      400,
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    expect(model.state).toBe(before);
    expectSuccess(
      as(model, IAGO).patch(`/streams/${CHANNEL.denmark}`, {
        can_send_message_group: JSON.stringify({ new: { direct_members: [IAGO.userId], direct_subgroups: [] } }),
      }),
    );
    expectError(stream({ stream_id: String(CHANNEL.denmark), topic: 't' }), 400, 'BAD_REQUEST', 'You do not have permission to post in this channel.');
    setting(model, HAMLET, 'send_stream_typing_notifications', false);
    expectError(stream({ stream_id: '987654', topic: 't' }), 400, 'BAD_REQUEST', 'User has disabled typing notifications for channel messages');
  });

  it('sends nothing in a channel of more than 100 active subscribers, and to 100 still does', () => {
    const model = newModel();
    const iago = open(model, IAGO);
    const ids: number[] = [];
    for (let i = 0; i < 98; i++) {
      const email = `filler${i}@chatref.test`;
      ids.push(expectSuccess(as(model, DESDEMONA).post('/users', { email, password: 'Filler-password-1234', full_name: `Filler ${i}` }))['user_id']);
    }
    // Denmark has three subscribers: with 97 more it has 100, with 98 more 101.
    const add = (userIds: number[]) =>
      expectSuccess(as(model, IAGO).post('/users/me/subscriptions', { subscriptions: '[{"name": "Denmark"}]', principals: JSON.stringify(userIds) }));
    add(ids.slice(0, 97));
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'stream', op: 'start', stream_id: String(CHANNEL.denmark), topic: 't' }));
    expect(drain(model, IAGO, iago).map((event) => event['op'])).toEqual(['start']);
    add(ids.slice(97));
    expectSuccess(as(model, HAMLET).post('/typing', { type: 'stream', op: 'stop', stream_id: String(CHANNEL.denmark), topic: 't' }));
    expect(drain(model, IAGO, iago).map((event) => event['op'])).toEqual(['start']);
  });
});
