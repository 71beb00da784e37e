import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function isRead(model: Model, actor: Actor, id: number): boolean {
  return expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['flags'].includes('read');
}

function markTopic(model: Model, actor: Actor, streamId: number, topic: string) {
  return as(model, actor).post('/mark_topic_as_read', { stream_id: String(streamId), topic_name: topic });
}

function realm() {
  const model = newModel();
  const castle = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'one' });
  const castleAgain = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'Castle', content: 'two' });
  const moat = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'moat', content: 'three' });
  const empty = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: '', content: 'four' });
  const general = send(model, IAGO, { type: 'stream', to: 'general', topic: 'castle', content: 'five' });
  return { model, castle, castleAgain, moat, empty, general };
}

describe('POST /mark_topic_as_read (facts §5.4)', () => {
  it('marks the topic read in any case, and nothing else, with one event to the user', () => {
    const { model, castle, castleAgain, moat, empty, general } = realm();
    const queue = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["update_message_flags"]' }))['queue_id'];
    expectSuccess(markTopic(model, HAMLET, CHANNEL.denmark, 'CASTLE'));
    expect([castle, castleAgain, moat, empty, general].map((id) => isRead(model, HAMLET, id))).toEqual([true, true, false, false, false]);
    expect(isRead(model, POLONIUS, castle)).toBe(false);
    const events = expectSuccess(as(model, HAMLET).get('/events', { queue_id: queue, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events).toEqual([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [castle, castleAgain], all: false, id: 0 }]);
  });

  it('reads "general chat" as the empty topic', () => {
    const { model, moat, empty } = realm();
    expectSuccess(markTopic(model, HAMLET, CHANNEL.denmark, 'general chat'));
    expect([empty, moat].map((id) => isRead(model, HAMLET, id))).toEqual([true, false]);
  });

  it('marks the whole channel for an empty topic_name, as the real server does', () => {
    const { model, castle, moat, empty, general } = realm();
    expectSuccess(markTopic(model, HAMLET, CHANNEL.denmark, ''));
    expect([castle, moat, empty, general].map((id) => isRead(model, HAMLET, id))).toEqual([true, true, true, false]);
  });

  it('answers a topic without a row of the user, and an unreadable channel, with the real server’s errors', () => {
    const { model } = realm();
    const before = model.state;
    expectError(markTopic(model, HAMLET, CHANNEL.denmark, 'nowhere'), 400, 'BAD_REQUEST', "No such topic 'nowhere'");
    expectError(markTopic(model, CORDELIA, CHANNEL.denmark, 'castle'), 400, 'BAD_REQUEST', "No such topic 'castle'");
    expectError(markTopic(model, CORDELIA, CHANNEL.scotland, 'castle'), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(markTopic(model, HAMLET, 424_242, 'castle'), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect(model.state).toBe(before);
  });

  it('succeeds without an event when the topic is already read', () => {
    const { model } = realm();
    expectSuccess(markTopic(model, HAMLET, CHANNEL.denmark, 'moat'));
    const before = model.state;
    expectSuccess(markTopic(model, HAMLET, CHANNEL.denmark, 'moat'));
    expect(model.state.userMessages).toBe(before.userMessages);
  });
});
