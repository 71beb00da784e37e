import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function queue(model: Model, actor: Actor, types: string[] | null, capabilities = '{"notification_settings_null": true}'): () => Record<string, unknown>[] {
  const params: Record<string, string> = { client_capabilities: capabilities };
  if (types !== null) params['event_types'] = JSON.stringify(types);
  const id = expectSuccess(as(model, actor).post('/register', params))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: id, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function setPolicy(model: Model, actor: Actor, channelId: number, topic: string, policy: number) {
  return as(model, actor).post('/user_topics', { stream_id: String(channelId), topic, visibility_policy: String(policy) });
}

function registered(model: Model, actor: Actor, types: string[]): Record<string, any> {
  return expectSuccess(as(model, actor).post('/register', { fetch_event_types: JSON.stringify(types) }));
}

describe('POST /user_topics', () => {
  it('sets, changes and removes a policy, with the legacy muted_topics event before each user_topic event', () => {
    const model = newModel();
    const events = queue(model, HAMLET, null);
    expectSuccess(setPolicy(model, HAMLET, CHANNEL.denmark, 'Castle', 1));
    expectSuccess(setPolicy(model, HAMLET, CHANNEL.denmark, 'castle', 1));
    expectSuccess(setPolicy(model, HAMLET, CHANNEL.denmark, 'CASTLE', 3));
    const [mutedTopics, set, , changed] = events();
    expect(mutedTopics).toMatchObject({ type: 'muted_topics', muted_topics: [['Denmark', 'Castle', expect.any(Number)]] });
    expect(set).toMatchObject({ type: 'user_topic', stream_id: CHANNEL.denmark, topic_name: 'Castle', visibility_policy: 1 });
    expect(changed).toMatchObject({ type: 'user_topic', stream_id: CHANNEL.denmark, topic_name: 'CASTLE', visibility_policy: 3 });
    expect(events()).toHaveLength(4);
    const state = registered(model, HAMLET, ['user_topic', 'muted_topics']);
    expect(state['user_topics']).toEqual([{ stream_id: CHANNEL.denmark, topic_name: 'Castle', last_updated: expect.any(Number), visibility_policy: 3 }]);
    expect(state['muted_topics']).toBeUndefined();
    expect(registered(model, HAMLET, ['muted_topics'])['muted_topics']).toEqual([]);
    expectSuccess(setPolicy(model, HAMLET, CHANNEL.denmark, 'castle', 0));
    expect(registered(model, HAMLET, ['user_topic'])['user_topics']).toEqual([]);
    expect(events().at(-1)).toMatchObject({ type: 'user_topic', topic_name: 'castle', visibility_policy: 0 });
  });

  it('reads "general chat" as the empty topic and shows it so to clients without empty_topic_name', () => {
    const model = newModel();
    const plain = queue(model, HAMLET, ['user_topic']);
    const modern = queue(model, HAMLET, ['user_topic'], '{"notification_settings_null": true, "empty_topic_name": true}');
    expectSuccess(setPolicy(model, HAMLET, CHANNEL.general, 'general chat', 2));
    expect(plain()[0]).toMatchObject({ topic_name: 'general chat' });
    expect(modern()[0]).toMatchObject({ topic_name: '' });
  });

  it('refuses a bad policy, an unreadable channel and a long topic, changing nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      setPolicy(model, HAMLET, CHANNEL.denmark, 'x', 4),
      400,
      'BAD_REQUEST',
      'Invalid visibility_policy: Value error, Not in the list of possible values',
    );
    expectError(setPolicy(model, CORDELIA, CHANNEL.scotland, 'x', 1), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(setPolicy(model, HAMLET, CHANNEL.elsinore, 'x', 1), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(setPolicy(model, HAMLET, 424_242, 'x', 0), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(setPolicy(model, HAMLET, CHANNEL.denmark, 'x'.repeat(61), 1), 400, 'BAD_REQUEST', 'topic is too long (limit: 60 characters)');
    // Removing a policy that does not exist is no error and no change.
    expectSuccess(setPolicy(model, CORDELIA, CHANNEL.scotland, 'x', 0));
    expect(model.state).toBe(before);
  });
});

describe('PATCH /users/me/subscriptions/muted_topics (legacy)', () => {
  const patch = (model: Model, actor: Actor, params: Record<string, string>) => as(model, actor).patch('/users/me/subscriptions/muted_topics', params);

  it('mutes and unmutes by channel id or name', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { stream_id: String(CHANNEL.denmark), topic: 'plots', op: 'add' }));
    expectSuccess(patch(model, HAMLET, { stream: 'general', topic: 'news', op: 'add' }));
    expect(registered(model, HAMLET, ['muted_topics'])['muted_topics'].map((entry: unknown[]) => entry.slice(0, 2))).toEqual([
      ['general', 'news'],
      ['Denmark', 'plots'],
    ]);
    expectSuccess(patch(model, HAMLET, { stream: 'Denmark', topic: 'PLOTS', op: 'remove' }));
    expectSuccess(patch(model, HAMLET, { stream: 'Denmark', topic: 'never muted', op: 'remove' }));
    expect(registered(model, HAMLET, ['user_topic'])['user_topics']).toMatchObject([{ stream_id: CHANNEL.general, topic_name: 'news', visibility_policy: 1 }]);
  });

  it('needs exactly one of stream and stream_id, a known op and a known channel', () => {
    const model = newModel();
    const before = model.state;
    expectError(patch(model, HAMLET, { topic: 't', op: 'add' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectError(
      patch(model, HAMLET, { stream: 'general', stream_id: String(CHANNEL.general), topic: 't', op: 'add' }),
      400,
      'BAD_REQUEST',
      'Unsupported parameter combination: stream_id, stream',
    );
    expectError(patch(model, HAMLET, { stream: 'general', topic: 't', op: 'toggle' }), 400, 'BAD_REQUEST', 'Invalid op');
    expectError(patch(model, HAMLET, { stream: 'nowhere', topic: 't', op: 'add' }), 400, 'BAD_REQUEST', "Invalid channel name 'nowhere'");
    expectError(patch(model, HAMLET, { stream: 'nowhere', topic: 't', op: 'remove' }), 400, 'BAD_REQUEST', 'Topic is not muted');
    expect(model.state).toBe(before);
  });
});
