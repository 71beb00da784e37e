import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, to: string, topic: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to, topic, content: `in ${topic}` }))['id'];
}

function topics(model: Model, actor: Actor, channelId: number, params: Record<string, string> = {}): { name: string; max_id: number }[] {
  return expectSuccess(as(model, actor).get(`/users/me/${channelId}/topics`, params))['topics'];
}

describe('GET /users/me/{stream_id}/topics', () => {
  it('lists topics newest first, one per name whatever its case, spelled as the newest message', () => {
    const model = newModel();
    const start = topics(model, HAMLET, CHANNEL.denmark).length;
    send(model, IAGO, 'Denmark', 'castle');
    const moat = send(model, IAGO, 'Denmark', 'moat');
    const castle = send(model, IAGO, 'Denmark', 'Castle');
    const empty = send(model, IAGO, 'Denmark', '');
    const listed = topics(model, HAMLET, CHANNEL.denmark);
    expect(listed.slice(0, 3)).toEqual([
      { name: 'general chat', max_id: empty },
      { name: 'Castle', max_id: castle },
      { name: 'moat', max_id: moat },
    ]);
    expect(listed.length).toBe(start + 3);
    expect(topics(model, HAMLET, CHANNEL.denmark, { allow_empty_topic_name: 'true' })[0]).toEqual({ name: '', max_id: empty });
  });

  it('shows a protected-history channel only as far as the caller received it, and hides channels they cannot read', () => {
    const model = newModel();
    const early = send(model, IAGO, 'Scotland', 'early');
    expectSuccess(as(model, IAGO).post('/users/me/subscriptions', { subscriptions: '[{"name": "Scotland"}]', principals: `[${SHIVA.userId}]` }));
    const late = send(model, IAGO, 'Scotland', 'late');
    expect(topics(model, HAMLET, CHANNEL.scotland).map((entry) => entry.max_id)).toEqual(expect.arrayContaining([early, late]));
    expect(topics(model, SHIVA, CHANNEL.scotland)).toEqual([{ name: 'late', max_id: late }]);
    for (const id of [CHANNEL.scotland, 99_999]) {
      expectError(as(model, CORDELIA).get(`/users/me/${id}/topics`), 400, 'BAD_REQUEST', 'Invalid channel ID');
    }
    // An archived channel's topics from FL 480; below it, it looks missing.
    expectSuccess(as(model, CORDELIA).get(`/users/me/${CHANNEL.elsinore}/topics`));
    model.reset({ ...model.state, featureLevel: 479 });
    expectError(as(model, CORDELIA).get(`/users/me/${CHANNEL.elsinore}/topics`), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });
});

describe('POST /streams/{stream_id}/delete_topic', () => {
  it('deletes the topic’s messages (any case), answers complete, and drops the topic’s visibility policies', () => {
    const model = newModel();
    const ids = [send(model, HAMLET, 'Denmark', 'doomed'), send(model, HAMLET, 'Denmark', 'DOOMED')];
    const kept = send(model, HAMLET, 'Denmark', 'kept');
    expectSuccess(as(model, HAMLET).post('/user_topics', { stream_id: String(CHANNEL.denmark), topic: 'doomed', visibility_policy: '3' }));
    const queue = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["delete_message", "user_topic"]' }))['queue_id'];
    expect(expectSuccess(as(model, IAGO).post(`/streams/${CHANNEL.denmark}/delete_topic`, { topic_name: 'Doomed' }))).toEqual({
      result: 'success',
      msg: '',
      complete: true,
    });
    for (const id of ids) expectError(as(model, HAMLET).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectSuccess(as(model, HAMLET).get(`/messages/${kept}`));
    const events = expectSuccess(as(model, HAMLET).get('/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events.map((event: { type: string }) => event.type)).toEqual(['delete_message', 'delete_message', 'user_topic']);
    expect(events[2]).toMatchObject({ stream_id: CHANNEL.denmark, topic_name: 'Doomed', visibility_policy: 0 });
    const registered = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["user_topic"]' }));
    expect(registered['user_topics']).toEqual([]);
  });

  it('is for administrators, on channels they can read', () => {
    const model = newModel();
    send(model, HAMLET, 'Denmark', 'safe');
    const before = model.state;
    expectError(
      as(model, HAMLET).post(`/streams/${CHANNEL.denmark}/delete_topic`, { topic_name: 'safe' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectError(as(model, IAGO).post(`/streams/${CHANNEL.verona}/delete_topic`, {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'topic_name' argument");
    expectError(as(model, IAGO).post('/streams/99999/delete_topic', { topic_name: 'safe' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect(model.state).toBe(before);
  });
});
