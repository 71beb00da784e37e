import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

describe('data exports', () => {
  it('records a pending export, lists it and tells the administrators; five a week at most', () => {
    const model = newModel();
    const queueId = expectSuccess(as(model, IAGO).post('/register', { event_types: '["realm_export"]' }))['queue_id'];
    expect(expectSuccess(as(model, IAGO).get('/export/realm'))['exports']).toEqual([]);
    const id = expectSuccess(as(model, IAGO).post('/export/realm'))['id'];
    const exported = {
      id,
      export_time: expect.any(Number),
      acting_user_id: IAGO.userId,
      export_url: null,
      deleted_timestamp: null,
      failed_timestamp: null,
      pending: true,
      export_type: 1,
    };
    expect(expectSuccess(as(model, IAGO).get('/export/realm'))['exports']).toEqual([exported]);
    const events = expectSuccess(as(model, IAGO).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events).toEqual([{ type: 'realm_export', exports: [exported], id: 0 }]);
    for (let i = 0; i < 4; i++) expectSuccess(as(model, IAGO).post('/export/realm', { export_type: '2' }));
    expectError(as(model, IAGO).post('/export/realm'), 400, 'BAD_REQUEST', 'Exceeded rate limit.');
    expectError(as(model, HAMLET).get('/export/realm'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });

  it('lists each active human user’s consent to a private data export', () => {
    const model = newModel();
    const consents = expectSuccess(as(model, IAGO).get('/export/realm/consents'))['export_consents'];
    expect(consents).toContainEqual({ user_id: HAMLET.userId, consented: expect.any(Boolean), email_address_visibility: expect.any(Number) });
    expect(consents.every((entry: Record<string, unknown>) => typeof entry['consented'] === 'boolean')).toBe(true);
  });
});

describe('POST /realm/test_welcome_bot_custom_message', () => {
  it('sends the administrator a direct message quoting the custom text', () => {
    const model = newModel();
    const id = expectSuccess(as(model, IAGO).post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Welcome **aboard**' }))[
      'message_id'
    ];
    const message = expectSuccess(as(model, IAGO).get(`/messages/${id}`, { apply_markdown: 'false' }))['message'];
    expect(message['content']).toBe('\nA note from @_*role:administrators*:\n```quote\nWelcome **aboard**\n```\n');
    expect(message['type']).toBe('private');
    expectError(
      as(model, IAGO).post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: '' }),
      400,
      'BAD_REQUEST',
      'Message must not be empty',
    );
    expectError(as(model, CORDELIA).post('/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'x' }), 400, 'UNAUTHORIZED_PRINCIPAL');
  });
});

describe('PATCH /realm/user_settings_defaults', () => {
  function defaults(model: ReturnType<typeof newModel>): Record<string, unknown> {
    return expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["realm_user_settings_defaults"]' }))['realm_user_settings_defaults'];
  }

  it('changes what differs, tells everyone, and register shows it', () => {
    const model = newModel();
    expect(defaults(model)).toMatchObject({ enter_sends: false, email_address_visibility: 1, emojiset: 'google', emojiset_choices: expect.any(Array) });
    expect(defaults(model)).not.toHaveProperty('timezone');
    const queueId = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["realm_user_settings_defaults"]' }))['queue_id'];
    expectSuccess(as(model, IAGO).patch('/realm/user_settings_defaults'));
    expectSuccess(as(model, IAGO).patch('/realm/user_settings_defaults', { enter_sends: 'true', emojiset: 'google', web_font_size_px: '18' }));
    expect(defaults(model)).toMatchObject({ enter_sends: true, web_font_size_px: 18 });
    const events = expectSuccess(as(model, HAMLET).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events.map((event: Record<string, unknown>) => [event['property'], event['value']])).toEqual([
      ['enter_sends', true],
      ['web_font_size_px', 18],
    ]);
  });

  it('is what accounts made afterwards start from; existing users keep their settings', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch('/realm/user_settings_defaults', { enter_sends: 'true', email_address_visibility: '3' }));
    const owner = { email: 'desdemona@chatref.test', apiKey: 'DesdemonaOwnerKey000000000000001' };
    const created = expectSuccess(as(model, owner).post('/users', { email: 'newcomer@chatref.test', password: 'a-long-password-1', full_name: 'Newcomer' }));
    const fetched = expectSuccess(as(model, null).post('/fetch_api_key', { username: 'newcomer@chatref.test', password: 'a-long-password-1' }));
    const newcomer = { email: 'newcomer@chatref.test', apiKey: fetched['api_key'] };
    const own = expectSuccess(as(model, newcomer).post('/register', { fetch_event_types: '["user_settings"]' }))['user_settings'];
    expect(own).toMatchObject({ enter_sends: true, email_address_visibility: 3 });
    expect(expectSuccess(as(model, HAMLET).get(`/users/${created['user_id']}`))['user']['email']).toBe(`user${created['user_id']}@chatref.test`);
    const hamlets = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["user_settings"]' }))['user_settings'];
    expect(hamlets).toMatchObject({ enter_sends: false });
  });

  it('validates like PATCH /settings and changes nothing on failure', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).patch('/realm/user_settings_defaults', { enter_sends: 'yes' }), 400, 'BAD_REQUEST', 'enter_sends is not valid JSON');
    expectError(as(model, IAGO).patch('/realm/user_settings_defaults', { notification_sound: 'nope' }), 400, 'BAD_REQUEST');
    expectError(as(model, HAMLET).patch('/realm/user_settings_defaults', { enter_sends: 'true' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expect(model.state).toBe(before);
  });
});
