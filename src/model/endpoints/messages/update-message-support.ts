/** Shared by the PATCH /messages/{message_id} tests: a model with a clock the test moves, and short calls. */
import { createModel } from '../../../in-process.js';
import { as, expectSuccess, T0 } from '../../../testing/default-realm.js';

export type Actor = Parameters<typeof as>[1];

/** A model whose clock moves one second per call, plus whatever `advance` adds. */
export function clockedModel() {
  let now = T0;
  const model = createModel({ seed: 'edits', clock: () => (now += 1) });
  return {
    model,
    advance(seconds: number): void {
      now += seconds;
    },
  };
}

export type TestModel = ReturnType<typeof clockedModel>['model'];

export function send(model: TestModel, actor: Actor, to: string, topic: string, content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to, topic, content }))['id'];
}

export function sendDirect(model: TestModel, actor: Actor, userIds: readonly number[], content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'direct', to: JSON.stringify(userIds), content }))['id'];
}

export function edit(model: TestModel, actor: Actor, id: number, params: Record<string, string>) {
  return as(model, actor).patch(`/messages/${id}`, params);
}

export function read(model: TestModel, actor: Actor, id: number): Record<string, any> {
  return expectSuccess(as(model, actor).get(`/messages/${id}`))['message'];
}

export function register(model: TestModel, actor: Actor, eventTypes: readonly string[], extra: Record<string, string> = {}): string {
  return expectSuccess(as(model, actor).post('/register', { event_types: JSON.stringify(eventTypes), ...extra }))['queue_id'];
}

export function drain(model: TestModel, actor: Actor, queueId: string): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

/** The messages of a channel topic the actor can read, oldest first. */
export function topicMessages(model: TestModel, actor: Actor, channel: string, topic: string): Record<string, any>[] {
  const narrow = JSON.stringify([
    { operator: 'channel', operand: channel },
    { operator: 'topic', operand: topic },
  ]);
  return expectSuccess(as(model, actor).get('/messages', { anchor: 'oldest', num_before: '0', num_after: '100', narrow, allow_empty_topic_name: 'true' }))[
    'messages'
  ];
}

export function channelId(model: TestModel, actor: Actor, name: string): number {
  return expectSuccess(as(model, actor).get('/get_stream_id', { stream: name }))['stream_id'];
}
