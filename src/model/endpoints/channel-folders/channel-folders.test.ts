import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, T0 } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;

function listen(model: Model, actor: typeof HAMLET): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["channel_folder"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function create(model: Model, name: string, description = ''): number {
  return expectSuccess(as(model, IAGO).post('/channel_folders/create', { name, description }))['channel_folder_id'];
}

function folders(model: Model, params: Record<string, string> = {}): Record<string, any>[] {
  return expectSuccess(as(model, HAMLET).get('/channel_folders', params))['channel_folders'];
}

describe('channel folders', () => {
  it('creates a folder with its rendered description, lists it to everyone and tells every user', () => {
    const model = newModel();
    const hamlet = listen(model, HAMLET);
    const id = create(model, 'Teams', 'For **teams**');
    const folder = {
      id,
      name: 'Teams',
      description: 'For **teams**',
      rendered_description: '<p>For <strong>teams</strong></p>',
      order: id,
      creator_id: IAGO.userId,
      is_archived: false,
    };
    expect(folders(model)).toEqual([{ ...folder, date_created: expect.any(Number) }]);
    expect(folders(model)[0]?.['date_created']).toBeGreaterThan(T0);
    expect(hamlet()).toMatchObject([{ type: 'channel_folder', op: 'add', channel_folder: folder }]);
  });

  it('refuses non-administrators, blank and taken names, and changes nothing', () => {
    const model = newModel();
    create(model, 'Teams');
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/channel_folders/create', { name: 'x', description: '' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectError(as(model, IAGO).post('/channel_folders/create', { name: '  ', description: '' }), 400, 'BAD_REQUEST', "Channel folder name can't be empty.");
    expectError(as(model, IAGO).post('/channel_folders/create', { name: 'teams', description: '' }), 400, 'BAD_REQUEST', 'Channel folder name already in use');
    expectError(
      as(model, IAGO).post('/channel_folders/create', { name: 'a\u0001', description: '' }),
      400,
      'BAD_REQUEST',
      'Invalid character in channel folder name, at position 2.',
    );
    expectError(
      as(model, IAGO).post('/channel_folders/create', { name: 'x'.repeat(61), description: '' }),
      400,
      'BAD_REQUEST',
      'name is too long (limit: 60 characters)',
    );
    expectError(as(model, IAGO).post('/channel_folders/create', { name: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'description' argument");
    expect(model.state).toBe(before);
  });

  it('renames, describes and archives a folder, one event per change; an archived name is free again', () => {
    const model = newModel();
    const id = create(model, 'Teams');
    const cordelia = listen(model, CORDELIA);
    expectSuccess(as(model, IAGO).patch(`/channel_folders/${id}`, { name: 'Crews', description: 'New', is_archived: 'true' }));
    expect(cordelia()).toMatchObject([
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { name: 'Crews' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { description: 'New', rendered_description: '<p>New</p>' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: id, data: { is_archived: true } },
    ]);
    expect(folders(model)).toEqual([]);
    expect(folders(model, { include_archived: 'true' })).toMatchObject([{ id, name: 'Crews', is_archived: true }]);
    create(model, 'Crews');
    expectError(as(model, IAGO).patch('/channel_folders/99', { name: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel folder ID');
  });

  it('will not archive a folder that holds a channel', () => {
    const model = newModel();
    const id = create(model, 'Teams');
    expectSuccess(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { folder_id: String(id) }));
    const before = model.state;
    expectError(
      as(model, IAGO).patch(`/channel_folders/${id}`, { is_archived: 'true' }),
      400,
      'BAD_REQUEST',
      'You need to remove all the channels from this folder to archive it.',
    );
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { folder_id: 'null' }));
    expectSuccess(as(model, IAGO).patch(`/channel_folders/${id}`, { is_archived: 'true' }));
  });

  it('reorders folders: every folder must be named', () => {
    const model = newModel();
    const [a, b] = [create(model, 'A'), create(model, 'B')];
    const hamlet = listen(model, HAMLET);
    expectError(as(model, IAGO).patch('/channel_folders', { order: JSON.stringify([b]) }), 400, 'BAD_REQUEST', 'Invalid order mapping.');
    expectSuccess(as(model, IAGO).patch('/channel_folders', { order: JSON.stringify([b, a]) }));
    expect(folders(model).map((folder) => [folder['id'], folder['order']])).toEqual([
      [b, 0],
      [a, 1],
    ]);
    expect(hamlet()).toEqual([{ type: 'channel_folder', op: 'reorder', order: [b, a], id: 0 }]);
  });

  it('puts a channel in a folder through PATCH /streams, and refuses an unknown folder', () => {
    const model = newModel();
    const id = create(model, 'Teams');
    expectError(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { folder_id: '99' }), 400, 'BAD_REQUEST', 'Invalid channel folder ID');
    expectSuccess(as(model, IAGO).patch(`/streams/${CHANNEL.general}`, { folder_id: String(id) }));
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${CHANNEL.general}`))['stream']['folder_id']).toBe(id);
  });

  it('register lists every folder, archived ones too, by order', () => {
    const model = newModel();
    const [a, b] = [create(model, 'A'), create(model, 'B')];
    expectSuccess(as(model, IAGO).patch(`/channel_folders/${a}`, { is_archived: 'true' }));
    const state = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["channel_folders"]' }));
    expect(state['channel_folders'].map((folder: Record<string, unknown>) => folder['id'])).toEqual([a, b]);
  });
});
