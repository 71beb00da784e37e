import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { selectTopicParticipantIds } from '../../rules/message-sending.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, to: string, content = 'react to me'): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to, topic: 'reactions', content }))['id'];
}

function react(model: Model, actor: Actor, id: number, params: Record<string, string>) {
  return as(model, actor).post(`/messages/${id}/reactions`, params);
}

function reactionsOf(model: Model, viewer: Actor, id: number): Record<string, unknown>[] {
  return expectSuccess(as(model, viewer).get(`/messages/${id}`))['message']['reactions'];
}

function listen(model: Model, actor: Actor): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["reaction"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('POST /messages/{message_id}/reactions', () => {
  it('looks the emoji up by name, shows the reaction on the message and tells who may see it', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'Scotland');
    const [iago, cordelia] = [listen(model, IAGO), listen(model, CORDELIA)];
    expectSuccess(react(model, HAMLET, id, { emoji_name: 'octopus' }));
    expect(reactionsOf(model, IAGO, id)).toEqual([{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: HAMLET.userId }]);
    expect(iago()).toEqual([
      {
        type: 'reaction',
        op: 'add',
        user_id: HAMLET.userId,
        message_id: id,
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
        id: 0,
      },
    ]);
    expect(cordelia()).toEqual([]);
  });

  it('takes the server’s own emoji by name, and a name with its code', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'general');
    expectSuccess(react(model, HAMLET, id, { emoji_name: 'zulip' }));
    expectSuccess(react(model, HAMLET, id, { emoji_name: 'like', emoji_code: '1f44d' }));
    expectSuccess(react(model, HAMLET, id, { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' }));
    expect(reactionsOf(model, HAMLET, id).map((reaction) => [reaction['emoji_name'], reaction['emoji_code'], reaction['reaction_type']])).toEqual([
      ['zulip', 'zulip', 'service_extra_emoji'],
      ['like', '1f44d', 'unicode_emoji'],
      ['heart', '2764', 'unicode_emoji'],
    ]);
  });

  it('refuses emoji that do not exist or do not agree, and changes nothing', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'general');
    const before = model.state;
    const cases: [Record<string, string>, string][] = [
      [{ emoji_name: 'not_an_emoji_at_all' }, "Emoji 'not_an_emoji_at_all' does not exist"],
      [{ emoji_name: '' }, "Emoji '' does not exist"],
      [{ emoji_name: 'octopus', emoji_code: '1f44d' }, 'Invalid emoji name.'],
      [{ emoji_name: 'octopus', emoji_code: 'zz' }, 'Invalid emoji code.'],
      [{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'bogus' }, 'Invalid emoji type.'],
      [{ emoji_name: 'octopus', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      [{ emoji_name: 'octopus', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }, 'Invalid emoji name.'],
      [{ emoji_name: 'zulip', emoji_code: 'other', reaction_type: 'service_extra_emoji' }, 'Invalid emoji code.'],
    ];
    for (const [params, msg] of cases) expectError(react(model, HAMLET, id, params), 400, 'BAD_REQUEST', msg);
    expectError(react(model, HAMLET, id, {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'emoji_name' argument");
    expect(model.state).toBe(before);
  });

  it('refuses the same emoji twice from one user, under any name', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'general');
    expectSuccess(react(model, HAMLET, id, { emoji_name: '+1' }));
    const before = model.state;
    expectError(react(model, HAMLET, id, { emoji_name: 'thumbs_up' }), 400, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.');
    expect(model.state).toBe(before);
    expectSuccess(react(model, CORDELIA, id, { emoji_name: 'thumbs_up' }));
  });

  it('counts the same emoji from someone else as a vote under the first name, without checking the name again', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'general');
    expectSuccess(react(model, HAMLET, id, { emoji_name: 'like' }));
    expectSuccess(react(model, CORDELIA, id, { emoji_name: 'thumbs_up' }));
    expectSuccess(react(model, IAGO, id, { emoji_name: 'whatever', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }));
    expect(reactionsOf(model, HAMLET, id).map((reaction) => [reaction['emoji_name'], reaction['user_id']])).toEqual([
      ['like', HAMLET.userId],
      ['like', CORDELIA.userId],
      ['like', IAGO.userId],
    ]);
  });

  it('answers a message the user may not read, or one in an archived channel, as a missing one', () => {
    const model = newModel();
    const secret = send(model, HAMLET, 'Scotland');
    const open = send(model, HAMLET, 'general');
    expectError(react(model, CORDELIA, secret, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(react(model, CORDELIA, 987_654, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    // A guest does not read a public channel they are not in.
    expectError(react(model, POLONIUS, open, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectSuccess(as(model, DESDEMONA).delete(`/streams/${CHANNEL.general}`));
    expectError(react(model, HAMLET, open, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('gives a reactor reading public history a read, historical row, so that they hear of the reaction too', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'Denmark');
    const cordelia = listen(model, CORDELIA);
    const ownRows = () => expectSuccess(as(model, CORDELIA).get('/messages', { anchor: String(id), num_before: '0', num_after: '0' }))['messages'];
    expect(ownRows()).toEqual([]);
    expectSuccess(react(model, CORDELIA, id, { emoji_name: 'octopus' }));
    expect(cordelia()).toMatchObject([{ type: 'reaction', op: 'add', user_id: CORDELIA.userId, message_id: id }]);
    expect(ownRows()).toMatchObject([{ id, flags: ['read', 'historical'] }]);
  });

  it('makes the reactor a participant of the topic', () => {
    const model = newModel();
    const id = send(model, HAMLET, 'general');
    expectSuccess(react(model, CORDELIA, id, { emoji_name: 'octopus' }));
    expect([...selectTopicParticipantIds(model.state, CHANNEL.general, 'reactions')].sort()).toEqual([HAMLET.userId, CORDELIA.userId].sort());
  });
});
