import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { LARGER_THAN_MAX_MESSAGE_ID } from '../../narrow/range.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function get(model: Model, actor: Actor, params: Record<string, string>) {
  return as(model, actor).get('/messages', params);
}

function ids(body: Record<string, any>): number[] {
  return body['messages'].map((message: Record<string, any>) => message['id']);
}

/** A refused request changes nothing. */
function refused(model: Model, params: Record<string, string>, code: string, msg: string) {
  const before = model.state;
  expectError(get(model, HAMLET, params), 400, code, msg);
  expect(model.state).toBe(before);
}

/** A realm with a few messages of its own, after the fixture's notices. */
function realm() {
  const model = newModel();
  const first = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'The phantasm walks at night' });
  const second = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'Who is **there**?' });
  const secret = send(model, IAGO, { type: 'stream', to: 'Scotland', topic: 'plans', content: 'before Hamlet knew' });
  const direct = send(model, IAGO, { type: 'direct', to: JSON.stringify([HAMLET.userId]), content: 'a word, my lord' });
  const empty = send(model, IAGO, { type: 'stream', to: 'general', topic: '', content: 'about nothing' });
  return { model, first, second, secret, direct, empty };
}

describe('GET /messages: the window and its flags (facts §3.3)', () => {
  it('returns the newest messages with flags, the anchor and the found_* flags', () => {
    const { model, secret, direct, empty } = realm();
    const body = expectSuccess(get(model, HAMLET, { anchor: 'newest', num_before: '3', narrow: JSON.stringify([['is', 'unread']]) }));
    expect(body).toMatchObject({ anchor: LARGER_THAN_MAX_MESSAGE_ID, found_anchor: false, found_newest: true, found_oldest: false, history_limited: false });
    expect(ids(body)).toEqual([secret, direct, empty]);
    for (const message of body['messages']) expect(message['flags']).toEqual([]);
  });

  it('takes a window around an id anchor, with found_anchor', () => {
    const { model, first, second, direct } = realm();
    const narrow = JSON.stringify([{ operator: 'channel', operand: CHANNEL.denmark }]);
    const body = expectSuccess(get(model, HAMLET, { anchor: String(second), num_before: '1', num_after: '5', narrow }));
    expect(ids(body)).toEqual([first, second]);
    expect(body).toMatchObject({ anchor: second, found_anchor: true, found_newest: true, found_oldest: false });
    expect(expectSuccess(get(model, HAMLET, { anchor: String(second), num_before: '1000', narrow }))).toMatchObject({
      found_oldest: true,
      found_newest: false,
    });
    expect(ids(body)).not.toContain(direct);
  });

  it('anchors at the first unread message for first_unread and for the legacy flag', () => {
    const { model, first } = realm();
    const narrow = JSON.stringify([
      ['stream', 'Denmark'],
      ['topic', 'castle'],
    ]);
    expect(expectSuccess(get(model, HAMLET, { anchor: 'first_unread', narrow }))).toMatchObject({ anchor: first, found_anchor: true });
    expect(expectSuccess(get(model, HAMLET, { use_first_unread_anchor: 'true', narrow }))).toMatchObject({ anchor: first });
  });

  it('shows public history as read and historical, but protected history only to those who received it', () => {
    const { model, first, secret } = realm();
    const denmark = expectSuccess(get(model, CORDELIA, { anchor: String(first), narrow: JSON.stringify([['stream', 'Denmark']]) }));
    expect(denmark['messages'][0]).toMatchObject({ id: first, flags: ['read', 'historical'] });
    const scotland = JSON.stringify([['stream', 'Scotland']]);
    expect(ids(expectSuccess(get(model, HAMLET, { anchor: 'newest', num_before: '10', narrow: scotland })))).toContain(secret);
    expect(ids(expectSuccess(get(model, POLONIUS, { anchor: 'newest', num_before: '10', narrow: scotland })))).toEqual([]);
  });

  it('adds highlighted match fields for a search', () => {
    const { model, first } = realm();
    const body = expectSuccess(get(model, HAMLET, { anchor: 'newest', num_before: '10', narrow: JSON.stringify([['search', 'Phantasm']]) }));
    expect(ids(body)).toEqual([first]);
    expect(body['messages'][0]).toMatchObject({
      match_content: '<p>The <span class="highlight">phantasm</span> walks at night</p>',
      match_subject: 'castle',
    });
    const plain = expectSuccess(get(model, HAMLET, { anchor: String(first) }));
    expect(plain['messages'][0]).not.toHaveProperty('match_content');
  });

  it('applies the presentation parameters', () => {
    const { model, second, empty } = realm();
    const raw = expectSuccess(get(model, HAMLET, { anchor: String(second), apply_markdown: 'false' }));
    expect(raw['messages'][0]).toMatchObject({ content: 'Who is **there**?', content_type: 'text/x-markdown' });
    const topic = expectSuccess(get(model, HAMLET, { anchor: String(empty) }));
    expect(topic['messages'][0]['subject']).toBe('general chat');
    const named = expectSuccess(get(model, HAMLET, { anchor: String(empty), allow_empty_topic_name: 'true' }));
    expect(named['messages'][0]['subject']).toBe('');
    const byName = expectSuccess(
      get(model, HAMLET, {
        anchor: 'newest',
        num_before: '1',
        narrow: JSON.stringify([
          ['stream', 'general'],
          ['topic', 'general chat'],
        ]),
      }),
    );
    expect(ids(byName)).toEqual([empty]);
  });

  it('returns the listed messages for message_ids, ascending, without an anchor', () => {
    const { model, first, second, secret } = realm();
    const body = expectSuccess(get(model, POLONIUS, { message_ids: JSON.stringify([second, secret, first]) }));
    expect(body).toEqual({
      result: 'success',
      msg: '',
      messages: expect.any(Array),
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
      history_limited: false,
    });
    expect(ids(body)).toEqual([first, second]);
  });

  it('rewrites `with` to the conversation of the message', () => {
    const { model, first, second } = realm();
    const body = expectSuccess(get(model, HAMLET, { anchor: 'oldest', num_after: '10', narrow: JSON.stringify([{ operator: 'with', operand: second }]) }));
    expect(ids(body)).toEqual([first, second]);
  });

  it('changes nothing', () => {
    const { model } = realm();
    const before = model.state;
    expectSuccess(get(model, HAMLET, { anchor: 'newest', num_before: '100' }));
    expect(model.state).toBe(before);
  });
});

describe('GET /messages: refusals, in the real server order (facts §3.3, §6.1)', () => {
  it('requires an anchor unless message_ids is given, and a readable one', () => {
    const model = newModel();
    refused(model, {}, 'BAD_REQUEST', "Missing 'anchor' argument.");
    refused(model, { anchor: 'yesterday' }, 'BAD_REQUEST', 'Invalid anchor');
    expectSuccess(get(model, HAMLET, { anchor: '-5', num_after: '1' }));
  });

  it('refuses message_ids with a range parameter', () => {
    const model = newModel();
    refused(
      model,
      { message_ids: '[1]', num_before: '1' },
      'BAD_REQUEST',
      'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
    );
    refused(
      model,
      { message_ids: '[1]', anchor: 'newest' },
      'BAD_REQUEST',
      'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
    );
  });

  it('limits a request to 5000 messages and excludes the anchor only at an end', () => {
    const model = newModel();
    refused(model, { anchor: 'newest', num_before: '4000', num_after: '1001' }, 'BAD_REQUEST', 'Too many messages requested (maximum 5000).');
    refused(
      model,
      { message_ids: JSON.stringify(Array.from({ length: 5001 }, (_, index) => index)) },
      'BAD_REQUEST',
      'Too many messages requested (maximum 5000).',
    );
    refused(
      model,
      { anchor: '10', num_before: '1', num_after: '1', include_anchor: 'false' },
      'BAD_REQUEST',
      'The anchor can only be excluded at an end of the range',
    );
    expectSuccess(get(model, HAMLET, { anchor: '10', num_before: '1', include_anchor: 'false' }));
  });

  it('reads the parameters with the wire codecs', () => {
    const model = newModel();
    refused(model, { anchor: 'newest', num_before: '-1' }, 'BAD_REQUEST', 'num_before is too small');
    refused(model, { anchor: 'newest', num_after: 'many' }, 'BAD_REQUEST', 'num_after is not valid JSON');
    refused(model, { anchor: 'newest', narrow: '{' }, 'BAD_REQUEST', 'narrow is not valid JSON');
    refused(model, { anchor: 'newest', narrow: '[{"operator": "is"}]' }, 'BAD_REQUEST', 'Invalid narrow[0]: Value error, operand is missing');
    refused(model, { anchor: 'newest', narrow: '[{"operator": "search", "operand": " "}]' }, 'BAD_REQUEST', 'operand cannot be blank.');
  });

  it('reports narrow builder errors last', () => {
    const model = newModel();
    refused(model, { anchor: 'newest', narrow: '[["colour", "blue"]]' }, 'BAD_NARROW', 'Invalid narrow operator: unknown operator colour');
    refused(model, { narrow: '[["colour", "blue"]]' }, 'BAD_REQUEST', "Missing 'anchor' argument.");
    refused(model, { anchor: 'newest', num_before: '6000', narrow: '[["colour", "blue"]]' }, 'BAD_REQUEST', 'Too many messages requested (maximum 5000).');
    refused(
      model,
      { anchor: 'newest', num_before: '6000', narrow: '[["with", "1"], ["with", "2"]]' },
      'BAD_NARROW',
      "Invalid narrow operator combination: Duplicate 'with' operators.",
    );
    refused(model, { anchor: 'newest', narrow: '[["with", "999999"]]' }, 'BAD_NARROW', "Invalid narrow operator: Invalid 'with' operator");
    refused(
      model,
      { anchor: 'newest', narrow: '[["is", "dm"], ["stream", "Denmark"]]' },
      'BAD_NARROW',
      'Invalid narrow operator: No message can be both a channel message and direct message',
    );
  });
});
