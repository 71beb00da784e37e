import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, POLONIUS, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function create(model: Model, actor: Actor, ...drafts: Record<string, unknown>[]): number[] {
  return expectSuccess(as(model, actor).post('/drafts', { drafts: JSON.stringify(drafts) }))['ids'];
}

function list(model: Model, actor: Actor): Record<string, any> {
  return expectSuccess(as(model, actor).get('/drafts'));
}

const toDenmark = (extra: Record<string, unknown> = {}) => ({ type: 'stream', to: [CHANNEL.denmark], topic: 'plans', content: 'Draft text', ...extra });

describe('POST and GET /drafts', () => {
  it('stores each draft with its addressee and time, lists the caller’s own oldest edit first with a count', () => {
    const model = newModel();
    const [late, early] = create(model, HAMLET, toDenmark({ timestamp: T0 - 10 }), {
      type: 'private',
      to: [CORDELIA.userId],
      topic: 'ignored',
      content: '\n\nTo Cordelia  ',
      timestamp: T0 - 100.5,
    });
    const [unaddressed] = create(model, HAMLET, { type: '', to: [1, 2], topic: 'x', content: 'Note' });
    create(model, CORDELIA, toDenmark());
    const listed = list(model, HAMLET);
    expect(listed['count']).toBe(3);
    expect(listed['drafts']).toEqual([
      { id: early, type: 'private', to: [CORDELIA.userId], topic: '', content: 'To Cordelia', timestamp: T0 - 101 },
      { id: late, type: 'stream', to: [CHANNEL.denmark], topic: 'plans', content: 'Draft text', timestamp: T0 - 10 },
      { id: unaddressed, type: '', to: [], topic: '', content: 'Note', timestamp: expect.any(Number) },
    ]);
    expect(listed['drafts'][2].timestamp).toBeGreaterThan(T0);
    expect(list(model, CORDELIA)['count']).toBe(1);
  });

  it('lists a direct draft by the other participants, or the user alone for a note to self; a private draft without recipients is unaddressed', () => {
    const model = newModel();
    create(model, HAMLET, { type: 'private', to: [HAMLET.userId, CORDELIA.userId, IAGO.userId], topic: '', content: 'group', timestamp: 1 });
    create(model, HAMLET, { type: 'private', to: [HAMLET.userId], topic: '', content: 'self', timestamp: 2 });
    create(model, HAMLET, { type: 'private', to: [], topic: '', content: 'nobody', timestamp: 3 });
    expect(list(model, HAMLET)['drafts'].map((draft: any) => [draft.type, draft.to])).toEqual([
      ['private', [IAGO.userId, CORDELIA.userId].sort((a, b) => a - b)],
      ['private', [HAMLET.userId]],
      ['', []],
    ]);
  });

  it('refuses bad drafts with the real server’s texts, and stores none of a batch with one bad draft', () => {
    const model = newModel();
    const before = model.state;
    const refuse = (drafts: unknown, msg: string, code = 'BAD_REQUEST') =>
      expectError(as(model, HAMLET).post('/drafts', { drafts: JSON.stringify(drafts) }), 400, code, msg);
    refuse([toDenmark(), toDenmark({ to: [] })], 'Must specify exactly 1 channel ID for channel messages');
    refuse([toDenmark({ to: [987654] })], 'Invalid channel ID');
    refuse([toDenmark({ timestamp: -1 })], 'Timestamp must not be negative.');
    refuse([toDenmark({ topic: 'a\u0000b' })], 'Topic must not contain null bytes');
    refuse([toDenmark({ content: '   ' })], 'drafts[0]["content"] cannot be blank');
    refuse([toDenmark({ type: 'channel' })], 'Invalid drafts[0]["type"]');
    refuse([toDenmark({ extra: 1 })], 'Argument "extra" at drafts[0] is unexpected');
    refuse([{ type: 'private', to: [987654], topic: '', content: 'x' }], 'Invalid user ID 987654');
    refuse([toDenmark({ content: 'a\u0000' })], 'Message must not contain null bytes');
    expectError(as(model, HAMLET).post('/drafts', { drafts: 'nope' }), 400, 'BAD_REQUEST', 'drafts is not valid JSON');
    expectError(as(model, HAMLET).post('/drafts'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'drafts' argument");
    expect(model.state).toBe(before);
  });

  it('answers every draft endpoint with an error, before reading parameters, while the user does not synchronise drafts', () => {
    const model = newModel();
    const [id] = create(model, HAMLET, toDenmark());
    expectSuccess(as(model, HAMLET).patch('/settings', { enable_drafts_synchronization: 'false' }));
    const before = model.state;
    const msg = 'User has disabled synchronizing drafts.';
    expectError(as(model, HAMLET).get('/drafts'), 400, 'BAD_REQUEST', msg);
    expectError(as(model, HAMLET).post('/drafts'), 400, 'BAD_REQUEST', msg);
    expectError(as(model, HAMLET).patch(`/drafts/${id}`, { draft: 'nope' }), 400, 'BAD_REQUEST', msg);
    expectError(as(model, HAMLET).delete(`/drafts/${id}`), 400, 'BAD_REQUEST', msg);
    expect(model.state).toBe(before);
  });

  it('serves bots and guests alike (a guest’s channel must be one they can see)', () => {
    const model = newModel();
    create(model, HAMLET_BOT, toDenmark());
    expect(list(model, HAMLET_BOT)['count']).toBe(1);
    expectError(
      as(model, POLONIUS).post('/drafts', { drafts: JSON.stringify([toDenmark({ to: [CHANNEL.scotland] })]) }),
      400,
      'BAD_REQUEST',
      'Invalid channel ID',
    );
  });
});

describe('PATCH and DELETE /drafts/{draft_id}', () => {
  it('replaces the whole draft; another user’s draft or a missing one is a 404', () => {
    const model = newModel();
    const [id] = create(model, HAMLET, toDenmark({ timestamp: T0 - 5 }));
    const edited = { type: 'stream', to: [CHANNEL.verona], topic: 'new', content: 'Changed', timestamp: T0 - 1 };
    expectSuccess(as(model, HAMLET).patch(`/drafts/${id}`, { draft: JSON.stringify(edited) }));
    expect(list(model, HAMLET)['drafts']).toEqual([{ id, ...edited }]);
    const before = model.state;
    expectError(as(model, CORDELIA).patch(`/drafts/${id}`, { draft: JSON.stringify(edited) }), 404, 'BAD_REQUEST', 'Draft does not exist');
    expectError(as(model, HAMLET).patch('/drafts/987654', { draft: JSON.stringify(edited) }), 404, 'BAD_REQUEST', 'Draft does not exist');
    expectError(as(model, CORDELIA).delete(`/drafts/${id}`), 404, 'BAD_REQUEST', 'Draft does not exist');
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).delete(`/drafts/${id}`));
    expect(list(model, HAMLET)).toMatchObject({ count: 0, drafts: [] });
    expectError(as(model, HAMLET).delete(`/drafts/${id}`), 404, 'BAD_REQUEST', 'Draft does not exist');
  });
});

describe('draft events and register', () => {
  it('tells the owner alone of each change, and register lists the newest edit first', () => {
    const model = newModel();
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    const [a, b] = create(model, HAMLET, toDenmark({ timestamp: 100 }), toDenmark({ timestamp: 200, content: 'second' }));
    const edited = { type: '', to: [], topic: '', content: 'edited', timestamp: 300 };
    expectSuccess(as(model, HAMLET).patch(`/drafts/${a}`, { draft: JSON.stringify(edited) }));
    const registered = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["drafts"]' }))['drafts'];
    expect(registered.map((draft: any) => draft.id)).toEqual([a, b]);
    expectSuccess(as(model, HAMLET).delete(`/drafts/${b}`));
    expect(hamlet()).toEqual([
      {
        type: 'drafts',
        op: 'add',
        drafts: [
          { id: a, type: 'stream', to: [CHANNEL.denmark], topic: 'plans', content: 'Draft text', timestamp: 100 },
          { id: b, type: 'stream', to: [CHANNEL.denmark], topic: 'plans', content: 'second', timestamp: 200 },
        ],
      },
      { type: 'drafts', op: 'update', draft: { id: a, ...edited } },
      { type: 'drafts', op: 'remove', draft_id: b },
    ]);
    expect(cordelia()).toEqual([]);
  });
});

describe('turning draft synchronisation off', () => {
  it('deletes the server’s copies of the user’s drafts, with no drafts event', () => {
    const model = newModel();
    create(model, HAMLET, toDenmark());
    const events = listen(model, HAMLET);
    expectSuccess(as(model, HAMLET).patch('/settings', { enable_drafts_synchronization: 'false' }));
    expect(events().map((event) => event.type)).toEqual(['user_settings']);
    expectSuccess(as(model, HAMLET).patch('/settings', { enable_drafts_synchronization: 'true' }));
    expect(list(model, HAMLET)['count']).toBe(0);
  });
});
