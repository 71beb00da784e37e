import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, OTHELLO } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function queue(model: Model, actor: Actor, types: string[]): () => Record<string, unknown>[] {
  const id = expectSuccess(as(model, actor).post('/register', { event_types: JSON.stringify(types) }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: id, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function send(model: Model, actor: Actor, content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to: 'general', topic: 'muting', content }))['id'];
}

function flagsOf(model: Model, actor: Actor, id: number): string[] {
  return expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['flags'];
}

describe('muted users', () => {
  it('mutes a user: their unread messages become read, new ones arrive read, and the user hears the list', () => {
    const model = newModel();
    const before = send(model, IAGO, 'before');
    const events = queue(model, HAMLET, ['muted_users', 'update_message_flags']);
    expectSuccess(as(model, HAMLET).post(`/users/me/muted_users/${IAGO.userId}`));
    expect(flagsOf(model, HAMLET, before)).toContain('read');
    expect(flagsOf(model, CORDELIA, before)).not.toContain('read');
    const [flags, muted] = events();
    expect(flags).toMatchObject({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', all: false });
    // The fixture's earlier unread messages from Iago are marked too, oldest first.
    expect((flags as { messages: number[] }).messages.at(-1)).toBe(before);
    expect(muted).toMatchObject({ type: 'muted_users', muted_users: [{ id: IAGO.userId, timestamp: expect.any(Number) }] });
    const after = send(model, IAGO, 'after');
    expect(flagsOf(model, HAMLET, after)).toContain('read');
    expect(flagsOf(model, CORDELIA, after)).not.toContain('read');
    expect(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["muted_users"]' }))['muted_users']).toEqual([
      { id: IAGO.userId, timestamp: (muted as { muted_users: { timestamp: number }[] }).muted_users[0]!.timestamp },
    ]);
  });

  it('mutes bots and deactivated users too', () => {
    const model = newModel();
    expectSuccess(as(model, CORDELIA).post(`/users/me/muted_users/${HAMLET_BOT.userId}`));
    expectSuccess(as(model, CORDELIA).post(`/users/me/muted_users/${OTHELLO.userId}`));
    const list = expectSuccess(as(model, CORDELIA).post('/register', { fetch_event_types: '["muted_users"]' }))['muted_users'];
    expect(list.map((entry: { id: number }) => entry.id)).toEqual([OTHELLO.userId, HAMLET_BOT.userId]);
  });

  it('refuses oneself, unknown users and repeats, and unmuting someone not muted, changing nothing', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post(`/users/me/muted_users/${IAGO.userId}`));
    const before = model.state;
    expectError(as(model, HAMLET).post(`/users/me/muted_users/${HAMLET.userId}`), 400, 'BAD_REQUEST', 'Cannot mute self');
    expectError(as(model, HAMLET).post('/users/me/muted_users/999999'), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, HAMLET).post(`/users/me/muted_users/${IAGO.userId}`), 400, 'BAD_REQUEST', 'User already muted');
    expectError(as(model, HAMLET).delete(`/users/me/muted_users/${CORDELIA.userId}`), 400, 'BAD_REQUEST', 'User is not muted');
    expectError(as(model, HAMLET).delete(`/users/me/muted_users/${HAMLET.userId}`), 400, 'BAD_REQUEST', 'User is not muted');
    expectError(as(model, HAMLET).delete('/users/me/muted_users/999999'), 400, 'BAD_REQUEST', 'No such user');
    expect(model.state).toBe(before);
  });

  it('unmutes: later messages arrive unread again and the user hears the shorter list', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post(`/users/me/muted_users/${IAGO.userId}`));
    const events = queue(model, HAMLET, ['muted_users']);
    expectSuccess(as(model, HAMLET).delete(`/users/me/muted_users/${IAGO.userId}`));
    expect(events()).toEqual([{ type: 'muted_users', muted_users: [], id: 0 }]);
    expect(flagsOf(model, HAMLET, send(model, IAGO, 'again'))).not.toContain('read');
  });
});
