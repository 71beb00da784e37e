import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, FIELD, GROUP, HAMLET, HAMLET_BOT, IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, NO_CHANGE, type ProbeServer, registerKeys, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { getRow } from '../tables/table.js';
import { LEVELS_461_496 } from './levels-461-496.js';

type Json = Record<string, any>;

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

function ok(response: { status: number; body: unknown }): Json {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Json;
}

/** The status of a path at both levels: for endpoints chatref does not serve at either. */
function notServed(method: 'get' | 'post', path: string) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    for (const server of [before!, at]) expect(server.as(HAMLET)[method](path, {}).status).toBe(404);
  };
}

/** The realm_bot events Hamlet (the bot's owner) hears while `act` runs. */
function botEvents(server: ProbeServer, act: (server: ProbeServer) => void): Json[] {
  return eventsAfter(server, HAMLET, ['realm_bot'], () => act(server));
}

function register(server: ProbeServer, actor: Parameters<ProbeServer['as']>[0], types: readonly string[], params: Record<string, string> = {}): Json {
  return ok(server.as(actor).post('/register', { fetch_event_types: JSON.stringify(types), ...params }));
}

/** A linkifier with every optional field, and the keys of its object in GET /realm/linkifiers, register and the event. */
function linkifierKeys(server: ProbeServer): { listed: string[]; registered: string[]; sent: string[] } {
  const params = {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://example.com/{id}',
    example_input: '#12',
    reverse_template: '#{id}',
    alternative_url_templates: JSON.stringify(['https://example.org/{id}']),
  };
  const capabilities = { client_capabilities: JSON.stringify({ notification_settings_null: true, linkifier_url_template: true }) };
  const events = eventsAfter(server, IAGO, ['realm_linkifiers'], () => ok(server.as(IAGO).post('/realm/filters', params)), capabilities);
  const listed = ok(server.as(HAMLET).get('/realm/linkifiers'))['linkifiers'] as Json[];
  const registered = register(server, HAMLET, ['realm_linkifiers'], capabilities)['realm_linkifiers'] as Json[];
  const sent = events[0]!['realm_linkifiers'] as Json[];
  return { listed: Object.keys(listed.at(-1)!), registered: Object.keys(registered.at(-1)!), sent: Object.keys(sent.at(-1)!) };
}

function linkifierProbe(keys: readonly string[]) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    for (const list of Object.values(linkifierKeys(at))) expect(list).toEqual(expect.arrayContaining([...keys]));
    for (const list of Object.values(linkifierKeys(before!))) for (const key of keys) expect(list).not.toContain(key);
  };
}

/** Hamlet's attachment, linked from a message, as GET /attachments lists it. */
function linkedAttachment(server: ProbeServer): Json {
  const uploaded = server.model.call('POST', '/user_uploads', {}, { auth: HAMLET, files: [fileOf('notes.txt')] });
  const url = String((uploaded.body as Json)['url']);
  ok(server.as(HAMLET).post('/messages', { type: 'stream', to: 'Denmark', topic: 'files', content: `[notes](${url})` }));
  return (ok(server.as(HAMLET).get('/attachments'))['attachments'] as Json[]).at(-1)!;
}

function fileOf(fileName: string) {
  return { fieldName: 'file', fileName, contentType: 'text/plain', data: new TextEncoder().encode('some notes') };
}

describeLevelChanges('feature levels 461–496', LEVELS_461_496, {
  461: (before, at) => {
    const rename = (server: ProbeServer) => ok(server.as(HAMLET).patch(`/bots/${HAMLET_BOT.userId}`, { short_name: 'renamed' }));
    expect(botEvents(at, rename)).toEqual([
      expect.objectContaining({ op: 'update', bot: { user_id: HAMLET_BOT.userId, email: expect.stringContaining('renamed') } }),
    ]);
    expect(botEvents(before!, rename)).toEqual([]);
  },
  462: (before, at) => {
    const events = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['realm'], () => ok(server.as(IAGO).patch('/realm', { description: 'A **rotten** state' })));
    expect(events(at)).toEqual([
      expect.objectContaining({ type: 'realm', op: 'update', property: 'description', rendered_description: expect.stringContaining('<strong>') }),
    ]);
    expect(events(before!)[0]).not.toHaveProperty('rendered_description');
  },
  463: notServed('get', `/bots/${HAMLET_BOT.userId}/api_key`),
  464: (before, at) => {
    const events = (server: ProbeServer) => eventsAfter(server, HAMLET, ['realm'], () => ok(server.as(IAGO).patch('/realm', { description: 'New words' })));
    expect(events(at)).toEqual([expect.objectContaining({ op: 'update_dict', property: 'default', data: { description: 'New words' } })]);
    expect(events(before!)).toEqual([expect.objectContaining({ op: 'update', property: 'description', value: 'New words' })]);
  },
  465: notServed('post', '/calls/nextcloud_talk/create'),
  466: (before, at) => {
    // chatref keeps no realm UUID: the claim is that neither level sends one.
    for (const server of [before!, at]) expect(registerKeys(server, HAMLET, 'realm')).not.toContain('realm_uuid');
  },
  467: (before, at) => {
    // No image syntax at either level: the same rendering.
    const render = (server: ProbeServer) => ok(server.as(HAMLET).post('/messages/render', { content: '![alt](https://example.com/a.png)' }))['rendered'];
    expect(render(at)).toBe(render(before!));
  },
  468: (before, at) => {
    expect(registerKeys(at, HAMLET, 'push_device')).not.toContain('push_devices');
    expect(registerKeys(before!, HAMLET, 'push_device')).toContain('push_devices');
    registerKeysProbe(HAMLET, 'device', ['devices'])(before, at);
    expect(register(at, HAMLET, ['device'])['devices']).toEqual({});
  },
  469: (before, at) => {
    for (const server of [before!, at]) {
      expect(ok(server.as(IAGO).patch('/realm', { media_preview_size: '1' }))['ignored_parameters_unsupported']).toEqual(['media_preview_size']);
    }
  },
  470: notServed('post', '/remove_client_device'),
  471: linkifierProbe(['example_input', 'reverse_template']),
  472: (before, at) => {
    const attachment = linkedAttachment(at);
    expect(attachment['message_ids']).toEqual([expect.any(Number)]);
    expect(attachment).not.toHaveProperty('messages');
    const old = linkedAttachment(before!);
    expect(old['messages']).toEqual([{ id: expect.any(Number), date_sent: expect.any(Number) }]);
    expect(old).not.toHaveProperty('message_ids');
  },
  473: (before, at) => {
    // Hamlet's bot is no administrator: past the bot check at 473, it meets the administrator check.
    const set = (server: ProbeServer) => server.as(HAMLET_BOT).post(`/users/${CORDELIA.userId}/status`, { status_text: 'busy' }).body as Json;
    expect(set(before!)['msg']).toBe('This endpoint does not accept bot requests.');
    expect(set(at)['msg']).not.toBe('This endpoint does not accept bot requests.');
  },
  474: (before, at) => {
    const bot = (server: ProbeServer) =>
      (register(server, HAMLET, ['realm_bot'])['realm_bots'] as Json[]).find((entry) => entry['user_id'] === HAMLET_BOT.userId)!;
    expect(Object.keys(bot(at)).sort()).toEqual([
      'default_all_public_streams',
      'default_events_register_stream',
      'default_sending_stream',
      'services',
      'user_id',
    ]);
    expect(bot(before!)).toMatchObject({ email: HAMLET_BOT.email, api_key: HAMLET_BOT.apiKey, owner_id: HAMLET.userId, is_active: true, bot_type: 1 });
    const rename = (server: ProbeServer) => ok(server.as(HAMLET).patch(`/bots/${HAMLET_BOT.userId}`, { full_name: 'Renamed Bot' }));
    expect(botEvents(at, rename)).toEqual([]);
    expect(botEvents(before!, rename)).toEqual([expect.objectContaining({ op: 'update', bot: { user_id: HAMLET_BOT.userId, full_name: 'Renamed Bot' } })]);
  },
  475: (before, at) => {
    const firstLogin = (server: ProbeServer) => {
      const created = ok(server.as(DESDEMONA).post('/users', { email: 'newbie@chatref.test', password: 'a-Strong-passw0rd-42', full_name: 'New Bie' }));
      ok(server.as(null).post('/fetch_api_key', { username: 'newbie@chatref.test', password: 'a-Strong-passw0rd-42' }));
      return getRow(server.model.state.users, Number(created['user_id']))!.firstLoginAt;
    };
    expect(firstLogin(at)).not.toBeNull();
    expect(firstLogin(before!)).toBeNull();
  },
  476: (before, at) => {
    const show = (server: ProbeServer) => server.as(IAGO).patch(`/realm/profile_fields/${FIELD.biography}`, { display_in_profile_summary: 'true' });
    expect(show(at).status).toBe(200);
    expect(show(before!).body).toMatchObject({ msg: 'Field type not supported for display in profile summary.' });
  },
  477: (before, at) => {
    for (const server of [before!, at]) {
      const answer = ok(server.as(IAGO).patch('/realm', { workplace_users_group: '1' }));
      expect(answer['ignored_parameters_unsupported']).toEqual(['workplace_users_group']);
    }
  },
  478: linkifierProbe(['alternative_url_templates']),
  479: notServed('get', '/thumbnail/status/2/ab/cd/image.png'),
  480: (before, at) => {
    for (const path of [`/streams/${CHANNEL.elsinore}`, `/streams/${CHANNEL.elsinore}/members`, `/users/me/${CHANNEL.elsinore}/topics`]) {
      expect(at.as(IAGO).get(path).status, path).toBe(200);
      expect(before!.as(IAGO).get(path).body, path).toMatchObject({ msg: 'Invalid channel ID' });
    }
  },
  481: (before, at) => {
    for (const server of [before!, at]) {
      const answer = ok(server.as(HAMLET).post('/register', { fetch_event_types: '[]', idle_queue_timeout: '600' }));
      expect(answer['ignored_parameters_unsupported']).toEqual(['idle_queue_timeout']);
      expect(answer).not.toHaveProperty('idle_queue_timeout_secs');
    }
  },
  482: (before, at) => {
    const recipient = (server: ProbeServer) => {
      const id = ok(server.as(HAMLET).post('/messages', { type: 'direct', to: JSON.stringify([CORDELIA.userId]), content: 'hi' }))['id'];
      return ok(server.as(HAMLET).get(`/messages/${id}`))['message']['recipient_id'];
    };
    expect(recipient(at)).toBe(recipient(before!));
  },
  483: NO_CHANGE,
  484: (before, at) => {
    const reaction = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['reaction'], () => {
        const id = ok(server.as(HAMLET).post('/messages', { type: 'stream', to: 'Denmark', topic: 'react', content: 'hi' }))['id'];
        ok(server.as(HAMLET).post(`/messages/${id}/reactions`, { emoji_name: 'smile' }));
      })[0]!;
    expect(reaction(at)).not.toHaveProperty('user');
    expect(reaction(before!)['user']).toEqual({ user_id: HAMLET.userId, email: expect.any(String), full_name: expect.any(String) });
  },
  485: (before, at) => {
    for (const server of [before!, at]) expect(register(server, IAGO, ['realm_incoming_webhook_bots'])['realm_incoming_webhook_bots']).toEqual([]);
  },
  486: (before, at) => {
    for (const server of [before!, at]) expect(registerKeys(server, HAMLET, 'giphy')).not.toContain('klipy_api_key');
  },
  487: (before, at) => {
    const presence = (server: ProbeServer) => {
      ok(server.as(CORDELIA).post('/users/me/presence', { status: 'active' }));
      return Object.keys(ok(server.as(HAMLET).get(`/users/${CORDELIA.userId}/presence`))['presence']);
    };
    expect(presence(at)).toEqual(presence(before!));
  },
  488: (before, at) => {
    const methods = (server: ProbeServer) => ok(server.as(null).get('/server_settings'))['authentication_methods'];
    expect(methods(at)).toMatchObject({ discord: false });
    expect(methods(before!)).not.toHaveProperty('discord');
  },
  489: (before, at) => {
    const narrow = JSON.stringify([{ operator: 'channels', operand: 'archived' }]);
    for (const server of [before!, at]) {
      expect(server.as(HAMLET).get('/messages', { narrow, anchor: 'newest', num_before: '1', num_after: '0' }).status).toBe(400);
    }
  },
  490: (before, at) => {
    ok(at.as(IAGO).delete(`/users/${CORDELIA.userId}`, { actions: '{"delete_profile": true}' }));
    ok(before!.as(IAGO).delete(`/users/${CORDELIA.userId}`, { actions: '{"delete_profile": true}' }));
    const user = (server: ProbeServer) => ok(server.as(IAGO).get(`/users/${CORDELIA.userId}`))['user'];
    const listed = (server: ProbeServer) => (ok(server.as(IAGO).get('/users'))['members'] as Json[]).find((entry) => entry['user_id'] === CORDELIA.userId);
    const registered = (server: ProbeServer) =>
      (register(server, IAGO, ['realm_user'])['realm_non_active_users'] as Json[]).find((entry) => entry['user_id'] === CORDELIA.userId);
    for (const read of [user, listed, registered]) {
      expect(read(at)).toMatchObject({ is_deleted: true });
      expect(read(before!)).not.toHaveProperty('is_deleted');
    }
  },
  491: (before, at) => {
    for (const server of [before!, at]) {
      const events = eventsAfter(
        server,
        HAMLET,
        ['realm_emoji'],
        () => {
          const png = { fieldName: 'f1', fileName: 'probe.png', contentType: 'image/png', data: PNG_BYTES };
          ok(server.model.call('POST', '/realm/emoji/probe_emoji', {}, { auth: IAGO, files: [png] }));
        },
        { client_capabilities: JSON.stringify({ notification_settings_null: true, individual_emoji_changes: true }) },
      );
      expect(events.map((event) => event['op'])).toEqual(['update']);
    }
  },
  492: NO_CHANGE,
  493: (before, at) => {
    registerKeysProbe(HAMLET, 'video_calls', ['has_webex_token'])(before, at);
    for (const server of [before!, at]) expect(server.as(HAMLET).post('/calls/webex/create', {}).status).toBe(404);
  },
  494: notServed('get', '/bot_storage'),
  495: NO_CHANGE,
  496: (before, at) => {
    const add = { add: JSON.stringify([CORDELIA.userId]) };
    expect(before!.as(HAMLET_BOT).post(`/user_groups/${GROUP.hamletcharacters}/members`, add)).toMatchObject({
      status: 400,
      body: { msg: 'This endpoint does not accept bot requests.' },
    });
    // At 496 the bot is past the bot check and meets the group's own permission rule.
    expect((at.as(HAMLET_BOT).post(`/user_groups/${GROUP.hamletcharacters}/members`, add).body as Record<string, unknown>)['msg']).not.toBe(
      'This endpoint does not accept bot requests.',
    );
    expect(before!.as(HAMLET_BOT).get('/user_groups').body).toMatchObject({ msg: 'This endpoint does not accept bot requests.' });
    expect(at.as(HAMLET_BOT).get('/user_groups').status).toBe(200);
  },
});
