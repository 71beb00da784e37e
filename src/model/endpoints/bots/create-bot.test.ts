import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { listen, registerState } from '../user-groups/test-helpers.js';

describe('POST /bots', () => {
  it('creates a generic bot owned by the caller that authenticates with <short_name>-bot@<realm host> and its key', () => {
    const model = newModel();
    const created = expectSuccess(as(model, CORDELIA).post('/bots', { full_name: 'Test Bot', short_name: 'tester', bot_type: '1' }));
    expect(created).toMatchObject({ default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false });
    expect(created['api_key']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(created['avatar_url']).toContain('gravatar.com');
    const bot = { email: 'tester-bot@chatref.test', apiKey: created['api_key'] as string };
    const me = expectSuccess(as(model, bot).get('/users/me'));
    expect(me).toMatchObject({ user_id: created['user_id'], is_bot: true, bot_type: 1, bot_owner_id: CORDELIA.userId, role: 400, full_name: 'Test Bot' });
    const listed = expectSuccess(as(model, IAGO).get(`/users/${created['user_id']}`))['user'];
    expect(listed).toMatchObject({ email: 'tester-bot@chatref.test', delivery_email: 'tester-bot@chatref.test', is_active: true });
    // The real server always appends -bot.
    const again = expectSuccess(as(model, CORDELIA).post('/bots', { full_name: 'Other Bot', short_name: 'x-bot' }));
    expect(expectSuccess(as(model, IAGO).get(`/users/${again['user_id']}`))['user']['email']).toBe('x-bot-bot@chatref.test');
  });

  it('checks names, addresses, permission, type and channels in the real order, changing nothing on failure', () => {
    const model = newModel();
    const before = model.state;
    const cordelia = as(model, CORDELIA);
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: '  ' }), 400, 'BAD_REQUEST', 'Bad name or username');
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: 'two words' }), 400, 'BAD_REQUEST', 'Bad name or username');
    expectError(cordelia.post('/bots', { full_name: 'A', short_name: 'a' }), 400, 'BAD_REQUEST', 'Name too short!');
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: 'hamlet' }), 400, 'BAD_REQUEST', "Email 'hamlet-bot@chatref.test' already in use");
    expectError(cordelia.post('/bots', { full_name: 'King Hamlet', short_name: 'kh' }), 400, 'BAD_REQUEST', 'Name is already in use.');
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: 'ab', bot_type: '7' }), 400, 'BAD_REQUEST', 'Invalid bot type');
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: 'ab', bot_type: '4' }), 400, 'BAD_REQUEST', 'Invalid embedded bot name.');
    expectError(cordelia.post('/bots', { full_name: 'A Bot', short_name: 'ab', interface_type: '3' }), 400, 'BAD_REQUEST', 'Invalid interface type');
    expectError(
      cordelia.post('/bots', { full_name: 'A Bot', short_name: 'ab', default_sending_stream: 'Nowhere' }),
      400,
      'BAD_REQUEST',
      "Invalid channel name 'Nowhere'",
    );
    expectError(
      cordelia.post('/bots', { full_name: 'A Bot', short_name: 'ab', payload_url: '"not a url"', bot_type: '3' }),
      400,
      'BAD_REQUEST',
      'payload_url is not a URL',
    );
    expectError(as(model, POLONIUS).post('/bots', { full_name: 'A Bot', short_name: 'ab' }), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectError(
      as(model, HAMLET_BOT).post('/bots', { full_name: 'A Bot', short_name: 'ab' }),
      400,
      'BAD_REQUEST',
      'This endpoint does not accept bot requests.',
    );
    expect(model.state).toBe(before);
  });

  it('lets can_create_write_only_bots_group members create incoming webhooks only', () => {
    const model = newModel();
    const nobody = expectSuccess(as(model, IAGO).get('/user_groups'))['user_groups'].find((group: any) => group.name === 'role:nobody').id;
    const members = expectSuccess(as(model, IAGO).get('/user_groups'))['user_groups'].find((group: any) => group.name === 'role:members').id;
    expectSuccess(as(model, IAGO).patch('/realm', { can_create_bots_group: JSON.stringify({ new: nobody }) }));
    expectSuccess(as(model, IAGO).patch('/realm', { can_create_write_only_bots_group: JSON.stringify({ new: members }) }));
    expectError(as(model, CORDELIA).post('/bots', { full_name: 'A Bot', short_name: 'ab' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(as(model, CORDELIA).post('/bots', { full_name: 'Hook', short_name: 'hook', bot_type: '2', service_name: 'github' }));
  });

  it('stores an outgoing webhook service and embedded config, shown in register and GET /bots', () => {
    const model = newModel();
    const out = expectSuccess(
      as(model, CORDELIA).post('/bots', { full_name: 'Out', short_name: 'out', bot_type: '3', payload_url: '"https://example.com/hook"', interface_type: '2' }),
    );
    const embedded = expectSuccess(
      as(model, CORDELIA).post('/bots', { full_name: 'Conv', short_name: 'conv', bot_type: '4', service_name: 'converter', config_data: '{"unit":"m"}' }),
    );
    const bots = registerState(model, CORDELIA, ['realm_bot'])['realm_bots'];
    expect(bots).toHaveLength(2);
    expect(bots[0]).toMatchObject({ user_id: out['user_id'], services: [{ base_url: 'https://example.com/hook', interface: 2 }] });
    expect(bots[0].services[0].token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(bots[1]).toEqual({
      user_id: embedded['user_id'],
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      services: [{ config_data: { unit: 'm' }, service_name: 'converter' }],
    });
    const listed = expectSuccess(as(model, CORDELIA).get('/bots'))['bots'];
    expect(listed.map((bot: any) => bot.username)).toEqual(['out-bot@chatref.test', 'conv-bot@chatref.test']);
    expect(listed[0].api_key).toBe(out['api_key']);
  });

  it('sends realm_user add to everyone and realm_bot add to the owner and administrators only', () => {
    const model = newModel();
    const owner = listen(model, CORDELIA);
    const admin = listen(model, IAGO);
    const other = listen(model, HAMLET);
    const created = expectSuccess(as(model, CORDELIA).post('/bots', { full_name: 'Evented', short_name: 'evented', default_sending_stream: 'Denmark' }));
    const realmBot = { type: 'realm_bot', op: 'add', bot: expect.objectContaining({ user_id: created['user_id'], default_sending_stream: 'Denmark' }) };
    expect(owner()).toEqual(expect.arrayContaining([realmBot, expect.objectContaining({ type: 'realm_user', op: 'add' })]));
    expect(admin()).toEqual(expect.arrayContaining([realmBot]));
    const seen = other();
    expect(seen.some((event) => event.type === 'realm_bot')).toBe(false);
    expect(seen.some((event) => event.type === 'realm_user' && event.op === 'add')).toBe(true);
  });
});

describe("a bot's queue defaults", () => {
  it('take default_all_public_streams and default_events_register_stream when register names neither', () => {
    const model = newModel();
    const created = expectSuccess(
      as(model, HAMLET).post('/bots', {
        full_name: 'Watcher Bot',
        short_name: 'watcher',
        default_all_public_streams: 'true',
      }),
    );
    const watcher = { email: 'watcher-bot@chatref.test', apiKey: created['api_key'] as string };
    const narrowed = expectSuccess(
      as(model, HAMLET).post('/bots', { full_name: 'Denmark Bot', short_name: 'denmark', default_events_register_stream: 'Denmark' }),
    );
    const denmarkBot = { email: 'denmark-bot@chatref.test', apiKey: narrowed['api_key'] as string };
    const watcherEvents = listen(model, watcher);
    const denmarkEvents = listen(model, denmarkBot);
    expectSuccess(as(model, IAGO).post('/messages', { type: 'stream', to: 'general', topic: 'public', content: 'to everyone' }));
    expectSuccess(as(model, IAGO).post('/messages', { type: 'stream', to: 'Denmark', topic: 'danes', content: 'to Denmark' }));
    const contents = (events: ReturnType<ReturnType<typeof listen>>) =>
      events.filter((event) => event.type === 'message').map((event) => (event as unknown as { message: { content: string } }).message.content);
    // Neither bot is subscribed: the first hears every public channel, the second only its default channel.
    expect(contents(watcherEvents())).toHaveLength(2);
    expect(contents(denmarkEvents())).toEqual([expect.stringContaining('to Denmark')]);
  });
});
