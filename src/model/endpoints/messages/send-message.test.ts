import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
} from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>) {
  return as(model, actor).post('/messages', params);
}

function sendOk(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(send(model, actor, params))['id'];
}

function fetch(model: Model, actor: Actor, id: number): Record<string, any> {
  return expectSuccess(as(model, actor).get(`/messages/${id}`))['message'];
}

/** A refused send leaves the state object itself untouched. */
function refused(model: Model, actor: Actor, params: Record<string, string>, status: number, code: string, msg?: string) {
  const before = model.state;
  const error = expectError(send(model, actor, params), status, code, msg);
  expect(model.state).toBe(before);
  return error;
}

describe('POST /messages: addressing a channel (facts §3.1)', () => {
  it('accepts the channel by id, by name, by JSON name and as a one-element list of either', () => {
    const model = newModel();
    for (const to of [String(CHANNEL.general), 'general', '"general"', `[${CHANNEL.general}]`, '["general"]']) {
      const id = sendOk(model, HAMLET, { type: 'stream', to, topic: 'forms', content: `to ${to}` });
      expect(fetch(model, HAMLET, id)).toMatchObject({ stream_id: CHANNEL.general, display_recipient: 'general', subject: 'forms', type: 'stream' });
    }
  });

  it('treats `channel` as `stream` and `subject` as `topic`', () => {
    const model = newModel();
    const id = sendOk(model, HAMLET, { type: 'channel', to: 'general', subject: 'legacy', content: 'x' });
    expect(fetch(model, HAMLET, id)['subject']).toBe('legacy');
  });

  it('refuses unknown channels with STREAM_DOES_NOT_EXIST and the name or id', () => {
    const model = newModel();
    expect(refused(model, HAMLET, { type: 'stream', to: 'no <such>', topic: 't', content: 'x' }, 400, 'STREAM_DOES_NOT_EXIST')).toMatchObject({
      msg: "Channel 'no &lt;such&gt;' does not exist",
      stream: 'no &lt;such&gt;',
    });
    expect(refused(model, HAMLET, { type: 'stream', to: '999', topic: 't', content: 'x' }, 400, 'STREAM_DOES_NOT_EXIST')).toMatchObject({
      msg: "Channel with ID '999' does not exist",
      stream_id: 999,
    });
  });

  it('refuses malformed `to` values and unknown types', () => {
    const model = newModel();
    refused(model, HAMLET, { type: 'stream', to: '["general", "Denmark"]', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', 'Expected exactly one channel');
    refused(model, HAMLET, { type: 'stream', to: '{"a": 1}', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', 'Invalid data type for channel');
    refused(model, HAMLET, { type: 'letter', to: 'general', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', 'Invalid type');
    refused(model, HAMLET, { to: 'general', topic: 't', content: 'x' }, 400, 'REQUEST_VARIABLE_MISSING', "Missing 'type' argument");
    refused(model, HAMLET, { type: 'stream', to: 'general', content: 'x' }, 400, 'BAD_REQUEST', 'Missing topic');
    refused(model, HAMLET, { type: 'stream', to: 'general', topic: 't' }, 400, 'REQUEST_VARIABLE_MISSING', "Missing 'content' argument");
  });

  it('trims the topic, reads the empty topic names as the empty topic and truncates long topics to 57 characters and "..."', () => {
    const model = newModel();
    const trimmed = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: '  spaced  ', content: 'x' });
    expect(fetch(model, HAMLET, trimmed)['subject']).toBe('spaced');
    for (const topic of ['(no topic)', 'general chat', '   ']) {
      const id = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic, content: 'x' });
      expect(fetch(model, HAMLET, id)['subject']).toBe('general chat');
      expect(expectSuccess(as(model, HAMLET).get(`/messages/${id}`, { allow_empty_topic_name: 'true' }))['message']['subject']).toBe('');
    }
    const long = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 'é'.repeat(70), content: 'x' });
    expect(fetch(model, HAMLET, long)['subject']).toBe(`${'é'.repeat(57)}...`);
    refused(
      model,
      HAMLET,
      { type: 'stream', to: 'general', topic: 'bad\u0007bell', content: 'x' },
      400,
      'BAD_REQUEST',
      'Invalid character in topic, at position 4!',
    );
  });

  it('normalises content: trailing whitespace and leading newlines go, empty and NUL are refused, long content is truncated', () => {
    const model = newModel();
    const id = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: '\n\n  hello  \n\n' });
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['raw_content']).toBe('  hello');
    refused(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: ' \n\t ' }, 400, 'BAD_REQUEST', 'Message must not be empty');
    refused(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'a\u0000b' }, 400, 'BAD_REQUEST', 'Message must not contain null bytes');
    const long = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'x'.repeat(10_050) });
    const raw: string = expectSuccess(as(model, HAMLET).get(`/messages/${long}`))['raw_content'];
    expect(raw).toHaveLength(10_000);
    expect(raw.endsWith('\n[message truncated]')).toBe(true);
  });
});

describe('POST /messages: who may send where (facts §3.1)', () => {
  it('lets members post to public channels they are not in, but not to private channels they are not in', () => {
    const model = newModel();
    sendOk(model, CORDELIA, { type: 'stream', to: 'Denmark', topic: 't', content: 'x' });
    refused(model, CORDELIA, { type: 'stream', to: 'Scotland', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', "Not authorized to send to channel 'Scotland'");
    sendOk(model, HAMLET, { type: 'stream', to: 'Scotland', topic: 't', content: 'x' });
  });

  it('lets guests post only where they are subscribed or to web-public channels', () => {
    const model = newModel();
    sendOk(model, POLONIUS, { type: 'stream', to: 'Denmark', topic: 't', content: 'x' });
    sendOk(model, POLONIUS, { type: 'stream', to: 'Verona', topic: 't', content: 'x' });
    refused(model, POLONIUS, { type: 'stream', to: 'general', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', "Not authorized to send to channel 'general'");
  });

  it('refuses archived channels', () => {
    const model = newModel();
    refused(model, HAMLET, { type: 'stream', to: 'Elsinore', topic: 't', content: 'x' }, 400, 'BAD_REQUEST', "Not authorized to send to channel 'Elsinore'");
  });

  it('follows can_send_message_group, with a bot passing through its owner', () => {
    const model = newModel();
    const administrators = model.state.systemGroupIds['role:administrators'];
    expectSuccess(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { can_send_message_group: JSON.stringify({ new: administrators }) }));
    refused(
      model,
      HAMLET,
      { type: 'stream', to: 'general', topic: 't', content: 'x' },
      400,
      'BAD_REQUEST',
      'You do not have permission to post in this channel.',
    );
    refused(
      model,
      HAMLET_BOT,
      { type: 'stream', to: 'general', topic: 't', content: 'x' },
      400,
      'BAD_REQUEST',
      'You do not have permission to post in this channel.',
    );
    sendOk(model, IAGO, { type: 'stream', to: 'general', topic: 't', content: 'x' });
  });

  it('applies the topics policy of the channel, or of the organization for `inherit`', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { topics_policy: 'disable_empty_topic' }));
    refused(
      model,
      HAMLET,
      { type: 'stream', to: 'general', topic: '', content: 'x' },
      400,
      'BAD_REQUEST',
      'Sending messages to the general chat is not allowed in this channel.',
    );
    const created = expectSuccess(
      as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: '[{"name": "quiet corner"}]', topics_policy: 'empty_topic_only' }),
    );
    expect(created['subscribed']).toBeDefined();
    refused(
      model,
      HAMLET,
      { type: 'stream', to: 'quiet corner', topic: 'named', content: 'x' },
      400,
      'BAD_REQUEST',
      'Only the general chat topic is allowed in this channel.',
    );
    sendOk(model, HAMLET, { type: 'stream', to: 'quiet corner', topic: '', content: 'x' });
    expectSuccess(as(model, IAGO).patch('/realm', { topics_policy: 'disable_empty_topic' }));
    refused(
      model,
      HAMLET,
      { type: 'stream', to: 'Denmark', topic: '', content: 'x' },
      400,
      'BAD_REQUEST',
      'Sending messages to the general chat is not allowed in this channel.',
    );
  });
});

describe('POST /messages: direct messages (facts §3.1)', () => {
  it('accepts a JSON list of ids, a JSON list of emails and a comma-separated string of emails', () => {
    const model = newModel();
    const emailOf = (id: number): string => expectSuccess(as(model, HAMLET).get(`/users/${id}`))['user']['email'];
    const cordelia = emailOf(CORDELIA.userId);
    for (const to of [`[${CORDELIA.userId}]`, JSON.stringify([cordelia]), `${cordelia}, ${emailOf(IAGO.userId)}`]) {
      const id = sendOk(model, HAMLET, { type: 'direct', to, content: 'psst' });
      const message = fetch(model, CORDELIA, id);
      expect(message['type']).toBe('private');
      expect(message['subject']).toBe('');
      expect(message['display_recipient'].map((user: { id: number }) => user.id)).toContain(HAMLET.userId);
    }
  });

  it('lists every participant, sender included, in display_recipient, and gives a group conversation one recipient id', () => {
    const model = newModel();
    const first = sendOk(model, HAMLET, { type: 'private', to: JSON.stringify([CORDELIA.userId, IAGO.userId]), content: 'a' });
    const second = sendOk(model, IAGO, { type: 'private', to: JSON.stringify([HAMLET.userId, CORDELIA.userId]), content: 'b' });
    const a = fetch(model, CORDELIA, first);
    const b = fetch(model, CORDELIA, second);
    expect(a['display_recipient'].map((user: { id: number }) => user.id)).toEqual([IAGO.userId, HAMLET.userId, CORDELIA.userId].sort((x, y) => x - y));
    expect(a['recipient_id']).toBe(b['recipient_id']);
  });

  it('refuses bad recipient lists and says which recipient is unknown', () => {
    const model = newModel();
    refused(model, HAMLET, { type: 'direct', to: '[]', content: 'x' }, 400, 'BAD_REQUEST', 'Message must have recipients');
    refused(
      model,
      HAMLET,
      { type: 'direct', to: `[${CORDELIA.userId}, "${IAGO.email}"]`, content: 'x' },
      400,
      'BAD_REQUEST',
      'Recipient lists may contain emails or user IDs, but not both.',
    );
    refused(model, HAMLET, { type: 'direct', to: '[9999]', content: 'x' }, 400, 'BAD_REQUEST', 'Invalid user ID 9999');
    refused(model, HAMLET, { type: 'direct', to: 'nobody@chatref.test', content: 'x' }, 400, 'BAD_REQUEST', "Invalid email 'nobody@chatref.test'");
    refused(model, HAMLET, { type: 'direct', to: `[${OTHELLO.userId}]`, content: 'x' }, 400, 'BAD_REQUEST', `'${OTHELLO.email}' is no longer using Zulip.`);
  });

  it('makes the other participant of a one-to-one conversation known to a guest who could not see them, with realm_user add', () => {
    const model = newModel();
    const members = model.state.systemGroupIds['role:members'];
    expectSuccess(as(model, IAGO).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
    expectError(as(model, POLONIUS).get(`/users/${CORDELIA.userId}`), 400, 'BAD_REQUEST');
    const queue = expectSuccess(as(model, POLONIUS).post('/register', { event_types: '["realm_user"]' }))['queue_id'];
    sendOk(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}, ${POLONIUS.userId}]`, content: 'a group conversation grants nothing' });
    expectError(as(model, POLONIUS).get(`/users/${CORDELIA.userId}`), 400, 'BAD_REQUEST');
    sendOk(model, CORDELIA, { type: 'direct', to: `[${POLONIUS.userId}]`, content: 'a play within a play' });
    const events = expectSuccess(as(model, POLONIUS).get('/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: CORDELIA.userId }) }));
    expectSuccess(as(model, POLONIUS).get(`/users/${CORDELIA.userId}`));
  });

  it('hides a direct message from everyone outside the conversation, exactly like a missing one', () => {
    const model = newModel();
    const id = sendOk(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'secret' });
    expectError(as(model, IAGO).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(as(model, IAGO).get('/messages/99999'), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });
});

describe('POST /messages: flags and events', () => {
  it('leaves an API client its own message unread, and marks it read for interactive clients or with read_by_sender', () => {
    const model = newModel();
    const api = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'x' });
    expect(fetch(model, HAMLET, api)['flags']).toEqual([]);
    const web = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'x', client: 'website' });
    expect(fetch(model, HAMLET, web)['flags']).toEqual(['read']);
    const explicit = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 't', content: 'x', read_by_sender: 'true' });
    expect(fetch(model, HAMLET, explicit)['flags']).toEqual(['read']);
    expect(fetch(model, CORDELIA, explicit)['flags']).toEqual([]);
  });

  it('shows a public message its reader never received as read and historical', () => {
    const model = newModel();
    const id = sendOk(model, IAGO, { type: 'stream', to: 'Denmark', topic: 't', content: 'x' });
    expect(fetch(model, CORDELIA, id)['flags']).toEqual(['read', 'historical']);
  });

  it('shows a subscriber of a protected-history channel only what was sent while they were subscribed', () => {
    const model = newModel();
    const before = sendOk(model, IAGO, { type: 'stream', to: 'Scotland', topic: 't', content: 'before' });
    expectSuccess(as(model, IAGO).post('/users/me/subscriptions', { subscriptions: '[{"name": "Scotland"}]', principals: `[${CORDELIA.userId}]` }));
    const after = sendOk(model, IAGO, { type: 'stream', to: 'Scotland', topic: 't', content: 'after' });
    expectError(as(model, CORDELIA).get(`/messages/${before}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expect(fetch(model, CORDELIA, after)['flags']).toEqual([]);
  });

  it('delivers a message event with each recipient’s flags, local_message_id to the sending queue only, and each queue’s form', () => {
    const model = newModel();
    const hamletQueue = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["message"]', apply_markdown: 'true' }))['queue_id'];
    // apply_markdown defaults to false on register.
    const rawQueue = expectSuccess(as(model, CORDELIA).post('/register', { event_types: '["message"]' }))['queue_id'];
    const guestQueue = expectSuccess(as(model, POLONIUS).post('/register', { event_types: '["message"]' }))['queue_id'];
    const id = sendOk(model, HAMLET, { type: 'stream', to: 'general', topic: 'news', content: '**bold**', queue_id: hamletQueue, local_id: '17.01' });
    const events = (actor: Actor, queueId: string) =>
      expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    const [own] = events(HAMLET, hamletQueue);
    expect(own).toMatchObject({ type: 'message', local_message_id: '17.01', flags: [], message: { id, content: '<p><strong>bold</strong></p>' } });
    const [raw] = events(CORDELIA, rawQueue);
    expect(raw).toMatchObject({ type: 'message', flags: [], message: { id, content: '**bold**', content_type: 'text/x-markdown' } });
    expect(raw).not.toHaveProperty('local_message_id');
    expect(events(POLONIUS, guestQueue)).toEqual([]);
  });

  it('answers with the new id and changes nothing on failure; ids increase', () => {
    const model = newModel();
    const first = sendOk(model, DESDEMONA, { type: 'stream', to: 'general', topic: 't', content: 'one' });
    const second = sendOk(model, DESDEMONA, { type: 'stream', to: 'general', topic: 't', content: 'two' });
    expect(second).toBeGreaterThan(first);
  });
});
