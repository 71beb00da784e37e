import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;

function listen(model: Model, actor: typeof HAMLET): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["stream","subscription","default_streams"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('POST /channels/create', () => {
  it('creates the channel with its subscribers, in a folder, and answers its id', () => {
    const model = newModel();
    const folder = expectSuccess(as(model, IAGO).post('/channel_folders/create', { name: 'Teams', description: '' }))['channel_folder_id'];
    const [cordelia, iago] = [listen(model, CORDELIA), listen(model, IAGO)];
    const id = expectSuccess(
      as(model, HAMLET).post('/channels/create', {
        name: '  Stage  ',
        subscribers: JSON.stringify([HAMLET.userId, CORDELIA.userId]),
        description: 'All\nthe world',
        folder_id: String(folder),
      }),
    )['id'];
    const stream = expectSuccess(as(model, HAMLET).get(`/streams/${id}`))['stream'];
    expect(stream).toMatchObject({
      stream_id: id,
      name: 'Stage',
      description: 'All the world',
      folder_id: folder,
      creator_id: HAMLET.userId,
      subscriber_count: 2,
    });
    expect(cordelia().map((event) => `${event['type']}:${event['op']}`)).toEqual(['stream:create', 'subscription:add']);
    expect(iago().map((event) => `${event['type']}:${event['op']}`)).toEqual(['stream:create', 'subscription:peer_add']);
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${CORDELIA.userId}/subscriptions/${id}`))['is_subscribed']).toBe(true);
  });

  it('creates a channel nobody is subscribed to, and a default one for an administrator', () => {
    const model = newModel();
    const lonely = expectSuccess(as(model, CORDELIA).post('/channels/create', { name: 'lonely', subscribers: '[]' }))['id'];
    expect(expectSuccess(as(model, CORDELIA).get(`/streams/${lonely}`))['stream']['subscriber_count']).toBe(0);
    const hamlet = listen(model, HAMLET);
    const id = expectSuccess(as(model, IAGO).post('/channels/create', { name: 'lobby', subscribers: '[]', is_default_stream: 'true' }))['id'];
    expect(
      hamlet()
        .filter((event) => event['type'] === 'default_streams')
        .at(-1)?.['default_streams'],
    ).toContain(id);
  });

  it('lets bots create channels; refuses guests, taken names, unknown folders and subscribers; changes nothing', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET_BOT).post('/channels/create', { name: 'by a bot', subscribers: JSON.stringify([HAMLET_BOT.userId]) }));
    const before = model.state;
    expectError(as(model, POLONIUS).post('/channels/create', { name: 'x', subscribers: '[]' }), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectError(
      as(model, HAMLET).post('/channels/create', { name: 'GENERAL', subscribers: '[]' }),
      409,
      'CHANNEL_ALREADY_EXISTS',
      "Channel 'GENERAL' already exists",
    );
    expectError(as(model, HAMLET).post('/channels/create', { name: '   ', subscribers: '[]' }), 400, 'BAD_REQUEST', 'name cannot be blank');
    expectError(as(model, HAMLET).post('/channels/create', { name: 'x' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'subscribers' argument");
    expectError(as(model, HAMLET).post('/channels/create', { name: 'x', subscribers: '[]', folder_id: '99' }), 400, 'BAD_REQUEST', 'Invalid channel folder ID');
    expectError(as(model, HAMLET).post('/channels/create', { name: 'x', subscribers: '[9999]' }), 400, 'BAD_REQUEST', 'No such user');
    expectError(
      as(model, HAMLET).post('/channels/create', { name: 'x', subscribers: '[]', is_default_stream: 'true' }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    expectError(
      as(model, HAMLET).post('/channels/create', { name: 'x', subscribers: '[]', message_retention_days: '5' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization owner',
    );
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).post('/channels/create', { name: 'kept', subscribers: '[]', message_retention_days: '5' }));
  });
});

describe('GET /streams/{stream_id}/email_address', () => {
  it('gives a stable gateway address with the channel slug, to whoever can read the channel', () => {
    const model = newModel();
    const email = expectSuccess(as(model, HAMLET).get(`/streams/${CHANNEL.general}/email_address`))['email'];
    expect(email).toMatch(/^general\.[0-9a-f]{32}\.show-sender@/);
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${CHANNEL.general}/email_address`))['email']).toBe(email);
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${CHANNEL.general}/email_address`, { sender_id: String(HAMLET.userId) }))['email']).not.toBe(email);
    expectError(as(model, CORDELIA).get(`/streams/${CHANNEL.scotland}/email_address`), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(
      as(model, CORDELIA).get(`/streams/${CHANNEL.general}/email_address`, { sender_id: String(HAMLET_BOT.userId) }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
  });
});
