import { describe, expect, it } from 'vitest';
import {
  as,
  body,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  GROUP,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
} from '../../../testing/default-realm.js';
import { DEFAULT_USER_SETTINGS, USER_SETTINGS } from '../../rules/user-settings.js';
import { getRow } from '../../tables/table.js';
import { listen, registerState } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Auth = { readonly email: string; readonly apiKey: string; readonly userId: number };

function patch(model: Model, actor: Auth, params: Record<string, string>) {
  return as(model, actor).patch('/settings', params);
}

function userSettings(model: Model, actor: Auth): Record<string, any> {
  return registerState(model, actor, ['user_settings'])['user_settings'];
}

/** Fails with `msg` and leaves the very same state object behind. */
function expectRefused(model: Model, actor: Auth, params: Record<string, string>, msg: string) {
  const before = model.state;
  expectError(patch(model, actor, params), 400, 'BAD_REQUEST', msg);
  expect(model.state).toBe(before);
}

const NOT_IN_LIST = (name: string) => `Invalid ${name}: Value error, Not in the list of possible values`;

/** A model whose realm declares an older feature level. */
function atFeatureLevel(featureLevel: number): Model {
  const model = newModel();
  model.reset({ ...model.state, featureLevel });
  return model;
}

describe('the user settings table', () => {
  it('has every setting of the real server at the declared level: 63 properties and timezone', () => {
    expect(USER_SETTINGS).toHaveLength(64);
    expect(new Set(USER_SETTINGS.map((setting) => setting.name)).size).toBe(64);
    expect(USER_SETTINGS.map((setting) => setting.name)).not.toContain('dense_mode');
    // The three stored on User under their own names are the only ones missing from User.settings.
    const stored = Object.keys(DEFAULT_USER_SETTINGS).filter((key) => key !== 'edited_by_user');
    expect(stored).toHaveLength(61);
    expect(
      USER_SETTINGS.map((setting) => setting.name)
        .filter((name) => !stored.includes(name))
        .sort(),
    ).toEqual(['email_address_visibility', 'presence_enabled', 'timezone']);
  });

  it('registers every setting with its default, plus the choices, the canonical time zone and the sounds', () => {
    const model = newModel();
    const settings = userSettings(model, POLONIUS);
    expect(Object.keys(settings)).toHaveLength(66);
    for (const setting of USER_SETTINGS) {
      if (setting.name !== 'timezone') expect(settings[setting.name], setting.name).toEqual(setting.default);
    }
    expect(settings['timezone']).toBe('');
    expect(settings['emojiset_choices']).toEqual([
      { key: 'google', text: 'Google' },
      { key: 'twitter', text: 'Twitter' },
      { key: 'text', text: 'Plain text' },
      { key: 'google-blob', text: 'Google blobs' },
    ]);
    expect(settings['available_notification_sounds']).toContain('zulip');
    expect(userSettings(model, CORDELIA)['email_address_visibility']).toBe(3);
    expect(userSettings(model, HAMLET)['timezone']).toBe('Europe/Copenhagen');
  });
});

describe('PATCH /settings: values accepted and refused', () => {
  it('accepts every setting of the table at its default value', () => {
    const model = newModel();
    const params = Object.fromEntries(
      USER_SETTINGS.map((setting) => [
        setting.name,
        setting.name === 'timezone' ? 'Etc/UTC' : setting.wire === 'string' ? String(setting.default) : JSON.stringify(setting.default),
      ]),
    );
    expect(body(patch(model, POLONIUS, params))).toEqual({ result: 'success', msg: '' });
    expect(userSettings(model, POLONIUS)['timezone']).toBe('Etc/UTC');
  });

  it('takes JSON booleans and refuses anything else', () => {
    const model = newModel();
    expect(body(patch(model, HAMLET, { enter_sends: 'true', translate_emoticons: 'true' }))).toEqual({ result: 'success', msg: '' });
    expect(userSettings(model, HAMLET)).toMatchObject({ enter_sends: true, translate_emoticons: true });
    expect(getRow(model.state.users, HAMLET.userId)!.settings.translate_emoticons).toBe(true);
    expectRefused(model, HAMLET, { enter_sends: '1' }, 'enter_sends is not a boolean');
    expectRefused(model, HAMLET, { enter_sends: 'True' }, 'enter_sends is not valid JSON');
  });

  it('takes integers from their list of values', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { color_scheme: '2', user_list_style: '1', web_channel_default_view: '4', automatically_follow_topics_policy: '4' }));
    expect(userSettings(model, HAMLET)).toMatchObject({
      color_scheme: 2,
      user_list_style: 1,
      web_channel_default_view: 4,
      automatically_follow_topics_policy: 4,
    });
    expectRefused(model, HAMLET, { color_scheme: '4' }, NOT_IN_LIST('color_scheme'));
    expectRefused(model, HAMLET, { desktop_icon_count_display: '0' }, NOT_IN_LIST('desktop_icon_count_display'));
    expectRefused(model, HAMLET, { email_address_visibility: '6' }, NOT_IN_LIST('email_address_visibility'));
    expectRefused(model, HAMLET, { color_scheme: '"2"' }, 'color_scheme is not an integer');
    expectRefused(model, HAMLET, { web_font_size_px: 'large' }, 'web_font_size_px is not valid JSON');
    expectSuccess(patch(model, HAMLET, { web_font_size_px: '14', web_line_height_percent: '122' }));
    expect(userSettings(model, HAMLET)).toMatchObject({ web_font_size_px: 14, web_line_height_percent: 122 });
  });

  it('takes strings from their list of values', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { emojiset: 'text', web_home_view: 'recent', web_animate_image_previews: 'never' }));
    expect(userSettings(model, HAMLET)).toMatchObject({ emojiset: 'text', web_home_view: 'recent', web_animate_image_previews: 'never' });
    expectRefused(model, HAMLET, { emojiset: 'apple' }, NOT_IN_LIST('emojiset'));
    // The Recent view's old name, before FL 454.
    expectRefused(model, HAMLET, { web_home_view: 'recent_topics' }, NOT_IN_LIST('web_home_view'));
  });

  it('takes resolved_topic_notice_auto_read_policy by name, and its error comes before any type error', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { resolved_topic_notice_auto_read_policy: 'never' }));
    expect(userSettings(model, HAMLET)['resolved_topic_notice_auto_read_policy']).toBe('never');
    expectRefused(model, HAMLET, { resolved_topic_notice_auto_read_policy: '3' }, 'Invalid resolved_topic_notice_auto_read_policy');
    expectRefused(model, HAMLET, { color_scheme: '9', resolved_topic_notice_auto_read_policy: 'sometimes' }, 'Invalid resolved_topic_notice_auto_read_policy');
  });

  it('checks the language, the sound and the batching period after the types', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { default_language: 'de', notification_sound: 'ding', email_notifications_batching_period_seconds: '604800' }));
    expect(userSettings(model, HAMLET)).toMatchObject({
      default_language: 'de',
      notification_sound: 'ding',
      email_notifications_batching_period_seconds: 604800,
    });
    expectSuccess(patch(model, HAMLET, { notification_sound: 'none' }));
    expectRefused(model, HAMLET, { default_language: 'xx' }, 'Invalid default_language');
    expectRefused(model, HAMLET, { notification_sound: 'bell' }, "Invalid notification sound 'bell'");
    expectRefused(model, HAMLET, { email_notifications_batching_period_seconds: '0' }, 'Invalid email batching period: 0 seconds');
    expectRefused(model, HAMLET, { email_notifications_batching_period_seconds: '604801' }, 'Invalid email batching period: 604801 seconds');
    expectRefused(model, HAMLET, { default_language: 'xx', web_font_size_px: 'big' }, 'web_font_size_px is not valid JSON');
    expectRefused(model, HAMLET, { default_language: 'xx', notification_sound: 'bell' }, 'Invalid default_language');
  });

  it('stores a time zone canonical and refuses unknown ones', () => {
    const model = newModel();
    expectSuccess(patch(model, HAMLET, { timezone: 'Asia/Calcutta' }));
    expect(userSettings(model, HAMLET)['timezone']).toBe('Asia/Kolkata');
    expectSuccess(patch(model, HAMLET, { timezone: 'UTC' }));
    expect(userSettings(model, HAMLET)['timezone']).toBe('Etc/UTC');
    expectRefused(model, HAMLET, { timezone: 'Mars/Olympus_Mons' }, 'Invalid timezone: Value error, Not a recognized time zone');
    expectRefused(model, HAMLET, { timezone: 'europe/london' }, 'Invalid timezone: Value error, Not a recognized time zone');
    expectRefused(model, HAMLET, { timezone: '' }, 'Invalid timezone: Value error, Not a recognized time zone');
  });

  it('reports the first bad parameter in the order the real server declares them', () => {
    const model = newModel();
    expectRefused(model, HAMLET, { web_home_view: 'feed', color_scheme: '9' }, NOT_IN_LIST('color_scheme'));
    expectRefused(model, HAMLET, { wildcard_mentions_notify: 'yes', timezone: 'Nowhere' }, 'Invalid timezone: Value error, Not a recognized time zone');
  });

  it('succeeds without a change, lists unknown parameters, and refuses bots', () => {
    const model = newModel();
    const before = model.state;
    expect(body(patch(model, HAMLET, {}))).toEqual({ result: 'success', msg: '' });
    expect(body(patch(model, HAMLET, { enter_sends: 'false', dense_mode: 'true' }))).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['dense_mode'],
    });
    expect(model.state).toBe(before);
    expectError(patch(model, HAMLET_BOT, { enter_sends: 'true' }), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });
});

describe('PATCH /settings: name, address and password', () => {
  it('changes the full name, unless members may not', () => {
    const model = newModel();
    const events = listen(model, IAGO);
    expectSuccess(patch(model, HAMLET, { full_name: '  Prince Hamlet ' }));
    expect(getRow(model.state.users, HAMLET.userId)!.fullName).toBe('Prince Hamlet');
    expect(events()).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: HAMLET.userId, full_name: 'Prince Hamlet' } }]);
    expectRefused(model, HAMLET, { full_name: 'H' }, 'Name too short!');
    model.reset({ ...model.state, realm: { ...model.state.realm, settings: { ...model.state.realm.settings, nameChangesDisabled: true } } });
    const before = model.state;
    expectSuccess(patch(model, HAMLET, { full_name: 'Hamlet the Dane' }));
    expect(model.state).toBe(before);
  });

  it('checks a new address, which changes only once confirmed', () => {
    const model = newModel();
    const before = model.state;
    expectSuccess(patch(model, HAMLET, { email: 'prince@chatref.test' }));
    expect(model.state).toBe(before);
    expectRefused(model, HAMLET, { email: 'not an address' }, 'Invalid address.');
    expectRefused(model, HAMLET, { email: IAGO.email }, 'Already has an account.');
    expectRefused(model, HAMLET, { email: OTHELLO.email }, 'Account has been deactivated.');
    model.reset({ ...model.state, realm: { ...model.state.realm, settings: { ...model.state.realm.settings, emailChangesDisabled: true } } });
    expectRefused(model, HAMLET, { email: 'prince@chatref.test' }, 'Email address changes are disabled in this organization.');
    expectSuccess(patch(model, IAGO, { email: 'ensign@chatref.test' }));
  });

  it('changes the password only with the old one and a strong new one', () => {
    const model = newModel();
    const strong = 'Elsinore battlements at midnight';
    expectRefused(model, HAMLET, { new_password: strong }, 'Wrong password!');
    expectRefused(model, HAMLET, { old_password: 'guess', new_password: strong }, 'Wrong password!');
    expectRefused(model, HAMLET, { old_password: HAMLET.password!, new_password: 'abc' }, 'New password is too weak!');
    expectSuccess(patch(model, HAMLET, { old_password: HAMLET.password!, new_password: strong }));
    expect(body(model.call('POST', '/fetch_api_key', { username: HAMLET.email, password: strong }, { auth: null }))['api_key']).toBe(HAMLET.apiKey);
    expect(model.call('POST', '/fetch_api_key', { username: HAMLET.email, password: HAMLET.password! }, { auth: null }).status).toBe(401);
  });
});

describe('PATCH /settings: events', () => {
  it('sends user_settings to the own queues only, in the order the settings are declared', () => {
    const model = newModel();
    const [mine, mineAgain, cordelia] = [listen(model, HAMLET), listen(model, HAMLET, { user_settings_object: true }), listen(model, CORDELIA)];
    expectSuccess(patch(model, HAMLET, { twenty_four_hour_time: 'true', color_scheme: '3', default_language: 'de', starred_message_counts: 'true' }));
    const expected = [
      { type: 'user_settings', op: 'update', property: 'color_scheme', value: 3 },
      { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
      { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
    ];
    expect(mine()).toEqual(expected);
    expect(mineAgain()).toEqual(expected);
    expect(cordelia()).toEqual([]);
  });

  it('sends a new time zone to everyone who can access the user', () => {
    const model = newModel();
    const [mine, iago] = [listen(model, HAMLET), listen(model, IAGO)];
    expectSuccess(patch(model, HAMLET, { timezone: 'America/New_York', enter_sends: 'true' }));
    const timezone = { type: 'realm_user', op: 'update', person: { email: HAMLET.email, user_id: HAMLET.userId, timezone: 'America/New_York' } };
    expect(mine()).toEqual([
      { type: 'user_settings', op: 'update', property: 'enter_sends', value: true },
      { type: 'user_settings', op: 'update', property: 'timezone', value: 'America/New_York' },
      timezone,
    ]);
    expect(iago()).toEqual([timezone]);
  });

  it('tells each viewer whether they now see the real address', () => {
    const model = newModel();
    const [iago, hamlet, polonius] = [listen(model, IAGO), listen(model, HAMLET), listen(model, POLONIUS)];
    // Cordelia: administrators only → members only.
    expectSuccess(patch(model, CORDELIA, { email_address_visibility: '2' }));
    expect(iago()).toEqual([]);
    expect(hamlet()).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: CORDELIA.userId, delivery_email: CORDELIA.email } },
      { type: 'realm_user', op: 'update', person: expect.objectContaining({ user_id: CORDELIA.userId, avatar_source: 'G' }) },
    ]);
    expect(polonius()).toEqual([]);
    // Members only → everyone: the API email becomes the real one.
    expectSuccess(patch(model, CORDELIA, { email_address_visibility: '1' }));
    expect(polonius()).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: CORDELIA.userId, delivery_email: CORDELIA.email } },
      { type: 'realm_user', op: 'update', person: { user_id: CORDELIA.userId, new_email: CORDELIA.email } },
      { type: 'realm_user', op: 'update', person: expect.objectContaining({ user_id: CORDELIA.userId, avatar_source: 'G' }) },
    ]);
    expect(iago().map((event) => Object.keys(event['person']))).toEqual([
      ['user_id', 'new_email'],
      ['user_id', 'avatar_source', 'avatar_url', 'avatar_url_medium', 'avatar_version'],
    ]);
  });

  it('sends nothing for settings that keep their value', () => {
    const model = newModel();
    const mine = listen(model, HAMLET);
    expectSuccess(patch(model, HAMLET, { enter_sends: 'false', timezone: 'Europe/Copenhagen', color_scheme: '1' }));
    expect(mine()).toEqual([]);
  });

  it('sends the legacy forms before FL 439, only to queues without user_settings_object', () => {
    const model = atFeatureLevel(438);
    const [legacy, modern] = [listen(model, HAMLET), listen(model, HAMLET, { user_settings_object: true })];
    expectSuccess(patch(model, HAMLET, { default_language: 'fr', enable_sounds: 'false', send_read_receipts: 'false' }));
    const modernEvents = [
      { type: 'user_settings', op: 'update', property: 'default_language', value: 'fr', language_name: 'français' },
      { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
      { type: 'user_settings', op: 'update', property: 'send_read_receipts', value: false },
    ];
    expect(modern()).toEqual(modernEvents);
    expect(legacy()).toEqual([
      modernEvents[0],
      { type: 'update_display_settings', user: HAMLET.email, setting_name: 'default_language', setting: 'fr', language_name: 'français' },
      modernEvents[1],
      { type: 'update_global_notifications', user: HAMLET.email, notification_name: 'enable_sounds', setting: false },
      modernEvents[2],
    ]);
  });

  it('sends no legacy form at the declared feature level', () => {
    const model = newModel();
    const legacy = listen(model, HAMLET);
    expectSuccess(patch(model, HAMLET, { enable_sounds: 'false', timezone: 'Europe/Paris' }));
    expect(legacy().map((event) => event.type)).toEqual(['user_settings', 'user_settings', 'realm_user']);
  });
});

describe('POST /register and user settings', () => {
  it('shows the change, and events applied to user_settings give a fresh register', () => {
    const model = newModel();
    const state = userSettings(model, HAMLET);
    const events = listen(model, HAMLET, { user_settings_object: true });
    expectSuccess(patch(model, HAMLET, { fluid_layout_width: 'true', user_list_style: '2', timezone: 'Asia/Calcutta', presence_enabled: 'false' }));
    expectSuccess(patch(model, HAMLET, { emojiset: 'twitter', resolved_topic_notice_auto_read_policy: 'always', email_address_visibility: '4' }));
    for (const event of events()) if (event.type === 'user_settings') state[event['property']] = event['value'];
    const fresh = userSettings(model, HAMLET);
    expect(state).toEqual(fresh);
    expect(fresh).toMatchObject({
      fluid_layout_width: true,
      user_list_style: 2,
      timezone: 'Asia/Kolkata',
      presence_enabled: false,
      email_address_visibility: 4,
    });
  });

  it('adds the legacy top-level keys before FL 439 for clients without user_settings_object', () => {
    const model = atFeatureLevel(438);
    const legacy = registerState(model, HAMLET, ['update_display_settings', 'update_global_notifications']);
    expect(legacy).toMatchObject({ twenty_four_hour_time: false, timezone: 'Europe/Copenhagen', enable_sounds: true, notification_sound: 'zulip' });
    expect(legacy).toHaveProperty('emojiset_choices');
    expect(legacy).toHaveProperty('available_notification_sounds');
    expect(legacy).not.toHaveProperty('send_read_receipts');
    expect(legacy).not.toHaveProperty('user_settings');
    const modern = registerState(model, HAMLET, ['update_display_settings', 'update_global_notifications'], { user_settings_object: true });
    expect(modern).not.toHaveProperty('twenty_four_hour_time');
    const current = registerState(newModel(), HAMLET, ['update_display_settings', 'update_global_notifications', 'user_settings']);
    expect(current).not.toHaveProperty('twenty_four_hour_time');
    expect(current['user_settings']['twenty_four_hour_time']).toBe(false);
  });
});

describe('PATCH /settings with target_users', () => {
  const hamletCharacters = JSON.stringify({ group_ids: [GROUP.hamletcharacters], skip_if_already_edited: false });

  it('is for administrators, and not for the security-sensitive settings', () => {
    const model = newModel();
    expectError(
      patch(model, HAMLET, { target_users: hamletCharacters, enter_sends: 'true' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectRefused(model, IAGO, { target_users: hamletCharacters, send_read_receipts: 'false' }, 'Cannot change this setting for other users.');
    expectRefused(model, IAGO, { target_users: hamletCharacters, timezone: 'Etc/UTC' }, 'Cannot change this setting for other users.');
    expectRefused(model, IAGO, { target_users: JSON.stringify({ skip_if_already_edited: true }) }, 'Either user_ids or group_ids must be provided.');
    expectRefused(
      model,
      IAGO,
      { target_users: JSON.stringify({ user_ids: [999], skip_if_already_edited: true }), enter_sends: 'true' },
      'Invalid user ID: 999',
    );
    expectRefused(
      model,
      IAGO,
      { target_users: JSON.stringify({ group_ids: [999], skip_if_already_edited: true }), enter_sends: 'true' },
      'Invalid user group ID: 999',
    );
  });

  it("changes the targets' settings, each told on their own queues, and can skip what they set themselves", () => {
    const model = newModel();
    // Cordelia changes enter_sends herself, and back: it counts as hers although its value is the default again.
    expectSuccess(patch(model, CORDELIA, { enter_sends: 'true' }));
    expectSuccess(patch(model, CORDELIA, { enter_sends: 'false' }));
    const [hamlet, cordelia, iago] = [listen(model, HAMLET), listen(model, CORDELIA), listen(model, IAGO)];
    const skipping = JSON.stringify({ group_ids: [GROUP.hamletcharacters], user_ids: [HAMLET_BOT.userId], skip_if_already_edited: true });
    expect(body(patch(model, IAGO, { target_users: skipping, enter_sends: 'true', display_emoji_reaction_users: 'false' }))).toEqual({
      result: 'success',
      msg: '',
    });
    const hidingReactors = { type: 'user_settings', op: 'update', property: 'display_emoji_reaction_users', value: false };
    const enterSends = { type: 'user_settings', op: 'update', property: 'enter_sends', value: true };
    expect(hamlet()).toEqual([hidingReactors, enterSends]);
    expect(cordelia()).toEqual([hidingReactors]);
    expect(iago()).toEqual([]);
    expect(userSettings(model, HAMLET)['enter_sends']).toBe(true);
    // Bots are left out even when listed.
    expect(getRow(model.state.users, HAMLET_BOT.userId)!.settings.enter_sends).toBe(false);

    expectSuccess(patch(model, IAGO, { target_users: hamletCharacters, enter_sends: 'true' }));
    expect(cordelia()).toEqual([enterSends]);
    expect(hamlet()).toEqual([]);
  });

  it('reaches deactivated members and members of subgroups', () => {
    const model = newModel();
    expectSuccess(
      patch(model, DESDEMONA, {
        target_users: JSON.stringify({ user_ids: [OTHELLO.userId], group_ids: [GROUP.leadership], skip_if_already_edited: false }),
        color_scheme: '2',
      }),
    );
    for (const user of [OTHELLO, HAMLET, CORDELIA, DESDEMONA]) expect(getRow(model.state.users, user.userId)!.settings.color_scheme, user.email).toBe(2);
    expect(getRow(model.state.users, POLONIUS.userId)!.settings.color_scheme).toBe(1);
  });
});
