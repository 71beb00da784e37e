import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function flagsOf(model: Model, actor: Actor, id: number): string[] {
  return [...expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['flags']].sort();
}

const castle = JSON.stringify([
  { operator: 'channel', operand: CHANNEL.denmark },
  { operator: 'topic', operand: 'castle' },
]);

function realm() {
  const model = newModel();
  const ids = [1, 2, 3, 4].map((n) => send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle', content: `line ${n}` }));
  const other = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'moat', content: 'elsewhere' });
  return { model, ids, other };
}

function update(model: Model, actor: Actor, params: Record<string, string>) {
  return as(model, actor).post('/messages/flags/narrow', { op: 'add', flag: 'read', include_anchor: 'true', narrow: castle, ...params });
}

describe('POST /messages/flags/narrow', () => {
  it('marks a window of the narrow read and reports the range', () => {
    const { model, ids, other } = realm();
    const body = expectSuccess(update(model, HAMLET, { anchor: 'oldest', num_before: '0', num_after: '3' }));
    expect(body).toEqual({
      result: 'success',
      msg: '',
      processed_count: 3,
      updated_count: 3,
      first_processed_id: ids[0],
      last_processed_id: ids[2],
      found_oldest: true,
      found_newest: false,
      ignored_because_not_subscribed_channels: [],
    });
    expect(ids.map((id) => flagsOf(model, HAMLET, id))).toEqual([['read'], ['read'], ['read'], []]);
    expect(flagsOf(model, HAMLET, other)).toEqual([]);
    expect(flagsOf(model, CORDELIA, ids[0]!)).toEqual(['historical', 'read']);
    const rest = expectSuccess(update(model, HAMLET, { anchor: String(ids[2]), num_before: '0', num_after: '10', include_anchor: 'false' }));
    expect(rest).toMatchObject({ processed_count: 1, updated_count: 1, first_processed_id: ids[3], found_newest: true });
  });

  it('counts only real changes and answers null ids for an empty range', () => {
    const { model, ids } = realm();
    expectSuccess(update(model, HAMLET, { anchor: 'newest', num_before: '1', num_after: '0' }));
    expect(expectSuccess(update(model, HAMLET, { anchor: 'newest', num_before: '2', num_after: '0' }))).toMatchObject({
      processed_count: 2,
      updated_count: 1,
      last_processed_id: ids[3],
    });
    const empty = JSON.stringify([{ operator: 'topic', operand: 'nothing here' }]);
    expect(expectSuccess(update(model, HAMLET, { anchor: 'newest', num_before: '5', num_after: '0', narrow: empty }))).toMatchObject({
      processed_count: 0,
      updated_count: 0,
      first_processed_id: null,
      last_processed_id: null,
    });
  });

  it('skips marking unread in a channel the user is not subscribed to and names it', () => {
    const { model, ids } = realm();
    const body = expectSuccess(update(model, CORDELIA, { anchor: 'newest', num_before: '2', num_after: '0', op: 'remove' }));
    expect(body).toMatchObject({ processed_count: 2, updated_count: 0, ignored_because_not_subscribed_channels: [CHANNEL.denmark] });
    expect(flagsOf(model, CORDELIA, ids[3]!)).toEqual(['historical', 'read']);
  });

  it('refuses in the real server’s order: anchor, excluded anchor, narrow, then flag', () => {
    const { model } = realm();
    const before = model.state;
    const base = { anchor: 'newest', num_before: '1', num_after: '1', include_anchor: 'false', narrow: '[["bogus", "x"]]', flag: 'mentioned' };
    expectError(update(model, HAMLET, { ...base, anchor: 'soon' }), 400, 'BAD_REQUEST', 'Invalid anchor');
    expectError(update(model, HAMLET, base), 400, 'BAD_REQUEST', 'The anchor can only be excluded at an end of the range');
    expectError(update(model, HAMLET, { ...base, num_after: '0' }), 400, 'BAD_NARROW', 'Invalid narrow operator: unknown operator bogus');
    expectError(update(model, HAMLET, { ...base, num_after: '0', narrow: 'null' }), 400, 'BAD_REQUEST', "Flag not editable: 'mentioned'");
    expectError(
      update(model, HAMLET, { anchor: 'newest', num_before: '1', num_after: '0', narrow: castle, flag: 'starred', op: 'x' }),
      400,
      'BAD_REQUEST',
      "Invalid message flag operation: 'x'",
    );
    expectError(
      as(model, HAMLET).post('/messages/flags/narrow', { anchor: 'newest', num_before: '1', op: 'add', flag: 'read', narrow: '[]' }),
      400,
      'REQUEST_VARIABLE_MISSING',
      "Missing 'num_after' argument",
    );
    expect(model.state).toBe(before);
  });

  it('stars public history the user never received, giving it historical rows', () => {
    const { model, ids } = realm();
    expectSuccess(update(model, CORDELIA, { anchor: 'newest', num_before: '1', num_after: '0', flag: 'starred' }));
    expect(flagsOf(model, CORDELIA, ids[3]!)).toEqual(['historical', 'read', 'starred']);
  });
});
