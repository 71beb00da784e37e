import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, OTHELLO, SHIVA } from '../../../testing/default-realm.js';
import { listen, registerState } from '../user-groups/test-helpers.js';

const BOT = `/bots/${HAMLET_BOT.userId}`;

describe('PATCH /bots/{bot_id}', () => {
  it('lets the owner rename the bot and set its default channels, answering the bot as it now is', () => {
    const model = newModel();
    const answer = expectSuccess(as(model, HAMLET).patch(BOT, { full_name: 'Bug Bot', default_sending_stream: 'Denmark', default_all_public_streams: 'true' }));
    expect(answer).toMatchObject({
      full_name: 'Bug Bot',
      default_sending_stream: 'Denmark',
      default_events_register_stream: null,
      default_all_public_streams: true,
      bot_owner: HAMLET.email,
    });
    expect(registerState(model, HAMLET, ['realm_bot'])['realm_bots'][0]).toMatchObject({ default_sending_stream: 'Denmark', default_all_public_streams: true });
    expectSuccess(as(model, HAMLET).patch(BOT, { default_sending_stream: '' }));
    expect(registerState(model, HAMLET, ['realm_bot'])['realm_bots'][0]['default_sending_stream']).toBeNull();
  });

  it('answers the real access errors and changes nothing on any failure', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, CORDELIA).patch(BOT, { full_name: 'Mine Now' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, IAGO).patch(`/bots/${HAMLET.userId}`, { full_name: 'Bot?' }), 400, 'BAD_REQUEST', 'No such bot');
    expectError(as(model, IAGO).patch('/bots/999', {}), 400, 'BAD_REQUEST', 'No such bot');
    expectError(as(model, HAMLET).patch(BOT, { full_name: 'Renamed', bot_owner_id: '999' }), 400, 'BAD_REQUEST', 'Failed to change owner, no such user');
    expectError(as(model, HAMLET).patch(BOT, { bot_owner_id: String(OTHELLO.userId) }), 400, 'BAD_REQUEST', 'Failed to change owner, user is deactivated');
    expectError(
      as(model, HAMLET).patch(BOT, { bot_owner_id: String(HAMLET_BOT.userId) }),
      400,
      'BAD_REQUEST',
      "Failed to change owner, bots can't own other bots",
    );
    expectError(as(model, HAMLET).patch(BOT, { role: '300' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, IAGO).patch(BOT, { role: '100' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(as(model, HAMLET).patch(BOT, { full_name: 'Shiva' }), 400, 'BAD_REQUEST', 'Name is already in use.');
    expect(model.state).toBe(before);
  });

  it('moves the bot to a new owner: delete for the old one, add for the new one, bot_owner_id for everyone', () => {
    const model = newModel();
    const oldOwner = listen(model, HAMLET);
    const newOwner = listen(model, CORDELIA);
    const admin = listen(model, IAGO);
    expectSuccess(as(model, IAGO).patch(BOT, { bot_owner_id: String(CORDELIA.userId) }));
    expect(oldOwner()).toEqual(expect.arrayContaining([{ type: 'realm_bot', op: 'delete', bot: { user_id: HAMLET_BOT.userId } }]));
    expect(newOwner()).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'realm_bot', op: 'add' })]));
    expect(admin()).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: HAMLET_BOT.userId, bot_owner_id: CORDELIA.userId } }]);
    expect(registerState(model, CORDELIA, ['realm_bot'])['realm_bots'].map((bot: any) => bot.user_id)).toEqual([HAMLET_BOT.userId]);
    expect(registerState(model, HAMLET, ['realm_bot'])['realm_bots']).toEqual([]);
  });

  it('changes the address with short_name (FL 447), and the bot logs in with the new one', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).patch(BOT, { short_name: 'tracker' }));
    expectSuccess(as(model, { email: 'tracker-bot@chatref.test', apiKey: HAMLET_BOT.apiKey }).get('/users/me'));
    const same = model.state;
    expectSuccess(as(model, IAGO).patch(BOT, { short_name: ' tracker ' }));
    expect(model.state).toBe(same);
    expectSuccess(as(model, CORDELIA).post('/bots', { full_name: 'Other Bot', short_name: 'other' }));
    expectError(as(model, IAGO).patch(BOT, { short_name: 'other' }), 400, 'BAD_REQUEST', "Email 'other-bot@chatref.test' already in use");
  });

  it('lets only owners and administrators see the realm_bot updates', () => {
    const model = newModel();
    const moderator = listen(model, SHIVA);
    const owner = listen(model, DESDEMONA);
    expectSuccess(as(model, HAMLET).patch(BOT, { default_events_register_stream: 'Denmark' }));
    expect(moderator()).toEqual([]);
    expect(owner()).toEqual([{ type: 'realm_bot', op: 'update', bot: { user_id: HAMLET_BOT.userId, default_events_register_stream: 'Denmark' } }]);
  });
});

describe('DELETE /bots/{bot_id} and POST /bots/{bot_id}/api_key/regenerate', () => {
  it('deactivates the bot, which then gets the deactivated-account error; again is a no-op', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).delete(BOT));
    expectError(as(model, HAMLET_BOT).get('/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    const after = model.state;
    expectSuccess(as(model, HAMLET).delete(BOT));
    expect(model.state).toBe(after);
    expectError(as(model, CORDELIA).delete(BOT), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, IAGO).delete(`/bots/${CORDELIA.userId}`), 400, 'BAD_REQUEST', 'No such bot');
  });

  it('gives the bot a new key; the old one stops working at once', () => {
    const model = newModel();
    const { api_key: apiKey } = expectSuccess(as(model, HAMLET).post(`${BOT}/api_key/regenerate`));
    expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(apiKey).not.toBe(HAMLET_BOT.apiKey);
    expectError(as(model, HAMLET_BOT).get('/users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
    expectSuccess(as(model, { email: HAMLET_BOT.email, apiKey }).get('/users/me'));
    expect(expectSuccess(as(model, HAMLET).get('/bots'))['bots'][0]['api_key']).toBe(apiKey);
    expectError(as(model, CORDELIA).post(`${BOT}/api_key/regenerate`), 400, 'BAD_REQUEST', 'Insufficient permission');
  });
});
