import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, HAMLET, HAMLET_BOT, IAGO, POLONIUS } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, NO_CHANGE, type ProbeServer, registerKeys, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { CAPABILITIES } from '../events/event.js';
import { levelView, requestAtLevel } from './at-level.js';
import { LEVELS_422_460 } from './levels-422-460.js';

type Json = Record<string, any>;

function ok(response: { status: number; body: unknown }): Json {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Json;
}

function ignored(response: { status: number; body: unknown }): string[] {
  return ok(response)['ignored_parameters_unsupported'] ?? [];
}

function register(server: ProbeServer, actor: Parameters<ProbeServer['as']>[0], fetchTypes: readonly string[], params: Record<string, string> = {}): Json {
  return ok(server.as(actor).post('/register', { fetch_event_types: JSON.stringify(fetchTypes), ...params }));
}

function newChannelMessages(server: ProbeServer): number {
  const before = server.model.state.messages.size;
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Quiet probe' }]) }).status).toBe(200);
  return server.model.state.messages.size - before;
}

/** The channel ids of the peer_remove events Hamlet gets when Cordelia, subscribed with him to an archived channel, is deactivated. */
function peerRemovalsOfDeactivation(server: ProbeServer): number[] {
  const subscriptions = JSON.stringify([{ name: 'Archived peers' }]);
  ok(server.as(IAGO).post('/users/me/subscriptions', { subscriptions, principals: JSON.stringify([HAMLET.userId, CORDELIA.userId]) }));
  const id = (ok(server.as(IAGO).get('/get_stream_id', { stream: 'Archived peers' })) as Record<string, number>)['stream_id']!;
  ok(server.as(IAGO).delete(`/streams/${id}`));
  const events = eventsAfter(server, HAMLET, ['subscription'], () => ok(server.as(IAGO).delete(`/users/${CORDELIA.userId}`)), {
    client_capabilities: JSON.stringify(Object.fromEntries(CAPABILITIES.map((name) => [name, name === 'archived_channels']))),
  });
  return events.filter((event) => event['op'] === 'peer_remove').flatMap((event) => event['stream_ids'] as number[]);
}

function restrictGuests(server: ProbeServer): void {
  const members = server.model.state.systemGroupIds['role:members'];
  ok(server.as(DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
}

function channelEmail(server: ProbeServer) {
  const admins = server.model.state.systemGroupIds['role:administrators'];
  ok(server.as(IAGO).patch(`/streams/${CHANNEL.general}`, { can_send_message_group: JSON.stringify({ new: admins }) }));
  return server.as(HAMLET).get(`/streams/${CHANNEL.general}/email_address`);
}

function lacksKeysAtBoth(fetchType: string, keys: readonly string[], present: readonly string[] = []) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    for (const server of [before!, at]) {
      const found = registerKeys(server, IAGO, fetchType);
      for (const key of keys) expect(found).not.toContain(key);
      expect(found).toEqual(expect.arrayContaining([...present]));
    }
  };
}

function notImplementedAtBoth(method: 'get' | 'post', path: string) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    for (const server of [before!, at]) expect(server.as(IAGO)[method](path).status).toBe(404);
  };
}

describeLevelChanges('feature levels 422–460', LEVELS_422_460, {
  422: NO_CHANGE,
  423: NO_CHANGE,
  424: NO_CHANGE,
  425: NO_CHANGE,
  426: (before, at) => {
    expect(register(at, HAMLET, ['realm'])).not.toHaveProperty('realm_is_zephyr_mirror_realm');
    expect(register(before!, HAMLET, ['realm'])).toHaveProperty('realm_is_zephyr_mirror_realm', false);
    expect(register(before!, HAMLET, ['message'])).not.toHaveProperty('realm_is_zephyr_mirror_realm');
  },
  427: lacksKeysAtBoth('realm', ['server_supported_permission_settings']),
  428: (before, at) => {
    expect(peerRemovalsOfDeactivation(at).length).toBeGreaterThan(peerRemovalsOfDeactivation(before!).length);
  },
  429: NO_CHANGE,
  430: (before, at) => {
    const consents = (server: ProbeServer) => ok(server.as(DESDEMONA).get('/export/realm/consents'))['export_consents'] as Json[];
    expect(consents(at)[0]).toHaveProperty('email_address_visibility');
    expect(consents(before!)[0]).not.toHaveProperty('email_address_visibility');
    expect(consents(before!)[0]).toHaveProperty('consented');
  },
  431: (before, at) => {
    const change = (server: ProbeServer) => ignored(server.as(HAMLET).patch('/settings', { web_inbox_show_channel_folders: 'false' }));
    expect(change(at)).toEqual([]);
    expect(change(before!)).toEqual(['web_inbox_show_channel_folders']);
    expect(register(at, HAMLET, ['user_settings'])['user_settings']).toHaveProperty('web_inbox_show_channel_folders', false);
    expect(register(before!, HAMLET, ['user_settings'])['user_settings']).not.toHaveProperty('web_inbox_show_channel_folders');
    expect(register(before!, HAMLET, ['realm_user_settings_defaults'])['realm_user_settings_defaults']).not.toHaveProperty('web_inbox_show_channel_folders');
  },
  432: (before, at) => {
    // The endpoint refuses every registration, so the walk shows in the request the endpoint gets.
    const params = { device_id: '1', push_public_key: 'key' };
    expect(requestAtLevel(levelView(before!.level), 'register-push-device', params, before!.model.state).params).toEqual({ device_id: '1', push_key: 'key' });
    expect(requestAtLevel(levelView(at.level), 'register-push-device', params, at.model.state).params).toEqual(params);
  },
  433: (before, at) => {
    const user = (server: ProbeServer) => ok(server.as(IAGO).get(`/users/${HAMLET.userId}`))['user'];
    expect(user(at)).toHaveProperty('is_imported_stub', false);
    expect(user(before!)).not.toHaveProperty('is_imported_stub');
    expect(user(before!)).toHaveProperty('full_name');
    const members = ok(before!.as(IAGO).get('/users'))['members'] as Json[];
    expect(members.some((member) => 'is_imported_stub' in member)).toBe(false);
    expect(ok(before!.as(HAMLET).get('/users/me'))).not.toHaveProperty('is_imported_stub');
    const state = register(before!, HAMLET, ['realm_user']);
    expect([...state['realm_users'], ...state['cross_realm_bots']].some((member: Json) => 'is_imported_stub' in member)).toBe(false);
  },
  434: (before, at) => {
    expect(ignored(at.as(IAGO).patch('/realm', { send_channel_events_messages: 'false' }))).toEqual([]);
    expect(ignored(before!.as(IAGO).patch('/realm', { send_channel_events_messages: 'false' }))).toEqual(['send_channel_events_messages']);
    expect(newChannelMessages(at)).toBe(0);
    expect(newChannelMessages(before!)).toBeGreaterThan(0);
    expect(register(at, HAMLET, ['realm'])).toHaveProperty('realm_send_channel_events_messages');
    expect(register(before!, HAMLET, ['realm'])).not.toHaveProperty('realm_send_channel_events_messages');
  },
  435: registerKeysProbe(IAGO, 'realm', ['server_report_message_types']),
  436: NO_CHANGE,
  437: (before, at) => {
    const listed = (server: ProbeServer) => {
      restrictGuests(server);
      return (ok(server.as(POLONIUS).get('/users'))['members'] as Json[]).map((member) => member['full_name']);
    };
    expect(listed(at)).not.toContain('Unknown user');
    expect(listed(before!)).toContain('Unknown user');
    expect(listed(at)).toContain('King Hamlet');
  },
  438: lacksKeysAtBoth('realm', ['realm_owner_full_content_access'], ['realm_name']),
  439: (before, at) => {
    const act = (server: ProbeServer) => () => expect(server.as(HAMLET).patch('/settings', { twenty_four_hour_time: 'true' }).status).toBe(200);
    const types = (server: ProbeServer) => eventsAfter(server, HAMLET, ['user_settings', 'update_display_settings'], act(server)).map((event) => event['type']);
    expect(types(at)).toEqual(['user_settings']);
    expect(types(before!)).toEqual(expect.arrayContaining(['user_settings', 'update_display_settings']));
  },
  440: notImplementedAtBoth('get', `/users/${HAMLET.userId}/channels`),
  441: (before, at) => {
    const stream = (server: ProbeServer) => ok(server.as(HAMLET).get(`/streams/${CHANNEL.general}`))['stream'];
    expect(stream(at)).toHaveProperty('can_create_topic_group');
    expect(stream(before!)).not.toHaveProperty('can_create_topic_group');
    const admins = JSON.stringify({ new: at.model.state.systemGroupIds['role:administrators'] });
    const change = (server: ProbeServer) => ignored(server.as(IAGO).patch(`/streams/${CHANNEL.general}`, { can_create_topic_group: admins }));
    expect(change(at)).toEqual([]);
    expect(change(before!)).toEqual(['can_create_topic_group']);
    const subscriptions = register(before!, HAMLET, ['subscription'])['subscriptions'] as Json[];
    expect(subscriptions.some((subscription) => 'can_create_topic_group' in subscription)).toBe(false);
  },
  442: lacksKeysAtBoth('realm', ['tenor_api_key', 'gif_rating_options'], ['giphy_rating_options']),
  443: (before, at) => {
    for (const server of [before!, at]) {
      const file = { fieldName: 'file', fileName: 'probe.txt', contentType: 'text/plain', data: Buffer.from('probe') };
      ok(server.model.call('POST', '/user_uploads', {}, { auth: HAMLET, files: [file] }));
      const [attachment] = ok(server.as(HAMLET).get('/attachments'))['attachments'] as Json[];
      // Milliseconds at both levels: chatref keeps its spec's unit (the row says so).
      expect(attachment!['create_time']).toBeGreaterThan(1e12);
    }
  },
  444: (before, at) => {
    const targets = JSON.stringify({ user_ids: [CORDELIA.userId], skip_if_already_edited: false });
    const change = (server: ProbeServer) => ignored(server.as(IAGO).patch('/settings', { target_users: targets, twenty_four_hour_time: 'true' }));
    expect(change(at)).toEqual([]);
    expect(change(before!)).toEqual(['target_users']);
  },
  445: (before, at) => {
    for (const server of [before!, at]) {
      const response = server.as(HAMLET).get('/messages', { anchor: 'date', anchor_date: '2025-01-01T00:00:00Z', num_before: '1', num_after: '1' });
      expect(response.status).toBe(400);
    }
  },
  446: (before, at) => {
    const narrow = JSON.stringify([{ operator: 'mentions', operand: HAMLET.userId }]);
    for (const server of [before!, at]) {
      expect(server.as(HAMLET).get('/messages', { anchor: 'newest', num_before: '5', num_after: '0', narrow }).status).toBe(400);
    }
  },
  447: (before, at) => {
    const rename = (server: ProbeServer) => server.as(HAMLET).patch(`/bots/${HAMLET_BOT.userId}`, { short_name: 'renamed', full_name: 'Renamed bot' });
    expect(ignored(rename(at))).toEqual([]);
    expect(ignored(rename(before!))).toEqual(['short_name']);
  },
  448: (before, at) => {
    expect(channelEmail(before!).status).toBe(200);
    expect(channelEmail(at)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  },
  449: (before, at) => {
    for (const server of [before!, at]) expect(server.as(DESDEMONA).post('/export/realm', { export_type: 'public' }).status).toBe(400);
  },
  450: NO_CHANGE,
  451: (before, at) => {
    for (const server of [before!, at]) {
      const rendered = ok(server.as(HAMLET).post('/messages/render', { content: '<time:not a time>' }))['rendered'];
      expect(rendered).toContain('timestamp-error');
    }
  },
  452: NO_CHANGE,
  453: lacksKeysAtBoth('realm', ['gif_rating_policy_options', 'realm_gif_rating_policy'], ['realm_giphy_rating']),
  454: (before, at) => {
    const set = (server: ProbeServer, value: string) => server.as(HAMLET).patch('/settings', { web_home_view: value });
    expect(set(at, 'recent_topics').status).toBe(400);
    expect(set(before!, 'recent').status).toBe(400);
    ok(set(at, 'recent'));
    ok(set(before!, 'recent_topics'));
    expect(register(at, HAMLET, ['user_settings'])['user_settings']).toHaveProperty('web_home_view', 'recent');
    expect(register(before!, HAMLET, ['user_settings'])['user_settings']).toHaveProperty('web_home_view', 'recent_topics');
    const events = eventsAfter(before!, HAMLET, ['user_settings'], () => {
      ok(set(before!, 'inbox'));
      ok(set(before!, 'recent_topics'));
    });
    expect(events.map((event) => event['value'])).toEqual(['inbox', 'recent_topics']);
  },
  455: (before, at) => {
    for (const server of [before!, at]) {
      const fields = ok(server.as(HAMLET).get('/realm/profile_fields'))['custom_fields'] as Json[];
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.some((field) => 'use_for_user_matching' in field)).toBe(false);
    }
  },
  456: lacksKeysAtBoth('realm', ['realm_default_avatar_source'], ['realm_name']),
  457: (before, at) => {
    for (const server of [before!, at]) {
      const sent = ok(server.as(HAMLET).post('/messages', { type: 'stream', to: 'general', topic: 'deletion probe', content: 'gone soon' }))['id'];
      const events = eventsAfter(server, IAGO, ['delete_message'], () => ok(server.as(IAGO).delete(`/messages/${sent}`)));
      expect(events.map((event) => event['message_id'])).toEqual([sent]);
    }
  },
  458: (before, at) => {
    const status = (server: ProbeServer) => server.as(HAMLET).get(`/users/${HAMLET_BOT.userId}/subscriptions/${CHANNEL.general}`);
    expect(ok(status(at))).toHaveProperty('is_subscribed');
    expect(status(before!)).toMatchObject({ status: 400, body: { msg: 'No such user' } });
    const group = at.model.state.systemGroupIds['role:everyone'];
    const member = (server: ProbeServer) => server.as(HAMLET).get(`/user_groups/${group}/members/${HAMLET_BOT.userId}`);
    expect(ok(member(at))).toHaveProperty('is_user_group_member');
    expect(member(before!)).toMatchObject({ status: 400, body: { msg: 'No such user' } });
  },
  459: (before, at) => {
    const deactivate = (server: ProbeServer) => server.as(IAGO).delete(`/users/${CORDELIA.userId}`, { actions: JSON.stringify({ delete_profile: true }) });
    expect(ignored(deactivate(at))).toEqual([]);
    expect(ignored(deactivate(before!))).toEqual(['actions']);
  },
  460: notImplementedAtBoth('post', '/calls/constructorgroups/create'),
});
