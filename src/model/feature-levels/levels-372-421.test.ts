import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, HAMLET, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, type LevelProbe, NO_CHANGE, type ProbeServer, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_372_421 } from './levels-372-421.js';

type Actor = Parameters<ProbeServer['as']>[0];
type Method = 'get' | 'post' | 'patch' | 'delete';
type Json = Record<string, any>;

function call(server: ProbeServer, actor: Actor, method: Method, path: string, params: Record<string, string> = {}) {
  return server.as(actor)[method](path, params);
}

function json(response: { body: unknown }): Json {
  return response.body as Json;
}

/** An endpoint new at the level: the level below answers as for an unknown path (or a path with only other methods). */
function endpointProbe(actor: Actor, method: Method, path: string, params: Record<string, string> = {}): LevelProbe {
  return (before, at) => {
    const answered = call(at, actor, method, path, params);
    expect(answered.status, JSON.stringify(answered.body)).not.toBe(405);
    expect(json(answered)['msg']).not.toBe('Not Found');
    const old = call(before!, actor, method, path, params);
    expect([404, 405]).toContain(old.status);
    expect(json(old)['msg']).toMatch(/^(Not Found|Method Not Allowed)$/);
  };
}

/** A parameter new at the level: reported as ignored just below it, not at it. */
function paramProbe(actor: Actor, method: Method, path: string, params: Record<string, string>, name: string): LevelProbe {
  return (before, at) => {
    const answered = json(call(at, actor, method, path, params));
    expect(answered['ignored_parameters_unsupported'] ?? []).not.toContain(name);
    const old = json(call(before!, actor, method, path, params));
    expect(old['ignored_parameters_unsupported'], JSON.stringify(old)).toContain(name);
  };
}

function register(server: ProbeServer, actor: Actor, params: Record<string, string> = {}): Json {
  const response = server.as(actor).post('/register', params);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return json(response);
}

/** Keys of channel dicts new at the level: absent from GET /streams/{id}, GET /streams and register's streams just below. */
function channelKeysProbe(keys: readonly string[]): LevelProbe {
  return (before, at) => {
    const stream = (server: ProbeServer) => json(server.as(IAGO).get(`/streams/${CHANNEL.denmark}`))['stream'] as Json;
    const listed = (server: ProbeServer) => (json(server.as(IAGO).get('/streams'))['streams'] as Json[])[0]!;
    const registered = (server: ProbeServer) => (register(server, IAGO, { fetch_event_types: '["subscription", "stream"]' })['subscriptions'] as Json[])[0]!;
    for (const key of keys) {
      expect(stream(at)).toHaveProperty(key);
      expect(listed(at)).toHaveProperty(key);
      expect(registered(at)).toHaveProperty(key);
      expect(stream(before!)).not.toHaveProperty(key);
      expect(listed(before!)).not.toHaveProperty(key);
      expect(registered(before!)).not.toHaveProperty(key);
    }
  };
}

/** A personal setting new at the level: in register's user_settings and a PATCH /settings parameter from the level on. */
function userSettingProbe(name: string, value: string): LevelProbe {
  return (before, at) => {
    expect(register(at, HAMLET, { fetch_event_types: '["user_settings"]' })['user_settings']).toHaveProperty(name);
    expect(register(before!, HAMLET, { fetch_event_types: '["user_settings"]' })['user_settings']).not.toHaveProperty(name);
    paramProbe(HAMLET, 'patch', '/settings', { [name]: value }, name)(before, at);
  };
}

function typingTopics(server: ProbeServer): unknown[] {
  const capabilities = JSON.stringify({ notification_settings_null: true, stream_typing_notifications: true, empty_topic_name: true });
  const events = eventsAfter(
    server,
    IAGO,
    ['typing'],
    () => {
      const sent = server.as(HAMLET).post('/typing', { type: 'stream', op: 'start', stream_id: String(CHANNEL.denmark), topic: '(no topic)' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    },
    { client_capabilities: capabilities },
  );
  return events.map((event) => event['topic']);
}

function hamletMessage(server: ProbeServer): number {
  const sent = server.as(HAMLET).post('/messages', { type: 'stream', to: String(CHANNEL.denmark), topic: 'probe', content: 'a probe' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return json(sent)['id'] as number;
}

function createFolders(server: ProbeServer): number[] {
  return ['Zeta', 'Alpha'].map((name) => {
    const created = server.as(IAGO).post('/channel_folders/create', { name, description: '' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return json(created)['channel_folder_id'] as number;
  });
}

describeLevelChanges('feature levels 372–421', LEVELS_372_421, {
  372: (before, at) => {
    expect(typingTopics(at)).toEqual(['']);
    expect(typingTopics(before!)).toEqual(['(no topic)']);
  },
  373: NO_CHANGE,
  374: NO_CHANGE,
  375: NO_CHANGE,
  376: NO_CHANGE,
  377: (before, at) => {
    const peerRemoves = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['subscription'], () => expect(server.as(IAGO).delete(`/users/${CORDELIA.userId}`).status).toBe(200)).filter(
        (event) => event['op'] === 'peer_remove',
      );
    expect(peerRemoves(at).length).toBeGreaterThan(0);
    expect(peerRemoves(before!)).toEqual([]);
  },
  378: (before, at) => {
    const archiving = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['stream'], () => expect(server.as(IAGO).delete(`/streams/${CHANNEL.denmark}`).status).toBe(200), {
        client_capabilities: JSON.stringify({ notification_settings_null: true, archived_channels: true }),
      }).map((event) => event['op']);
    expect(archiving(at)).toEqual(['update']);
    expect(archiving(before!)).toEqual(['delete']);
    const listed = (server: ProbeServer) => {
      const streams = register(server, HAMLET, {
        fetch_event_types: '["stream"]',
        client_capabilities: JSON.stringify({ notification_settings_null: true, archived_channels: true }),
      })['streams'] as Json[];
      return streams.some((stream) => stream['stream_id'] === CHANNEL.denmark);
    };
    expect(listed(at)).toBe(true);
    expect(listed(before!)).toBe(false);
  },
  379: (before, at) => {
    for (const server of [at, before!]) {
      const id = hamletMessage(server);
      const edited = json(server.as(HAMLET).patch(`/messages/${id}`, { content: 'edited', prev_content_sha256: 'f'.repeat(64) }));
      const ignored = (edited['ignored_parameters_unsupported'] ?? []) as string[];
      expect(ignored.includes('prev_content_sha256'), JSON.stringify(edited)).toBe(server === before);
    }
  },
  380: (before, at) => {
    expect(register(at, IAGO, { fetch_event_types: '["realm_user"]' })['is_moderator']).toBe(true);
    expect(register(before!, IAGO, { fetch_event_types: '["realm_user"]' })['is_moderator']).toBe(false);
  },
  381: endpointProbe(HAMLET, 'post', '/reminders', { message_id: '1', scheduled_delivery_timestamp: String(2_000_000_000) }),
  382: endpointProbe(HAMLET, 'post', '/messages/1/report', { report_type: 'spam' }),
  383: (before, at) => {
    expect(at.as(HAMLET).patch('/settings', { web_channel_default_view: '3' }).status).toBe(200);
    expect(before!.as(HAMLET).patch('/settings', { web_channel_default_view: '3' }).status).toBe(400);
    expect(before!.as(HAMLET).patch('/settings', { web_channel_default_view: '2' }).status).toBe(200);
  },
  384: (before, at) => {
    const members = (server: ProbeServer) => (json(server.as(HAMLET).get('/users', { user_ids: '[4]' }))['members'] as Json[]).length;
    expect(members(at)).toBe(1);
    expect(members(before!)).toBeGreaterThan(1);
    paramProbe(HAMLET, 'get', '/users', { user_ids: '[4]' }, 'user_ids')(before, at);
  },
  385: userSettingProbe('resolved_topic_notice_auto_read_policy', 'always'),
  386: (before, at) => {
    const reactivate = (server: ProbeServer) => {
      const created = server.as(HAMLET).post('/user_groups/create', { name: 'probe crew', description: '', members: JSON.stringify([HAMLET.userId]) });
      const id = json(created)['group_id'];
      expect(server.as(HAMLET).post(`/user_groups/${id}/deactivate`).status).toBe(200);
      return server.as(HAMLET).patch(`/user_groups/${id}`, { deactivated: 'false' });
    };
    expect(reactivate(at).status).toBe(200);
    // Below 386 the parameter is unknown, so the request changes nothing.
    expect(reactivate(before!)).toMatchObject({ status: 400, body: { msg: 'No new data supplied' } });
  },
  387: (before, at) => {
    for (const server of [before!, at]) expect(server.as(null).get('/users').status).toBe(401);
  },
  388: paramProbe(IAGO, 'patch', `/streams/${CHANNEL.denmark}`, { is_archived: 'false' }, 'is_archived'),
  389: async (before, at) => {
    await registerKeysProbe(IAGO, 'channel_folders', ['channel_folders'])(before, at);
    await endpointProbe(IAGO, 'get', '/channel_folders')(before, at);
    await endpointProbe(IAGO, 'post', '/channel_folders/create', { name: 'Cast', description: '' })(before, at);
    await channelKeysProbe(['folder_id'])(before, at);
    paramProbe(IAGO, 'patch', `/streams/${CHANNEL.denmark}`, { folder_id: 'null' }, 'folder_id')(before, at);
  },
  390: async (before, at) => {
    await registerKeysProbe(IAGO, 'navigation_views', ['navigation_views'])(before, at);
    await endpointProbe(HAMLET, 'get', '/navigation_views')(before, at);
    const added = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['navigation_view'], () =>
        server.as(HAMLET).post('/navigation_views', { fragment: 'narrow/is/alerted', is_pinned: 'true', name: 'Alerts' }),
      );
    expect(added(at).length).toBe(1);
    expect(added(before!)).toEqual([]);
  },
  391: (before, at) => {
    const addToDeactivatedGroup = (server: ProbeServer) => {
      const created = server.as(HAMLET).post('/user_groups/create', { name: 'probe crew', description: '', members: JSON.stringify([HAMLET.userId]) });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = json(created)['group_id'];
      expect(server.as(HAMLET).post(`/user_groups/${id}/deactivate`).status).toBe(200);
      return server.as(HAMLET).post(`/user_groups/${id}/members`, { add: JSON.stringify([CORDELIA.userId]) });
    };
    expect(addToDeactivatedGroup(at).status).toBe(200);
    expect(addToDeactivatedGroup(before!)).toMatchObject({ status: 400, body: { msg: 'User group is deactivated.' } });
  },
  392: async (before, at) => {
    await channelKeysProbe(['topics_policy'])(before, at);
    const realm = (server: ProbeServer) => register(server, IAGO, { fetch_event_types: '["realm"]' });
    expect(realm(at)).toHaveProperty('realm_topics_policy');
    expect(realm(at)).toHaveProperty('realm_can_set_topics_policy_group');
    expect(realm(before!)).not.toHaveProperty('realm_topics_policy');
    expect(realm(before!)).not.toHaveProperty('realm_can_set_topics_policy_group');
    // Below 392 PATCH /realm takes mandatory_topics; at 392 it is an unknown parameter.
    const set = json(before!.as(DESDEMONA).patch('/realm', { mandatory_topics: 'true' }));
    expect(set['ignored_parameters_unsupported'] ?? []).not.toContain('mandatory_topics');
    expect(realm(before!)['realm_mandatory_topics']).toBe(true);
    expect(json(at.as(DESDEMONA).patch('/realm', { mandatory_topics: 'true' }))['ignored_parameters_unsupported']).toContain('mandatory_topics');
    expect(json(before!.as(DESDEMONA).patch('/realm', { topics_policy: 'allow_empty_topic' }))['ignored_parameters_unsupported']).toContain('topics_policy');
  },
  393: (before, at) => {
    const deleted = (server: ProbeServer) => {
      const ids = [hamletMessage(server), hamletMessage(server)];
      return eventsAfter(server, HAMLET, ['delete_message'], () => expect(server.as(IAGO).delete(`/messages/${ids[1]}`).status).toBe(200)).map(
        (event) => event['message_ids'] ?? [event['message_id']],
      );
    };
    expect(deleted(at)).toEqual(deleted(before!).map((ids) => ids.map((id: number) => id)));
  },
  394: channelKeysProbe(['subscriber_count']),
  395: NO_CHANGE,
  396: channelKeysProbe(['can_move_messages_out_of_channel_group', 'can_move_messages_within_channel_group']),
  397: async (before, at) => {
    const subscribe = (server: ProbeServer) =>
      json(server.as(IAGO).post('/users/me/subscriptions', { subscriptions: '[{"name": "Denmark"}]', principals: '[5]' }));
    expect(subscribe(at)).toHaveProperty('new_subscription_messages_sent');
    expect(subscribe(before!)).not.toHaveProperty('new_subscription_messages_sent');
    await registerKeysProbe(IAGO, 'realm', ['max_bulk_new_subscription_messages'])(before, at);
  },
  398: userSettingProbe('web_left_sidebar_unreads_count_summary', 'false'),
  399: async (before, at) => {
    await registerKeysProbe(HAMLET, 'reminders', ['reminders'])(before, at);
    await endpointProbe(HAMLET, 'get', '/reminders')(before, at);
  },
  400: (before, at) => {
    // chatref links to the topic's oldest message on both sides (the form below 400).
    const rendered = (server: ProbeServer) => json(server.as(HAMLET).post('/messages/render', { content: '#**Denmark>probe**' }))['rendered'];
    for (const server of [at, before!]) hamletMessage(server);
    expect(rendered(at)).toBe(rendered(before!));
    expect(rendered(at)).toContain('/with/');
  },
  401: (before, at) => {
    expect(at.as(HAMLET).patch('/settings', { web_channel_default_view: '4' }).status).toBe(200);
    expect(before!.as(HAMLET).patch('/settings', { web_channel_default_view: '4' }).status).toBe(400);
    expect(before!.as(HAMLET).patch('/settings', { web_channel_default_view: '3' }).status).toBe(200);
  },
  402: channelKeysProbe(['can_resolve_topics_group']),
  403: (before, at) => {
    for (const server of [before!, at])
      expect(register(server, IAGO, { fetch_event_types: '["realm_incoming_webhook_bots"]' })['realm_incoming_webhook_bots']).toEqual([]);
  },
  404: (before, at) => {
    const setTopicsPolicy = (server: ProbeServer) => server.as(IAGO).patch('/streams/1', { topics_policy: 'empty_topic_only' });
    // At 404 the value is known, and refused here only for the channel's topics; below it, the value itself is invalid.
    expect(json(setTopicsPolicy(at))['msg']).toContain('"general chat" topic');
    expect(setTopicsPolicy(before!)).toMatchObject({ status: 400, body: { msg: 'Invalid topics_policy' } });
  },
  405: NO_CHANGE,
  406: async (before, at) => {
    await registerKeysProbe(HAMLET, 'push_device', ['push_devices'])(before, at);
    await endpointProbe(HAMLET, 'post', '/mobile_push/register', {})(before, at);
  },
  407: async (before, at) => {
    await channelKeysProbe(['can_delete_any_message_group', 'can_delete_own_message_group'])(before, at);
    await registerKeysProbe(IAGO, 'realm', ['realm_can_set_delete_message_policy_group'])(before, at);
    await endpointProbe(IAGO, 'post', `/users/${HAMLET.userId}/status`, { status_text: 'busy' })(before, at);
  },
  408: NO_CHANGE,
  409: registerKeysProbe(IAGO, 'realm', ['realm_require_e2ee_push_notifications']),
  410: registerKeysProbe(IAGO, 'realm', ['max_channel_folder_name_length', 'max_channel_folder_description_length']),
  411: userSettingProbe('web_left_sidebar_show_channel_folders', 'false'),
  412: (before, at) => {
    expect(at.as(HAMLET).get('/users/me/subscriptions', { include_subscribers: 'partial' }).status).toBe(200);
    expect(before!.as(HAMLET).get('/users/me/subscriptions', { include_subscribers: 'partial' }).status).toBe(400);
    expect(at.as(HAMLET).post('/register', { include_subscribers: 'partial' }).status).toBe(200);
    expect(before!.as(HAMLET).post('/register', { include_subscribers: 'partial' })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid include_subscribers' },
    });
  },
  413: NO_CHANGE,
  414: async (before, at) => {
    const listed = (server: ProbeServer) => {
      createFolders(server);
      return json(server.as(IAGO).get('/channel_folders'))['channel_folders'] as Json[];
    };
    const now = listed(at);
    expect(now.every((folder) => 'order' in folder)).toBe(true);
    const old = listed(before!);
    expect(old.some((folder) => 'order' in folder)).toBe(false);
    expect(old.map((folder) => folder['id'])).toEqual([...old.map((folder) => folder['id'] as number)].sort((a, b) => a - b));
    await endpointProbe(IAGO, 'patch', '/channel_folders', { order: JSON.stringify(now.map((folder) => folder['id']).reverse()) })(before, at);
  },
  415: async (before, at) => {
    await registerKeysProbe(IAGO, 'realm', ['max_reminder_note_length'])(before, at);
    paramProbe(HAMLET, 'post', '/reminders', { message_id: '1', scheduled_delivery_timestamp: String(2_000_000_000), note: 'remember' }, 'note')(before, at);
  },
  416: async (before, at) => {
    await registerKeysProbe(IAGO, 'realm', ['realm_welcome_message_custom_text'])(before, at);
    await endpointProbe(IAGO, 'post', '/realm/test_welcome_bot_custom_message', { welcome_message_custom_text: 'Hello' })(before, at);
  },
  417: endpointProbe(IAGO, 'post', '/channels/create', { name: 'probe channel', subscribers: '[2]' }),
  418: (before, at) => {
    const reorders = (server: ProbeServer) => {
      const ids = createFolders(server);
      return eventsAfter(server, HAMLET, ['channel_folder'], () =>
        expect(server.as(IAGO).patch('/channel_folders', { order: JSON.stringify([...ids].reverse()) }).status).toBe(200),
      ).filter((event) => event['op'] === 'reorder');
    };
    expect(reorders(at).length).toBe(1);
    expect(reorders(before!)).toEqual([]);
  },
  419: (before, at) => {
    const presence = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['presence'], () => expect(server.as(CORDELIA).post('/users/me/presence', { status: 'active' }).status).toBe(200), {
        client_capabilities: JSON.stringify({ notification_settings_null: true, simplified_presence_events: true }),
      });
    expect(presence(at)[0]).toHaveProperty('presences');
    const old = presence(before!);
    expect(old[0]).not.toHaveProperty('presences');
    expect(old[0]).toHaveProperty('presence');
  },
  420: endpointProbe(HAMLET, 'post', '/mobile_push/e2ee/test_notification'),
  421: NO_CHANGE,
});
