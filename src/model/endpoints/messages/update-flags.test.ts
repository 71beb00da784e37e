import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';
import { isSubscribed } from '../../rules/channels.js';
import type { State } from '../../state.js';
import { walkUp } from '../../tables/id-tree.js';
import { getRow, rows } from '../../tables/table.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function flag(model: Model, actor: Actor, messages: readonly number[], op: string, flagName: string) {
  return as(model, actor).post('/messages/flags', { messages: JSON.stringify(messages), op, flag: flagName });
}

function flagsOf(model: Model, actor: Actor, id: number): string[] {
  return [...expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['flags']].sort();
}

function openQueue(model: Model, actor: Actor): string {
  return expectSuccess(as(model, actor).post('/register', { event_types: '["update_message_flags"]' }))['queue_id'];
}

function drain(model: Model, actor: Actor, queueId: string): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

/** A few messages of this test's own: Hamlet receives all but the Verona one (web-public, he is not subscribed). */
function realm() {
  const model = newModel();
  const denmark = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'The phantasm walks' });
  const general = send(model, IAGO, { type: 'stream', to: 'general', topic: 'sync', content: 'weekly sync' });
  const verona = send(model, CORDELIA, { type: 'stream', to: 'Verona', topic: 'tickets', content: 'on sale' });
  const direct = send(model, IAGO, { type: 'direct', to: JSON.stringify([HAMLET.userId]), content: 'a word, @**King Hamlet**' });
  const elsewhere = send(model, IAGO, { type: 'direct', to: JSON.stringify([CORDELIA.userId]), content: 'not for Hamlet' });
  return { model, denmark, general, verona, direct, elsewhere };
}

/** A refused request leaves the state object as it was. */
function refused(model: Model, messages: readonly number[], op: string, flagName: string, msg: string) {
  const before = model.state;
  expectError(flag(model, HAMLET, messages, op, flagName), 400, 'BAD_REQUEST', msg);
  expect(model.state).toBe(before);
}

describe('POST /messages/flags: validation (facts §5.2)', () => {
  it('checks the flag, then whether it may change, then the operation, with the real server’s texts', () => {
    const { model, denmark } = realm();
    refused(model, [denmark], 'bogus', 'wildcard_mentioned', "Invalid flag: 'wildcard_mentioned'");
    refused(model, [denmark], 'bogus', 'is_private', "Invalid flag: 'is_private'");
    refused(model, [denmark], 'bogus', 'mentioned', "Flag not editable: 'mentioned'");
    refused(model, [denmark], 'add', 'historical', "Flag not editable: 'historical'");
    refused(model, [denmark], 'add', 'group_mentioned', "Flag not editable: 'group_mentioned'");
    refused(model, [denmark], 'toggle', 'starred', "Invalid message flag operation: 'toggle'");
  });

  it('refuses a missing or malformed list of messages', () => {
    const { model } = realm();
    expectError(as(model, HAMLET).post('/messages/flags', { op: 'add', flag: 'read' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'messages' argument");
    expectError(
      as(model, HAMLET).post('/messages/flags', { messages: '[1, "x"]', op: 'add', flag: 'read' }),
      400,
      'BAD_REQUEST',
      'messages[1] is not an integer',
    );
  });
});

describe('POST /messages/flags: changes (facts §5.3)', () => {
  it('stars and unstars for the user alone, echoing the ids asked', () => {
    const { model, denmark, general } = realm();
    const body = expectSuccess(flag(model, HAMLET, [general, denmark, general], 'add', 'starred'));
    expect(body).toEqual({ result: 'success', msg: '', messages: [general, denmark, general], ignored_because_not_subscribed_channels: [] });
    expect(flagsOf(model, HAMLET, denmark)).toEqual(['starred']);
    expect(flagsOf(model, IAGO, denmark)).toEqual([]);
    expectSuccess(flag(model, HAMLET, [denmark], 'remove', 'starred'));
    expect(flagsOf(model, HAMLET, denmark)).toEqual([]);
  });

  it('marks read and unread, and collapses', () => {
    const { model, denmark, direct } = realm();
    expectSuccess(flag(model, HAMLET, [denmark, direct], 'add', 'read'));
    expect(flagsOf(model, HAMLET, denmark)).toEqual(['read']);
    expectSuccess(flag(model, HAMLET, [direct], 'remove', 'read'));
    expect(flagsOf(model, HAMLET, direct)).toEqual(['mentioned']);
    expectSuccess(flag(model, HAMLET, [direct], 'add', 'collapsed'));
    expect(flagsOf(model, HAMLET, direct)).toEqual(['collapsed', 'mentioned']);
  });

  it('skips marking unread in a channel the user is not subscribed to, and names the channel', () => {
    const { model, verona, denmark } = realm();
    expectSuccess(as(model, HAMLET).delete('/users/me/subscriptions', { subscriptions: '["Denmark"]' }));
    const body = expectSuccess(flag(model, HAMLET, [verona, denmark, verona], 'remove', 'read'));
    expect(body['ignored_because_not_subscribed_channels']).toEqual([CHANNEL.denmark, CHANNEL.verona]);
    expect(flagsOf(model, HAMLET, denmark)).toEqual(['read']);
    expect(flagsOf(model, HAMLET, verona)).toEqual(['historical', 'read']);
  });

  it('gives a historical row to a message read from history when the change is real, and none otherwise', () => {
    const { model, verona } = realm();
    const before = model.state;
    expectSuccess(flag(model, HAMLET, [verona], 'add', 'read'));
    expectSuccess(flag(model, HAMLET, [verona], 'remove', 'starred'));
    expect(getRow(model.state.userMessages, HAMLET.userId)).toBe(getRow(before.userMessages, HAMLET.userId));
    expectSuccess(flag(model, HAMLET, [verona], 'add', 'starred'));
    expect(flagsOf(model, HAMLET, verona)).toEqual(['historical', 'read', 'starred']);
    expectSuccess(flag(model, HAMLET, [verona], 'remove', 'starred'));
    expect(flagsOf(model, HAMLET, verona)).toEqual(['historical', 'read']);
  });

  it('ignores a missing id when the change would be a no-op, and refuses it (and an unreadable one) otherwise', () => {
    const { model, denmark, elsewhere } = realm();
    expectSuccess(flag(model, HAMLET, [denmark, 987_654], 'add', 'read'));
    refused(model, [denmark, 987_654], 'add', 'starred', 'Invalid message(s)');
    refused(model, [denmark, elsewhere], 'add', 'starred', 'Invalid message(s)');
    refused(model, [987_654], 'remove', 'read', 'Invalid message(s)');
    expect(flagsOf(model, HAMLET, denmark)).toEqual(['read']);
  });
});

describe('POST /messages/flags: the update_message_flags event (server-events §5.1)', () => {
  it('goes to the user’s own queues only, listing what changed', () => {
    const { model, denmark, general } = realm();
    const own = openQueue(model, HAMLET);
    const other = openQueue(model, IAGO);
    expectSuccess(flag(model, HAMLET, [denmark], 'add', 'starred'));
    expectSuccess(flag(model, HAMLET, [denmark, general], 'add', 'read'));
    expect(drain(model, HAMLET, own)).toEqual([
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [denmark], all: false, id: 0 },
      { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [denmark, general], all: false, id: 1 },
    ]);
    expect(drain(model, IAGO, other)).toEqual([]);
  });

  it('is sent even when nothing changed, as the real server does', () => {
    const { model, denmark } = realm();
    const own = openQueue(model, HAMLET);
    expectSuccess(flag(model, HAMLET, [denmark], 'remove', 'starred'));
    expect(drain(model, HAMLET, own)).toMatchObject([{ type: 'update_message_flags', op: 'remove', flag: 'starred', messages: [] }]);
  });

  it('carries message_details when marking unread', () => {
    const { model, denmark, direct } = realm();
    expectSuccess(flag(model, HAMLET, [denmark, direct], 'add', 'read'));
    const own = openQueue(model, HAMLET);
    expectSuccess(flag(model, HAMLET, [direct, denmark], 'remove', 'read'));
    expect(drain(model, HAMLET, own)).toEqual([
      {
        type: 'update_message_flags',
        op: 'remove',
        operation: 'remove',
        flag: 'read',
        messages: [direct, denmark],
        all: false,
        message_details: {
          [denmark]: { type: 'stream', stream_id: CHANNEL.denmark, topic: 'castle', unmuted_stream_msg: true },
          [direct]: { type: 'private', user_ids: [IAGO.userId], mentioned: true },
        },
        id: 0,
      },
    ]);
  });
});

/** Every unread row of every user is a direct message or in a channel the user is subscribed to. */
function unreadOutsideSubscriptions(state: State): string[] {
  const wrong: string[] = [];
  for (const user of rows(state.users)) {
    const unread = getRow(state.unreadMessageIds, user.id);
    if (unread === undefined) continue;
    walkUp(unread, 0, (id) => {
      const message = getRow(state.messages, id);
      if (message?.channelId !== null && message !== undefined && !isSubscribed(state, user.id, message.channelId)) wrong.push(`${user.id}:${id}`);
      return true;
    });
  }
  return wrong;
}

describe('the unread invariant (spec: Message flags)', () => {
  it('holds after any sequence of flag changes, unsubscribes and subscribes', () => {
    const actors = [HAMLET, CORDELIA, IAGO];
    const channels = ['general', 'Denmark', 'Verona', 'Elsinore'];
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('flags' as const),
        actor: fc.nat(actors.length - 1),
        picks: fc.array(fc.nat(40), { maxLength: 6 }),
        op: fc.constantFrom('add', 'remove'),
        flag: fc.constantFrom('read', 'starred', 'collapsed'),
      }),
      fc.record({
        kind: fc.constantFrom('subscribe' as const, 'unsubscribe' as const),
        actor: fc.nat(actors.length - 1),
        channel: fc.nat(channels.length - 1),
      }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
        const { model, denmark, general, verona, direct, elsewhere } = realm();
        const pool = [denmark, general, verona, direct, elsewhere, 1, 2, 3, 987_654];
        for (const step of commands) {
          const actor = actors[step.actor]!;
          if (step.kind === 'flags') {
            flag(
              model,
              actor,
              step.picks.map((pick) => pool[pick % pool.length]!),
              step.op,
              step.flag,
            );
          } else {
            const name = channels[step.channel]!;
            const subscriptions = step.kind === 'subscribe' ? JSON.stringify([{ name }]) : JSON.stringify([name]);
            as(model, actor)[step.kind === 'subscribe' ? 'post' : 'delete']('/users/me/subscriptions', { subscriptions });
          }
          expect(unreadOutsideSubscriptions(model.state)).toEqual([]);
        }
      }),
      { numRuns: 40, seed: 11 },
    );
  });
});
