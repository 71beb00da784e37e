import { describe, expect, it } from 'vitest';
import { as, CHANNEL, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;

function listen(model: Model, actor: typeof HAMLET): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["default_streams"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function defaults(model: Model): number[] {
  return expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["default_streams"]' }))['realm_default_streams'];
}

describe('default channels', () => {
  it('adds and removes a default channel, telling every non-guest the whole list', () => {
    const model = newModel();
    const start = defaults(model);
    const [hamlet, polonius] = [listen(model, HAMLET), listen(model, POLONIUS)];
    expectSuccess(as(model, IAGO).post('/default_streams', { stream_id: String(CHANNEL.verona) }));
    expect(defaults(model)).toEqual([...start, CHANNEL.verona]);
    const before = model.state;
    expectSuccess(as(model, IAGO).post('/default_streams', { stream_id: String(CHANNEL.verona) }));
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).delete('/default_streams', { stream_id: String(CHANNEL.verona) }));
    expect(defaults(model)).toEqual(start);
    expect(hamlet()).toEqual([
      { type: 'default_streams', default_streams: [...start, CHANNEL.verona], id: 0 },
      { type: 'default_streams', default_streams: start, id: 1 },
    ]);
    expect(polonius()).toEqual([]);
  });

  it('refuses non-administrators, private channels and unknown ones, changing nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/default_streams', { stream_id: String(CHANNEL.verona) }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectError(as(model, IAGO).post('/default_streams', { stream_id: '999' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(as(model, IAGO).delete('/default_streams', { stream_id: '999' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(as(model, IAGO).post('/default_streams', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument");
    expect(model.state).toBe(before);
  });

  it('says a private channel the administrator can read cannot be made default', () => {
    const model = newModel();
    const id = expectSuccess(as(model, IAGO).post('/channels/create', { name: 'secret', subscribers: JSON.stringify([IAGO.userId]), invite_only: 'true' }))[
      'id'
    ];
    expectError(as(model, IAGO).post('/default_streams', { stream_id: String(id) }), 400, 'BAD_REQUEST', 'Private channels cannot be made default.');
  });
});
