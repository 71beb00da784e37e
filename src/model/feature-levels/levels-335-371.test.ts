import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, HAMLET, HAMLET_BOT, IAGO } from '../../testing/default-realm.js';
import {
  describeLevelChanges,
  eventsAfter,
  type LevelProbe,
  NO_CHANGE,
  type ProbeServer,
  registerKeys,
  registerKeysProbe,
} from '../../testing/feature-level-probes.js';
import { LEVELS_335_371 } from './levels-335-371.js';

type Json = Record<string, any>;

function bodyOf(response: { body: unknown }): Json {
  return response.body as Json;
}

/** Creates a channel, archives it, then has Cordelia subscribe to it. */
function subscribeToArchived(server: ProbeServer) {
  const subscriptions = JSON.stringify([{ name: 'Archived probe' }]);
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions }).status).toBe(200);
  const id = bodyOf(server.as(IAGO).get('/get_stream_id', { stream: 'Archived probe' }))['stream_id'];
  expect(server.as(IAGO).delete(`/streams/${id}`).status).toBe(200);
  return server.as(CORDELIA).post('/users/me/subscriptions', { subscriptions });
}

/** Hamlet's message in #general, by id. */
function sendMessage(server: ProbeServer, topic = 'probe', content = 'hello'): number {
  const sent = server.as(HAMLET).post('/messages', { type: 'stream', to: 'general', topic, content });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return bodyOf(sent)['id'];
}

function systemGroupId(server: ProbeServer, name: string): number {
  const groups = bodyOf(server.as(IAGO).get('/user_groups'))['user_groups'] as Json[];
  return groups.find((group) => group['name'] === name)!['id'];
}

function ignoredOf(response: { status: number; body: unknown }): string[] {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return bodyOf(response)['ignored_parameters_unsupported'] ?? [];
}

/** A parameter new at the level: taken at it, ignored (and listed) just below it. */
function paramProbe(actor: typeof IAGO, method: 'get' | 'post' | 'patch', path: string, params: Record<string, string>, name: string): LevelProbe {
  return (before, at) => {
    expect(ignoredOf(at.as(actor)[method](path, params))).not.toContain(name);
    expect(ignoredOf(before!.as(actor)[method](path, params))).toContain(name);
  };
}

/** A new value for an organization setting: a group setting moves to administrators (moderators if it is there already). */
function newRealmValue(server: ProbeServer, name: string, value?: string): string {
  if (value !== undefined) return value;
  const current = bodyOf(server.as(DESDEMONA).post('/register', { fetch_event_types: '["realm"]' }))[`realm_${name}`];
  const administrators = systemGroupId(server, 'role:administrators');
  return JSON.stringify({ new: current === administrators ? systemGroupId(server, 'role:moderators') : administrators });
}

/** An organization setting new at the level: in register, taken by PATCH /realm with its realm event; below, none of these. */
function realmSettingProbe(name: string, value?: string): LevelProbe {
  return (before, at) => {
    for (const [server, known] of [
      [at, true],
      [before!, false],
    ] as const) {
      expect(registerKeys(server, DESDEMONA, 'realm').includes(`realm_${name}`)).toBe(known);
      const change = newRealmValue(server, name, value);
      let ignored: string[] = [];
      const events = eventsAfter(server, DESDEMONA, ['realm'], () => {
        ignored = ignoredOf(server.as(DESDEMONA).patch('/realm', { [name]: change }));
      });
      expect(ignored.includes(name)).toBe(!known);
      expect(events.some((event) => name in (event['data'] ?? {}))).toBe(known);
    }
  };
}

/** Keys of channel 1 as GET /streams/{id}, GET /users/me/subscriptions and register's streams show it. */
function channelKeys(server: ProbeServer): string[][] {
  const stream = bodyOf(server.as(HAMLET).get(`/streams/${CHANNEL.general}`))['stream'];
  const subscription = (bodyOf(server.as(HAMLET).get('/users/me/subscriptions'))['subscriptions'] as Json[]).find(
    (sub) => sub['stream_id'] === CHANNEL.general,
  );
  const registered = bodyOf(server.as(HAMLET).post('/register', { fetch_event_types: '["stream"]' }))['streams'] as Json[];
  return [stream, subscription, registered.find((channel) => channel['stream_id'] === CHANNEL.general)].map((item) => Object.keys(item!));
}

function channelFieldProbe(name: string): LevelProbe {
  return (before, at) => {
    for (const keys of channelKeys(at)) expect(keys).toContain(name);
    for (const keys of channelKeys(before!)) expect(keys).not.toContain(name);
    // Below the level, the parameter is unknown when creating a channel.
    const subscriptions = JSON.stringify([{ name: `probe ${name}` }]);
    const value = JSON.stringify(systemGroupId(before!, 'role:administrators'));
    expect(ignoredOf(before!.as(IAGO).post('/users/me/subscriptions', { subscriptions, [name]: value }))).toContain(name);
    expect(ignoredOf(at.as(IAGO).post('/users/me/subscriptions', { subscriptions, [name]: value }))).not.toContain(name);
  };
}

/** Renders Markdown as Hamlet. */
function render(server: ProbeServer, content: string): string {
  const rendered = server.as(HAMLET).post('/messages/render', { content });
  expect(rendered.status, JSON.stringify(rendered.body)).toBe(200);
  return bodyOf(rendered)['rendered'];
}

/** Iago moves Hamlet's message to another topic; the message as GET /messages/{id} shows it. */
function movedMessage(server: ProbeServer): Json {
  const id = sendMessage(server, 'before the move');
  expect(server.as(IAGO).patch(`/messages/${id}`, { topic: 'after the move', propagate_mode: 'change_one' }).status).toBe(200);
  return bodyOf(server.as(HAMLET).get(`/messages/${id}`))['message'];
}

/** Iago puts Hamlet's bot in the private Scotland and hands it to Cordelia; whether the bot is still subscribed. */
function botKeepsChannelAfterOwnerChange(server: ProbeServer): boolean {
  const principals = JSON.stringify([HAMLET_BOT.userId]);
  const subscriptions = JSON.stringify([{ name: 'Scotland' }]);
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions, principals }).status).toBe(200);
  const changed = server.as(IAGO).patch(`/bots/${HAMLET_BOT.userId}`, { bot_owner_id: String(CORDELIA.userId) });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const members = server.as(IAGO).get(`/streams/${CHANNEL.scotland}/members`);
  return (bodyOf(members)['subscribers'] as number[]).includes(HAMLET_BOT.userId);
}

/** Hamlet's message in a channel Iago then archives, read one by one. */
function readArchivedMessage(server: ProbeServer) {
  expect(server.as(IAGO).patch('/realm', { enable_read_receipts: 'true' }).status).toBe(200);
  const sent = server.as(HAMLET).post('/messages', { type: 'stream', to: 'Denmark', topic: 'old', content: 'archived soon' });
  const id = bodyOf(sent)['id'];
  expect(server.as(IAGO).delete(`/streams/${CHANNEL.denmark}`).status).toBe(200);
  return [server.as(HAMLET).get(`/messages/${id}`), server.as(HAMLET).get(`/messages/${id}/read_receipts`)];
}

function editTypingNew(server: ProbeServer, id: number) {
  return server.as(HAMLET).post(`/messages/${id}/typing`, { op: 'start' });
}

function editTypingOld(server: ProbeServer, id: number) {
  return server.as(HAMLET).post('/message_edit_typing', { op: 'start', message_id: String(id) });
}

function neverSubscribedNames(server: ProbeServer): string[] {
  const subscriptions = JSON.stringify([{ name: 'Never probe' }]);
  expect(server.as(IAGO).post('/users/me/subscriptions', { subscriptions }).status).toBe(200);
  const id = bodyOf(server.as(IAGO).get('/get_stream_id', { stream: 'Never probe' }))['stream_id'];
  expect(server.as(IAGO).delete(`/streams/${id}`).status).toBe(200);
  const registered = server.as(CORDELIA).post('/register', {
    fetch_event_types: '["subscription"]',
    client_capabilities: JSON.stringify({ notification_settings_null: false, archived_channels: true }),
  });
  return (bodyOf(registered)['never_subscribed'] as Json[]).map((channel) => channel['name']);
}

describeLevelChanges('feature levels 335–371', LEVELS_335_371, {
  335: paramProbe(IAGO, 'get', `/streams/${CHANNEL.general}/email_address`, { sender_id: String(IAGO.userId) }, 'sender_id'),
  336: (before, at) => {
    for (const server of [before!, at]) expect(render(server, '[image](https://example.com/a.png)')).not.toContain('data-original-content-type');
  },
  337: paramProbe(HAMLET, 'get', '/calls/bigbluebutton/create', { meeting_name: 'probe', voice_only: 'true' }, 'voice_only'),
  338: registerKeysProbe(HAMLET, 'realm', ['password_max_length']),
  339: (before, at) => {
    const react = (server: ProbeServer) => {
      const id = sendMessage(server);
      return eventsAfter(server, HAMLET, ['reaction'], () => {
        expect(server.as(HAMLET).post(`/messages/${id}/reactions`, { emoji_name: 'smile' }).status).toBe(200);
      });
    };
    expect(react(at)[0]).toHaveProperty('user');
    expect(react(before!)[0]).not.toHaveProperty('user');
  },
  340: (before, at) => {
    const describeDeactivated = (server: ProbeServer) => {
      const created = server.as(HAMLET).post('/user_groups/create', { name: 'probe crew', description: '', members: JSON.stringify([HAMLET.userId]) });
      const id = bodyOf(created)['group_id'];
      expect(server.as(HAMLET).post(`/user_groups/${id}/deactivate`).status).toBe(200);
      return server.as(HAMLET).patch(`/user_groups/${id}`, { description: 'still here' });
    };
    expect(describeDeactivated(at).status).toBe(200);
    expect(describeDeactivated(before!)).toMatchObject({ status: 400, body: { msg: 'User group is deactivated.' } });
  },
  341: (before, at) => {
    realmSettingProbe('can_add_subscribers_group')(before, at);
    expect(registerKeys(at, HAMLET, 'realm_user')).not.toContain('can_subscribe_other_users');
    const old = bodyOf(before!.as(HAMLET).post('/register', { fetch_event_types: '["realm_user"]' }));
    expect(typeof old['can_subscribe_other_users']).toBe('boolean');
  },
  342: (before, at) => {
    channelFieldProbe('can_add_subscribers_group')(before, at);
    // Hamlet may invite but not subscribe others; #general is a default channel.
    const invite = (server: ProbeServer) => {
      const members = systemGroupId(server, 'role:members');
      const administrators = systemGroupId(server, 'role:administrators');
      const settings = { can_invite_users_group: JSON.stringify({ new: members }), can_add_subscribers_group: JSON.stringify({ new: administrators }) };
      expect(server.as(DESDEMONA).patch('/realm', settings).status).toBe(200);
      expect(server.as(IAGO).post('/default_streams', { stream_id: String(CHANNEL.general) }).status).toBeLessThan(500);
      return server.as(HAMLET).post('/invites', { invitee_emails: 'newcomer@chatref.test', stream_ids: JSON.stringify([CHANNEL.general]) });
    };
    const allowed = invite(at);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(invite(before!)).toMatchObject({ status: 400, body: { msg: 'You do not have permission to subscribe other users to channels.' } });
  },
  343: (before, at) => {
    const deleted = (server: ProbeServer) =>
      eventsAfter(server, IAGO, ['stream'], () => expect(server.as(IAGO).delete(`/streams/${CHANNEL.denmark}`).status).toBe(200)).find(
        (event) => event['op'] === 'delete',
      );
    expect(deleted(at)).toMatchObject({ stream_ids: [CHANNEL.denmark], streams: [{ stream_id: CHANNEL.denmark }] });
    const old = deleted(before!);
    expect(old).toMatchObject({ streams: [{ stream_id: CHANNEL.denmark }] });
    expect(old).not.toHaveProperty('stream_ids');
  },
  344: realmSettingProbe('can_create_bots_group'),
  345: (before, at) => {
    for (const server of [before!, at]) expect(server.as(IAGO).post('/remotes/server/register/transfer').status).toBe(404);
  },
  346: (before, at) => {
    // Approximate: the same rendering on both sides.
    expect(render(before!, '#**general>**')).toBe(render(at, '#**general>**'));
  },
  347: (before, at) => {
    const link = (server: ProbeServer) => {
      sendMessage(server, 'linked');
      return render(server, '#**general>linked**');
    };
    expect(link(at)).toContain('/with/');
    expect(link(before!)).not.toContain('/with/');
  },
  348: realmSettingProbe('enable_guest_user_dm_warning', 'false'),
  349: NO_CHANGE,
  350: (before, at) => {
    registerKeysProbe(HAMLET, 'realm', ['server_can_summarize_topics', 'realm_can_summarize_topics_group'])(before, at);
    const settings = (server: ProbeServer) => bodyOf(server.as(HAMLET).post('/register', { fetch_event_types: '["user_settings"]' }))['user_settings'];
    expect(settings(at)).toHaveProperty('hide_ai_features');
    expect(settings(before!)).not.toHaveProperty('hide_ai_features');
    paramProbe(HAMLET, 'patch', '/settings', { hide_ai_features: 'true' }, 'hide_ai_features')(before, at);
  },
  351: (before, at) => {
    const id = sendMessage(at);
    const events = eventsAfter(at, CORDELIA, ['typing_edit_message'], () => expect(editTypingOld(at, id).status).toBe(200));
    expect(events).toMatchObject([{ type: 'typing_edit_message', op: 'start', message_id: id }]);
    expect(editTypingOld(before!, sendMessage(before!)).status).toBe(404);
  },
  352: realmSettingProbe('can_mention_many_users_group'),
  353: (before, at) => {
    const providers = (server: ProbeServer) =>
      bodyOf(server.as(HAMLET).post('/register', { fetch_event_types: '["realm"]' }))['realm_available_video_chat_providers'];
    expect(providers(before!)).toEqual(providers(at));
  },
  354: NO_CHANGE,
  355: (before, at) => {
    const flag = (server: ProbeServer) => {
      const id = sendMessage(server);
      const response = server.as(CORDELIA).post('/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'starred' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return bodyOf(response);
    };
    expect(flag(at)).toHaveProperty('ignored_because_not_subscribed_channels');
    expect(flag(before!)).not.toHaveProperty('ignored_because_not_subscribed_channels');
  },
  356: paramProbe(HAMLET, 'get', '/streams', { include_all: 'true' }, 'include_all'),
  357: channelFieldProbe('can_subscribe_group'),
  358: (before, at) => {
    expect(registerKeys(at, IAGO, 'realm')).toContain('realm_message_edit_history_visibility_policy');
    expect(registerKeys(before!, IAGO, 'realm')).not.toContain('realm_message_edit_history_visibility_policy');
    // Below 358 the boolean is the parameter, and the answer names it.
    const old = before!.as(IAGO).patch('/realm', { allow_edit_history: 'false' });
    expect(old).toMatchObject({ status: 200, body: { allow_edit_history: false } });
    expect(bodyOf(before!.as(IAGO).post('/register', { fetch_event_types: '["realm"]' }))['realm_allow_edit_history']).toBe(false);
    expect(ignoredOf(at.as(IAGO).patch('/realm', { allow_edit_history: 'false' }))).toContain('allow_edit_history');
    expect(bodyOf(at.as(IAGO).post('/register', { fetch_event_types: '["realm"]' }))['realm_allow_edit_history']).toBe(true);
  },
  359: (before, at) => {
    expect(botKeepsChannelAfterOwnerChange(at)).toBe(true);
    expect(botKeepsChannelAfterOwnerChange(before!)).toBe(false);
  },
  360: (before, at) => {
    for (const response of readArchivedMessage(at)) expect(response.status).toBe(200);
    for (const response of readArchivedMessage(before!)) expect(response).toMatchObject({ status: 400, body: { msg: 'Invalid message(s)' } });
  },
  361: (before, at) => {
    expect(editTypingNew(at, sendMessage(at)).status).toBe(200);
    expect(editTypingOld(at, sendMessage(at)).status).toBe(404);
    expect(editTypingNew(before!, sendMessage(before!)).status).toBe(404);
    expect(editTypingOld(before!, sendMessage(before!)).status).toBe(200);
  },
  362: (before, at) => {
    expect(subscribeToArchived(at).status).toBe(200);
    expect(subscribeToArchived(before!)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'Unable to access channel (Archived probe).' } });
    expect(neverSubscribedNames(at)).toContain('Never probe');
    expect(neverSubscribedNames(before!)).not.toContain('Never probe');
  },
  363: (before, at) => {
    registerKeysProbe(IAGO, 'realm_billing', ['realm_billing'])(before, at);
    realmSettingProbe('can_manage_billing_group')(before, at);
    expect(bodyOf(at.as(HAMLET).get('/users/me'))).not.toHaveProperty('is_billing_admin');
    expect(bodyOf(before!.as(HAMLET).get('/users/me'))).toMatchObject({ is_billing_admin: false });
    const members = bodyOf(before!.as(HAMLET).get('/users'))['members'] as Json[];
    for (const member of members) expect(member).toHaveProperty('is_billing_admin', false);
  },
  364: (before, at) => {
    const settings = (server: ProbeServer) => bodyOf(server.as(HAMLET).post('/register', { fetch_event_types: '["user_settings"]' }))['user_settings'];
    expect(settings(at)).not.toHaveProperty('dense_mode');
    expect(settings(before!)).toHaveProperty('dense_mode', true);
  },
  365: (before, at) => {
    const moved = movedMessage(at);
    expect(moved).toHaveProperty('last_moved_timestamp');
    expect(moved).not.toHaveProperty('last_edit_timestamp');
    const old = movedMessage(before!);
    expect(old).not.toHaveProperty('last_moved_timestamp');
    expect(old).toHaveProperty('last_edit_timestamp');
  },
  366: (before, at) => {
    const muted = (server: ProbeServer) =>
      server.as(HAMLET).get('/messages', { anchor: 'newest', num_before: '1', num_after: '0', narrow: JSON.stringify([['is', 'muted']]) });
    expect(muted(at).status).toBe(200);
    expect(muted(before!)).toMatchObject({ status: 400, body: { msg: "Invalid narrow operator: unknown 'is' operand muted" } });
  },
  367: realmSettingProbe('can_resolve_topics_group'),
  368: (before, at) => {
    const edit = (server: ProbeServer) => {
      const created = server.as(HAMLET).post('/saved_snippets', { title: 'greeting', content: 'hi' });
      const id = bodyOf(created)['saved_snippet_id'];
      return server.as(HAMLET).patch(`/saved_snippets/${id}`, { title: 'hello' });
    };
    expect(edit(at).status).toBe(200);
    // Only the path's DELETE exists below 368.
    expect(edit(before!).status).toBe(405);
  },
  369: registerKeysProbe(HAMLET, 'onboarding_steps', ['navigation_tour_video_url']),
  370: (before, at) => {
    const topicOf = (server: ProbeServer) => {
      const id = sendMessage(server, '(no topic)');
      return bodyOf(server.as(HAMLET).get(`/messages/${id}`, { allow_empty_topic_name: 'true' }))['message']['subject'];
    };
    expect(topicOf(at)).toBe('');
    expect(topicOf(before!)).toBe('(no topic)');
  },
  371: NO_CHANGE,
});
