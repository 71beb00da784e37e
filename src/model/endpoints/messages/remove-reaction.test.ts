import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function reactedMessage(model: Model, emoji: Record<string, string>[]): number {
  const id = expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'Scotland', topic: 'reactions', content: 'react to me' }))['id'];
  for (const params of emoji) expectSuccess(as(model, HAMLET).post(`/messages/${id}/reactions`, params));
  return id;
}

function unreact(model: Model, actor: Actor, id: number, params: Record<string, string>) {
  return as(model, actor).delete(`/messages/${id}/reactions`, params);
}

function reactionNames(model: Model, id: number): unknown[] {
  return (expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['message']['reactions'] as Record<string, unknown>[]).map(
    (reaction) => reaction['emoji_name'],
  );
}

describe('DELETE /messages/{message_id}/reactions', () => {
  it('removes the caller’s reaction by name or by code, and tells who may see the message', () => {
    const model = newModel();
    const id = reactedMessage(model, [{ emoji_name: 'octopus' }, { emoji_name: 'like' }, { emoji_name: 'tada' }]);
    const queueId = expectSuccess(as(model, IAGO).post('/register', { event_types: '["reaction"]' }))['queue_id'];
    expectSuccess(unreact(model, HAMLET, id, { emoji_name: 'octopus' }));
    expectSuccess(unreact(model, HAMLET, id, { emoji_code: '1f44d' }));
    expect(reactionNames(model, id)).toEqual(['tada']);
    const events = expectSuccess(as(model, IAGO).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events).toEqual([
      {
        type: 'reaction',
        op: 'remove',
        user_id: HAMLET.userId,
        message_id: id,
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
        id: 0,
      },
      expect.objectContaining({ op: 'remove', emoji_name: 'like', emoji_code: '1f44d', id: 1 }),
    ]);
  });

  it('finds a reaction only with its own type, unicode_emoji unless given', () => {
    const model = newModel();
    const id = reactedMessage(model, [{ emoji_name: 'zulip' }]);
    const before = model.state;
    expectError(unreact(model, HAMLET, id, { emoji_name: 'zulip' }), 400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
    expect(model.state).toBe(before);
    expectSuccess(unreact(model, HAMLET, id, { emoji_name: 'zulip', reaction_type: 'service_extra_emoji' }));
    expect(reactionNames(model, id)).toEqual([]);
  });

  it('refuses a removal naming nothing, an unknown emoji, or a reaction the caller does not have', () => {
    const model = newModel();
    const id = reactedMessage(model, [{ emoji_name: 'octopus' }]);
    const before = model.state;
    expectError(unreact(model, HAMLET, id, {}), 400, 'BAD_REQUEST', 'At least one of the following arguments must be present: emoji_name, emoji_code');
    expectError(unreact(model, HAMLET, id, { emoji_name: 'not_an_emoji_at_all' }), 400, 'BAD_REQUEST', "Emoji 'not_an_emoji_at_all' does not exist");
    expectError(unreact(model, HAMLET, id, { emoji_name: 'tada' }), 400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
    expectError(unreact(model, IAGO, id, { emoji_name: 'octopus' }), 400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
    expectError(unreact(model, CORDELIA, id, { emoji_name: 'octopus' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expect(model.state).toBe(before);
  });

  it('removes one user’s vote and leaves the others', () => {
    const model = newModel();
    const id = reactedMessage(model, [{ emoji_name: 'octopus' }]);
    expectSuccess(as(model, IAGO).post(`/messages/${id}/reactions`, { emoji_name: 'octopus' }));
    expectSuccess(unreact(model, HAMLET, id, { emoji_code: '1f419', reaction_type: 'unicode_emoji' }));
    const reactions = expectSuccess(as(model, IAGO).get(`/messages/${id}`))['message']['reactions'];
    expect(reactions).toEqual([{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: IAGO.userId }]);
  });
});
