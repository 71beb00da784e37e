import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, FIELD, HAMLET, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, NO_CHANGE, type ProbeServer, registerKeys, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_237_277 } from './levels-237-277.js';

type Actor = Parameters<ProbeServer['as']>[0];
type Dict = Record<string, any>;

function registered(server: ProbeServer, actor: Actor, fetchTypes: readonly string[]): Dict {
  const response = server.as(actor).post('/register', { fetch_event_types: JSON.stringify(fetchTypes) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Dict;
}

function ok(response: { status: number; body: unknown }): Dict {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Dict;
}

function messages(server: ProbeServer, narrow: readonly Dict[]) {
  return server.as(IAGO).get('/messages', { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify(narrow) });
}

/** A narrow the level knows answers; below it, BAD_NARROW with the real server's text. */
function narrowProbe(narrow: readonly Dict[], oldDescription: string) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    ok(messages(at, narrow));
    expect(messages(before!, narrow)).toMatchObject({ status: 400, body: { code: 'BAD_NARROW', desc: oldDescription } });
  };
}

/** User settings new at the level: in register's user_settings and realm_user_settings_defaults at it, absent below; PATCH /settings ignores them below. */
function userSettingsProbe(settings: Readonly<Record<string, string>>) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    const names = Object.keys(settings);
    for (const [server, present] of [
      [at, true],
      [before!, false],
    ] as const) {
      const body = registered(server, HAMLET, ['user_settings', 'realm_user_settings_defaults']);
      for (const name of names) {
        expect(name in body['user_settings'], `${name} in user_settings at ${server.level}`).toBe(present);
        expect(name in body['realm_user_settings_defaults'], `${name} in defaults at ${server.level}`).toBe(present);
      }
    }
    expect(ok(at.as(HAMLET).patch('/settings', settings))['ignored_parameters_unsupported']).toBeUndefined();
    expect(ok(before!.as(HAMLET).patch('/settings', settings))['ignored_parameters_unsupported']).toEqual([...names].sort());
    expect(eventsAfter(before!, HAMLET, ['user_settings'], () => ok(before!.as(HAMLET).patch('/settings', settings)))).toEqual([]);
  };
}

/** A realm setting new at the level: a register key at it, absent and ignored by PATCH /realm below. */
function realmSettingProbe(name: string, value: string) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    expect(registerKeys(at, IAGO, 'realm')).toContain(`realm_${name}`);
    expect(registerKeys(before!, IAGO, 'realm')).not.toContain(`realm_${name}`);
    expect(ok(before!.as(DESDEMONA).patch('/realm', { [name]: value }))['ignored_parameters_unsupported']).toEqual([name]);
    expect(ok(at.as(DESDEMONA).patch('/realm', { [name]: value }))['ignored_parameters_unsupported']).toBeUndefined();
  };
}

/** A realm group setting that replaced a policy: register shows the policy below the level. */
function policyProbe(setting: string, policy: string, oldValue: number) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    const now = registered(at, IAGO, ['realm']);
    expect(now).toHaveProperty(`realm_${setting}`);
    expect(now).not.toHaveProperty(`realm_${policy}`);
    const old = registered(before!, IAGO, ['realm']);
    expect(old).not.toHaveProperty(`realm_${setting}`);
    expect(old[`realm_${policy}`]).toBe(oldValue);
    expect(
      ok(before!.as(DESDEMONA).patch('/realm', { [setting]: JSON.stringify({ new: now[`realm_${setting}`] }) }))['ignored_parameters_unsupported'],
    ).toEqual([setting]);
  };
}

let groups = 0;

function createGroup(server: ProbeServer): number {
  groups += 1;
  const name = `probe crew ${groups}`;
  ok(server.as(HAMLET).post('/user_groups/create', { name, description: '', members: JSON.stringify([HAMLET.userId]) }));
  // The answer names the new group only from feature level 317: look it up by name.
  return ok(server.as(HAMLET).get('/user_groups'))['user_groups'].find((group: Dict) => group['name'] === name)['id'];
}

function firstMessageId(server: ProbeServer, channelId: number): number {
  return ok(server.as(IAGO).get(`/streams/${channelId}`))['stream']['first_message_id'];
}

function latestMessageId(server: ProbeServer, channel: string): number {
  const body = ok(messages(server, [{ operator: 'stream', operand: channel }]));
  return body['messages'].at(-1).id;
}

describeLevelChanges('feature levels 237–277', LEVELS_237_277, {
  237: NO_CHANGE,
  238: NO_CHANGE,
  239: NO_CHANGE,
  240: (before, at) => {
    // chatref never restarts: a queue of restart and web_reload_client events stays empty at both levels.
    for (const server of [before!, at]) {
      expect(
        eventsAfter(server, IAGO, ['restart', 'web_reload_client'], () =>
          ok(server.as(IAGO).post('/messages', { type: 'stream', to: 'general', topic: 'x', content: 'x' })),
        ),
      ).toEqual([]);
    }
  },
  241: (before, at) => {
    const now = registered(at, IAGO, ['realm']);
    expect(now).toHaveProperty('realm_new_stream_announcements_stream_id');
    expect(now).toHaveProperty('realm_signup_announcements_stream_id');
    const old = registered(before!, IAGO, ['realm']);
    expect(old).not.toHaveProperty('realm_new_stream_announcements_stream_id');
    expect(old['realm_notifications_stream_id']).toBe(now['realm_new_stream_announcements_stream_id']);
    expect(old['realm_signup_notifications_stream_id']).toBe(now['realm_signup_announcements_stream_id']);
    // The old parameter name changes the setting below the level, with an event in the old form; the new name is unknown there.
    const events = eventsAfter(before!, IAGO, ['realm'], () =>
      expect(ok(before!.as(IAGO).patch('/realm', { notifications_stream_id: String(CHANNEL.denmark) }))['ignored_parameters_unsupported']).toBeUndefined(),
    );
    expect(events).toMatchObject([{ type: 'realm', op: 'update_dict', data: { notifications_stream_id: CHANNEL.denmark } }]);
    expect(registered(before!, IAGO, ['realm'])['realm_notifications_stream_id']).toBe(CHANNEL.denmark);
    expect(ok(before!.as(IAGO).patch('/realm', { signup_announcements_stream_id: String(CHANNEL.denmark) }))['ignored_parameters_unsupported']).toEqual([
      'signup_announcements_stream_id',
    ]);
    expect(ok(at.as(IAGO).patch('/realm', { notifications_stream_id: String(CHANNEL.denmark) }))['ignored_parameters_unsupported']).toEqual([
      'notifications_stream_id',
    ]);
  },
  242: realmSettingProbe('zulip_update_announcements_stream_id', String(CHANNEL.denmark)),
  243: (before, at) => {
    expect(registered(at, IAGO, ['realm'])['realm_authentication_methods']).toEqual({ Email: { enabled: true, available: true } });
    expect(registered(before!, IAGO, ['realm'])['realm_authentication_methods']).toEqual({ Email: true });
  },
  244: (before, at) => {
    const field = (server: ProbeServer) => ok(server.as(IAGO).get('/realm/profile_fields'))['custom_fields'][0];
    expect(field(at)).toHaveProperty('required', false);
    expect(field(before!)).not.toHaveProperty('required');
    expect(registered(before!, IAGO, ['custom_profile_fields'])['custom_profile_fields'][0]).not.toHaveProperty('required');
    const update = { name: 'Phone number', hint: 'Include country code', required: 'true' };
    expect(ok(before!.as(IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, update))['ignored_parameters_unsupported']).toEqual(['required']);
    ok(at.as(IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, update));
    expect(field(at)).toHaveProperty('required', true);
  },
  245: userSettingsProbe({ web_font_size_px: '18', web_line_height_percent: '150' }),
  246: realmSettingProbe('require_unique_names', 'true'),
  247: (before, at) => {
    const rendered = (server: ProbeServer) => ok(server.as(IAGO).post('/messages/render', { content: '@**channel**' }))['rendered'];
    expect(rendered(at)).toContain('channel-wildcard-mention');
    expect(rendered(before!)).toBe('<p>@<strong>channel</strong></p>');
    expect(ok(before!.as(IAGO).post('/messages/render', { content: '@**stream**' }))['rendered']).toContain('channel-wildcard-mention');
  },
  248: (before, at) => {
    const typing = { type: 'channel', op: 'start', stream_id: String(CHANNEL.general), topic: 'x' };
    ok(at.as(IAGO).post('/typing', typing));
    expect(before!.as(IAGO).post('/typing', typing)).toMatchObject({ status: 400, body: { msg: 'Invalid type' } });
    const message = { type: 'channel', to: 'general', topic: 'x', content: 'x' };
    ok(at.as(IAGO).post('/messages', message));
    expect(before!.as(IAGO).post('/messages', message)).toMatchObject({ status: 400, body: { msg: 'Invalid type' } });
    ok(before!.as(IAGO).post('/messages', { ...message, type: 'stream' }));
  },
  249: narrowProbe([{ operator: 'has', operand: 'reaction' }], "unknown 'has' operand reaction"),
  250: (before, at) => {
    narrowProbe([{ operator: 'channel', operand: 'general' }], 'unknown operator channel')(before, at);
    narrowProbe([{ operator: 'channels', operand: 'public' }], 'unknown operator channels')(before, at);
    ok(messages(before!, [{ operator: 'stream', operand: 'general' }]));
  },
  251: (before, at) => {
    for (const server of [before!, at]) expect(registered(server, IAGO, ['realm'])['realm_upload_quota_mib']).toBeNull();
  },
  252: (before, at) => {
    ok(at.as(IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { hint: 'With the country code' }));
    expect(before!.as(IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { hint: 'With the country code' })).toMatchObject({ status: 400 });
    // Given a name, an omitted hint is reset to "".
    ok(before!.as(IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { name: 'Phone number' }));
    expect(ok(before!.as(IAGO).get('/realm/profile_fields'))['custom_fields'][0]).toMatchObject({ name: 'Phone number', hint: '' });
  },
  253: userSettingsProbe({ receives_typing_notifications: 'false' }),
  254: (before, at) => {
    expect(ok(at.as(IAGO).get(`/streams/${CHANNEL.denmark}`))['stream']).toHaveProperty('creator_id', IAGO.userId);
    expect(ok(before!.as(IAGO).get(`/streams/${CHANNEL.denmark}`))['stream']).not.toHaveProperty('creator_id');
    const old = registered(before!, IAGO, ['stream', 'subscription']);
    for (const channel of [...old['streams'], ...old['subscriptions'], ...old['never_subscribed']]) expect(channel).not.toHaveProperty('creator_id');
    expect(ok(before!.as(IAGO).get('/users/me/subscriptions'))['subscriptions'][0]).not.toHaveProperty('creator_id');
    expect(ok(before!.as(IAGO).get('/streams'))['streams'][0]).not.toHaveProperty('creator_id');
  },
  255: (before, at) => {
    // Approximate: the messages keep the channel wording below the level.
    for (const server of [before!, at]) expect(server.as(IAGO).get('/streams/9999')).toMatchObject({ status: 400, body: { msg: 'Invalid channel ID' } });
  },
  256: (before, at) => {
    const deleteFirst = (server: ProbeServer) => () => ok(server.as(IAGO).delete(`/messages/${firstMessageId(server, CHANNEL.denmark)}`));
    const updates = (server: ProbeServer) => eventsAfter(server, IAGO, ['stream'], deleteFirst(server)).filter((event) => event['op'] === 'update');
    expect(updates(at)).toMatchObject([{ type: 'stream', op: 'update', property: 'first_message_id', stream_id: CHANNEL.denmark }]);
    expect(updates(before!)).toEqual([]);
  },
  257: (before, at) => {
    expect(registered(at, IAGO, ['realm'])).toHaveProperty('realm_url');
    const old = registered(before!, IAGO, ['realm']);
    expect(old).not.toHaveProperty('realm_url');
    expect(old).toHaveProperty('realm_uri');
    expect(ok(at.as(null).get('/server_settings'))).toHaveProperty('realm_url');
    expect(ok(before!.as(null).get('/server_settings'))).not.toHaveProperty('realm_url');
    expect(ok(before!.as(null).get('/server_settings'))).toHaveProperty('realm_uri');
  },
  258: (before, at) => {
    // Approximate: group-id values look the same on both sides.
    for (const server of [before!, at]) expect(typeof ok(server.as(IAGO).get('/user_groups'))['user_groups'][0]['can_mention_group']).toBe('number');
  },
  259: (before, at) => {
    for (const server of [before!, at]) {
      for (const step of registered(server, HAMLET, ['onboarding_steps'])['onboarding_steps']) expect(step['type']).toBe('one_time_notice');
    }
  },
  260: (before, at) => {
    const change = (server: ProbeServer, value: unknown) =>
      server.as(HAMLET).patch(`/user_groups/${createGroup(server)}`, { can_mention_group: JSON.stringify(value) });
    const everyone = ok(at.as(IAGO).get('/user_groups'))['user_groups'].find((group: Dict) => group['name'] === 'role:everyone')['id'];
    ok(change(before!, everyone));
    expect(change(at, everyone)).toMatchObject({ status: 400 });
    ok(change(at, { new: everyone }));
  },
  261: (before, at) => {
    const invite = (server: ProbeServer, email: string) =>
      ok(
        server.as(IAGO).post('/invites', {
          invitee_emails: email,
          stream_ids: JSON.stringify([CHANNEL.general]),
          include_realm_default_subscriptions: 'true',
        }),
      );
    expect(invite(before!, 'new1@chatref.test')['ignored_parameters_unsupported']).toEqual(['include_realm_default_subscriptions']);
    expect(invite(at, 'new1@chatref.test')['ignored_parameters_unsupported']).toBeUndefined();
  },
  262: (before, at) => {
    ok(at.as(HAMLET).get(`/users/${IAGO.userId}/status`));
    // 404, or 405 while POST on the same path (new at a later level) answers.
    expect([404, 405]).toContain(before!.as(HAMLET).get(`/users/${IAGO.userId}/status`).status);
  },
  263: (before, at) => {
    registerKeysProbe(IAGO, 'presence', ['presence_last_update_id'])(before, at);
    const report = (server: ProbeServer) => ok(server.as(HAMLET).post('/users/me/presence', { status: 'active', last_update_id: '-1' }));
    expect(report(at)).toHaveProperty('presence_last_update_id');
    const old = report(before!);
    expect(old).not.toHaveProperty('presence_last_update_id');
    expect(old['ignored_parameters_unsupported']).toEqual(['last_update_id']);
  },
  264: policyProbe('can_create_public_channel_group', 'create_public_stream_policy', 1),
  265: narrowProbe([{ operator: 'is', operand: 'followed' }], "unknown 'is' operand followed"),
  266: policyProbe('can_create_private_channel_group', 'create_private_stream_policy', 1),
  267: (before, at) => {
    const invite = (server: ProbeServer) =>
      ok(server.as(IAGO).post('/invites', { invitee_emails: 'new2@chatref.test', stream_ids: '[]', notify_referrer_on_join: 'false' }));
    expect(invite(at)['ignored_parameters_unsupported']).toBeUndefined();
    expect(invite(before!)['ignored_parameters_unsupported']).toEqual(['notify_referrer_on_join']);
    expect(ok(at.as(IAGO).get('/invites'))['invites'][0]).toHaveProperty('notify_referrer_on_join', false);
    expect(ok(before!.as(IAGO).get('/invites'))['invites'][0]).not.toHaveProperty('notify_referrer_on_join');
  },
  268: userSettingsProbe({ web_navigate_to_sent_message: 'false' }),
  269: userSettingsProbe({ web_channel_default_view: '2' }),
  270: (before, at) => {
    const now = registered(at, IAGO, ['realm']);
    expect(now).toHaveProperty('realm_direct_message_permission_group');
    expect(now).not.toHaveProperty('realm_private_message_policy');
    const old = registered(before!, IAGO, ['realm']);
    expect(old).not.toHaveProperty('realm_direct_message_initiator_group');
    expect(old).not.toHaveProperty('realm_direct_message_permission_group');
    expect(old['realm_private_message_policy']).toBe(1);
  },
  271: (before, at) => {
    const id = latestMessageId(at, 'general');
    narrowProbe([{ operator: 'with', operand: id }], 'unknown operator with')(before, at);
  },
  272: (before, at) => {
    const file = { fieldName: 'file', fileName: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') };
    const upload = (server: ProbeServer) => ok(server.model.call('POST', '/user_uploads', {}, { auth: IAGO, files: [file] }));
    expect(upload(at)).toHaveProperty('url');
    const old = upload(before!);
    expect(old).not.toHaveProperty('url');
    expect(old['uri']).toMatch(/^\/user_uploads\//);
  },
  273: (before, at) => {
    for (const server of [before!, at]) expect(registered(server, IAGO, ['realm'])).not.toHaveProperty('server_thumbnail_formats');
  },
  274: (before, at) => {
    // Iago is not subscribed to Verona and holds no row of its messages: only from the level does deleting one tell him.
    const deletions = (server: ProbeServer) =>
      eventsAfter(server, IAGO, ['delete_message'], () => ok(server.as(IAGO).delete(`/messages/${latestMessageId(server, 'Verona')}`)));
    expect(deletions(at)).toMatchObject([{ type: 'delete_message', stream_id: CHANNEL.verona }]);
    expect(deletions(before!)).toEqual([]);
    // Subscribers hear of it on both sides.
    for (const server of [before!, at]) {
      expect(
        eventsAfter(server, CORDELIA, ['delete_message'], () => ok(server.as(IAGO).delete(`/messages/${latestMessageId(server, 'Verona')}`))),
      ).toHaveLength(1);
    }
  },
  275: userSettingsProbe({ web_animate_image_previews: 'always' }),
  276: NO_CHANGE,
  277: NO_CHANGE,
});
