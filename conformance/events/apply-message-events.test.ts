import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectSuccess, HAMLET, IAGO, newModel } from '../../src/testing/default-realm.js';
import { applyEvents, isUnknownValue, type RegisterState, type StateEvent } from './apply-event.js';
import { comparableState, diffStates } from './apply-event-diff.js';

const TYPES = JSON.stringify(['message', 'update_message_flags', 'starred_messages', 'recent_private_conversations', 'subscription', 'stream']);

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function registered(model: Model, actor: Actor): RegisterState {
  return expectSuccess(as(model, actor).post('/register', { fetch_event_types: TYPES, include_subscribers: 'true' }));
}

function eventsOf(model: Model, actor: Actor, state: RegisterState): StateEvent[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: state['queue_id'], last_event_id: '-1', dont_block: 'true' }))['events'] as StateEvent[];
}

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', { content: 'hello', ...params }))['id'] as number;
}

function flags(model: Model, actor: Actor, ids: readonly number[], flag: string, op: 'add' | 'remove'): void {
  expectSuccess(as(model, actor).post('/messages/flags', { messages: JSON.stringify(ids), flag, op }));
}

describe('applying message, update_message_flags, update_message and delete_message events', () => {
  it('keeps max_message_id, unread_msgs, starred_messages, recent conversations and first_message_id as a fresh register has them', () => {
    const model = newModel();
    const before = { hamlet: registered(model, HAMLET), cordelia: registered(model, CORDELIA) };
    const channel = expectSuccess(as(model, IAGO).post('/channels/create', { name: 'applier', subscribers: JSON.stringify([HAMLET.userId, CORDELIA.userId]) }));
    const channelName = 'applier';
    expect(channel['id']).toBeGreaterThan(0);
    const inTopic = send(model, CORDELIA, { type: 'stream', to: channelName, topic: 'one' });
    const mention = send(model, CORDELIA, { type: 'stream', to: channelName, topic: 'one', content: '@**King Hamlet** look' });
    const direct = send(model, CORDELIA, { type: 'direct', to: JSON.stringify([HAMLET.userId]) });
    const group = send(model, HAMLET, { type: 'direct', to: JSON.stringify([CORDELIA.userId, IAGO.userId]) });
    const toSelf = send(model, HAMLET, { type: 'direct', to: JSON.stringify([HAMLET.userId]) });
    flags(model, HAMLET, [inTopic, direct], 'starred', 'add');
    flags(model, HAMLET, [direct], 'starred', 'remove');
    flags(model, HAMLET, [inTopic, direct], 'read', 'add');
    flags(model, HAMLET, [direct, toSelf], 'read', 'remove');
    // A topic move takes the unread mention along.
    expectSuccess(as(model, IAGO).patch(`/messages/${mention}`, { topic: 'two', propagate_mode: 'change_all' }));
    // Deleting a conversation's newest message: a client cannot know the one before.
    const last = send(model, CORDELIA, { type: 'direct', to: JSON.stringify([HAMLET.userId]) });
    expectSuccess(as(model, CORDELIA).delete(`/messages/${last}`));
    expectSuccess(as(model, HAMLET).delete(`/messages/${group}`));

    for (const [actor, state] of [
      [HAMLET, before.hamlet],
      [CORDELIA, before.cordelia],
    ] as const) {
      const applied = applyEvents(state, eventsOf(model, actor, state), {
        clientGravatar: true,
        includeSubscribers: true,
        userListIncomplete: false,
        includeDeactivatedGroups: false,
        archivedChannels: false,
      });
      expect(applied.unknownTypes).toEqual([]);
      expect(diffStates(comparableState(applied.state), comparableState(registered(model, actor)))).toEqual([]);
    }
    const hamlet = applyEvents(before.hamlet, eventsOf(model, HAMLET, before.hamlet)).state;
    expect(isUnknownValue(hamlet['max_message_id'])).toBe(true);
    expect(isUnknownValue(hamlet['recent_private_conversations'])).toBe(true);
    expect(hamlet['starred_messages']).toContain(inTopic);
    expect(hamlet['starred_messages']).not.toContain(direct);
  });

  it('catches a register that forgets a starred message', () => {
    const model = newModel();
    const state = registered(model, HAMLET);
    const id = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 'stars' });
    flags(model, HAMLET, [id], 'starred', 'add');
    const applied = applyEvents(state, eventsOf(model, HAMLET, state)).state;
    const fresh = registered(model, HAMLET);
    const forgetful = { ...fresh, starred_messages: (fresh['starred_messages'] as number[]).filter((starred) => starred !== id) };
    expect(diffStates(comparableState(applied), comparableState(forgetful)).map((difference) => difference.path)).toEqual(['starred_messages']);
  });
});
