import { expect } from 'vitest';
import { CHANNEL, CORDELIA, GROUP, HAMLET, HAMLET_BOT, IAGO, POLONIUS } from '../../testing/default-realm.js';
import { describeLevelChanges, eventsAfter, NO_CHANGE, type ProbeServer, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { restrictsTopicWildcardMentions } from '../rules/feature-levels.js';
import { LEVELS_185_236 } from './levels-185-236.js';

type Actor = Parameters<ProbeServer['as']>[0];
type Dict = Record<string, any>;

function ok(response: { status: number; body: unknown }): Dict {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Dict;
}

function register(server: ProbeServer, actor: Actor, fetchTypes: readonly string[], params: Record<string, string> = {}): Dict {
  return ok(server.as(actor).post('/register', { fetch_event_types: JSON.stringify(fetchTypes), ...params }));
}

function userSettings(server: ProbeServer): Dict {
  return register(server, HAMLET, ['user_settings'])['user_settings'] as Dict;
}

/** A probe of personal settings new at the level: absent below it (and ignored by PATCH /settings), present at it. */
function newUserSettingsProbe(names: readonly string[]) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    expect(Object.keys(userSettings(at))).toEqual(expect.arrayContaining([...names]));
    const old = Object.keys(userSettings(before!));
    for (const name of names) expect(old).not.toContain(name);
    const patched = ok(before!.as(HAMLET).patch('/settings', { [names[0]!]: JSON.stringify(1) }));
    expect(patched['ignored_parameters_unsupported']).toContain(names[0]);
  };
}

function ignored(response: { status: number; body: unknown }): string[] {
  return (ok(response)['ignored_parameters_unsupported'] as string[] | undefined) ?? [];
}

function sendToGeneral(server: ProbeServer, actor: Actor, content: string): number {
  return ok(server.as(actor).post('/messages', { type: 'stream', to: JSON.stringify(CHANNEL.general), topic: 'probe', content }))['id'] as number;
}

/** The same answer at both levels (an approximate or nothing-to-do row whose claim is that chatref answers one way). */
function sameAt(check: (server: ProbeServer) => void) {
  return (before: ProbeServer | null, at: ProbeServer) => {
    NO_CHANGE(before, at);
    for (const server of before === null ? [at] : [before, at]) check(server);
  };
}

const realmKeys = (server: ProbeServer) => Object.keys(register(server, IAGO, ['realm']));

describeLevelChanges('feature levels 185–236', LEVELS_185_236, {
  185: NO_CHANGE,
  186: NO_CHANGE,
  187: NO_CHANGE,
  188: (before, at) => {
    expect(before!.as(HAMLET).post(`/users/me/muted_users/${HAMLET_BOT.userId}`)).toMatchObject({ status: 400, body: { msg: 'No such user' } });
    ok(at.as(HAMLET).post(`/users/me/muted_users/${HAMLET_BOT.userId}`));
  },
  189: newUserSettingsProbe(['enable_followed_topic_email_notifications', 'enable_followed_topic_wildcard_mentions_notify']),
  190: (before, at) => {
    expect(before!.as(IAGO).delete('/realm/emoji/no_such_probe')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(at.as(IAGO).delete('/realm/emoji/no_such_probe')).toMatchObject({ status: 404, body: { code: 'BAD_REQUEST' } });
  },
  191: (before, at) => {
    const groups = (server: ProbeServer) => ok(server.as(HAMLET).get('/user_groups'))['user_groups'] as Dict[];
    expect(groups(at)[0]).toHaveProperty('can_mention_group_id');
    expect(groups(before!)[0]).not.toHaveProperty('can_mention_group_id');
    expect(groups(before!)[0]).not.toHaveProperty('can_mention_group');
    const params = { name: 'probe group', description: '', members: JSON.stringify([HAMLET.userId]), can_mention_group: JSON.stringify(GROUP.supportTeam) };
    expect(ignored(before!.as(HAMLET).post('/user_groups/create', params))).toContain('can_mention_group');
  },
  192: sameAt((server) => {
    const act = () =>
      ok(
        server
          .as(IAGO)
          .post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Guest probe' }]), principals: JSON.stringify([POLONIUS.userId]) }),
      );
    const events = eventsAfter(server, POLONIUS, ['stream'], act);
    expect(events.map((event) => event['op'])).toContain('create');
  }),
  193: (before, at) => {
    for (const server of [before!, at]) {
      const id = sendToGeneral(server, HAMLET, 'react to me');
      ok(server.as(HAMLET).post(`/messages/${id}/reactions`, { emoji_name: 'smile' }));
      const again = server.as(HAMLET).post(`/messages/${id}/reactions`, { emoji_name: 'smile' });
      expect(again.status).toBe(400);
      expect((again.body as Dict)['code']).toBe(server === at ? 'REACTION_ALREADY_EXISTS' : 'BAD_REQUEST');
    }
  },
  194: (before, at) => {
    const fetch = (server: ProbeServer) =>
      server.as(HAMLET).get('/messages', { anchor: 'newest', num_before: '1', num_after: '0', narrow: JSON.stringify([{ operator: 'id', operand: 1 }]) });
    ok(fetch(at));
    expect(fetch(before!)).toMatchObject({ status: 400, body: { msg: 'elem["operand"] is not a string' } });
  },
  195: sameAt((server) => expect(register(server, IAGO, ['realm'])['realm_default_code_block_language']).toBe('')),
  196: (before, at) => {
    const params = { name: 'Probe', pygments_language: 'Python', url_prefix: 'https://play.example/?code=' };
    ok(before!.as(IAGO).post('/realm/playgrounds', params));
    expect(register(before!, IAGO, ['realm_playgrounds'])['realm_playgrounds']).toEqual([
      expect.objectContaining({ url_prefix: 'https://play.example/?code=' }),
    ]);
    expect(at.as(IAGO).post('/realm/playgrounds', params).status).toBe(400);
    ok(at.as(IAGO).post('/realm/playgrounds', { name: 'Probe', pygments_language: 'Python', url_template: 'https://play.example/?code={code}' }));
    expect(register(at, IAGO, ['realm_playgrounds'])['realm_playgrounds']).toEqual([
      expect.objectContaining({ url_template: 'https://play.example/?code={code}' }),
    ]);
  },
  197: (before, at) => {
    const stream = (server: ProbeServer) => ok(server.as(HAMLET).get('/streams'))['streams'][0] as Dict;
    expect(stream(at)).toHaveProperty('can_remove_subscribers_group');
    expect(stream(before!)).toHaveProperty('can_remove_subscribers_group_id');
    expect(stream(before!)).not.toHaveProperty('can_remove_subscribers_group');
  },
  198: (before, at) => {
    const group = (server: ProbeServer) => (ok(server.as(HAMLET).get('/user_groups'))['user_groups'] as Dict[])[0]!;
    expect(group(at)).toHaveProperty('can_mention_group');
    expect(group(before!)).toHaveProperty('can_mention_group_id');
    expect(group(before!)).not.toHaveProperty('can_mention_group');
  },
  199: (before, at) => {
    const stream = (server: ProbeServer) => ok(server.as(HAMLET).get(`/streams/${CHANNEL.general}`))['stream'] as Dict;
    expect(stream(at)).toHaveProperty('stream_weekly_traffic');
    expect(stream(before!)).not.toHaveProperty('stream_weekly_traffic');
    const subscription = (ok(before!.as(HAMLET).get('/users/me/subscriptions'))['subscriptions'] as Dict[])[0]!;
    expect(subscription).toHaveProperty('stream_weekly_traffic');
  },
  200: (before, at) => {
    const patch = (server: ProbeServer) => server.as(IAGO).patch(`/streams/${CHANNEL.denmark}`, { is_default_stream: 'true' });
    expect(ignored(patch(before!))).toContain('is_default_stream');
    expect(ignored(patch(at))).not.toContain('is_default_stream');
  },
  201: NO_CHANGE,
  202: (before, at) => {
    // GET /realm/linkifiers exists, so the path answers 405 below the level.
    expect(before!.as(IAGO).patch('/realm/linkifiers', { ordered_linkifier_ids: '[]' }).status).toBe(405);
    ok(at.as(IAGO).patch('/realm/linkifiers', { ordered_linkifier_ids: '[]' }));
  },
  203: registerKeysProbe(IAGO, 'realm', ['realm_date_created']),
  204: registerKeysProbe(IAGO, 'realm', ['server_typing_started_wait_period_milliseconds', 'server_typing_started_expiry_period_milliseconds']),
  205: NO_CHANGE,
  206: (before, at) => {
    expect(ignored(before!.as(HAMLET).post('/calls/zoom/create', { is_video_call: 'false' }))).toContain('is_video_call');
    expect(ignored(at.as(HAMLET).post('/calls/zoom/create', { is_video_call: 'false' }))).not.toContain('is_video_call');
  },
  207: sameAt((server) => expect(register(server, IAGO, ['realm_incoming_webhook_bots'])['realm_incoming_webhook_bots']).toEqual([])),
  208: (before, at) => {
    const params = { subscriptions: JSON.stringify([{ name: 'Probe' }]), principals: JSON.stringify([CORDELIA.userId, 424242]) };
    expect(before!.as(HAMLET).post('/users/me/subscriptions', params)).toMatchObject({ status: 403, body: { code: 'UNAUTHORIZED_PRINCIPAL' } });
    expect(at.as(HAMLET).post('/users/me/subscriptions', params)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'No such user' } });
  },
  209: (before, at) => {
    expect(realmKeys(at)).toContain('realm_create_multiuse_invite_group');
    expect(realmKeys(before!)).not.toContain('realm_create_multiuse_invite_group');
    expect(before!.as(HAMLET).post('/invites/multiuse', {})).toMatchObject({ status: 400, body: { msg: 'Must be an organization administrator' } });
    expect((at.as(HAMLET).post('/invites/multiuse', {}).body as Dict)['msg']).not.toBe('Must be an organization administrator');
  },
  210: newUserSettingsProbe(['web_stream_unreads_count_display_policy']),
  211: (before, at) => {
    expect(ok(at.as(HAMLET).post('/mark_all_as_read'))).toHaveProperty('complete', true);
    expect(ok(before!.as(HAMLET).post('/mark_all_as_read'))).not.toHaveProperty('complete');
  },
  212: (before, at) => {
    expect(realmKeys(at)).toEqual(expect.arrayContaining(['realm_jitsi_server_url', 'server_jitsi_server_url', 'jitsi_server_url']));
    const old = register(before!, IAGO, ['realm']);
    expect(Object.keys(old)).not.toContain('realm_jitsi_server_url');
    expect(Object.keys(old)).not.toContain('server_jitsi_server_url');
    expect(old['jitsi_server_url']).toBe('https://meet.jit.si');
  },
  213: NO_CHANGE,
  214: newUserSettingsProbe(['automatically_follow_topics_policy', 'automatically_unmute_topics_in_muted_streams_policy']),
  215: (before, at) => {
    const typing = (server: ProbeServer, type: string) => server.as(HAMLET).post('/typing', { type, op: 'start', to: JSON.stringify([CORDELIA.userId]) });
    expect(typing(at, 'private').status).toBe(400);
    const types = (server: ProbeServer) => eventsAfter(server, CORDELIA, ['typing'], () => ok(typing(server, 'direct'))).map((event) => event['message_type']);
    expect(types(at)).toEqual(['direct']);
    expect(types(before!)).toEqual(['private']);
    ok(typing(before!, 'private'));
    ok(before!.as(HAMLET).post('/typing', { type: 'stream', op: 'start', to: JSON.stringify([CHANNEL.general]), topic: 'probe' }));
  },
  216: registerKeysProbe(IAGO, 'realm', ['realm_enable_guest_user_indicator']),
  217: (before, at) => {
    expect(before!.as(HAMLET).post('/mobile_push/test_notification').status).toBe(404);
    ok(at.as(HAMLET).post('/mobile_push/test_notification'));
  },
  218: sameAt((server) => {
    const sent = ok(server.as(HAMLET).post('/messages', { type: 'stream', to: JSON.stringify(CHANNEL.general), topic: 'probe', content: 'hi' }));
    expect(sent).not.toHaveProperty('automatic_new_visibility_policy');
  }),
  219: (before, at) => {
    expect(userSettings(at)).toHaveProperty('web_home_view');
    expect(userSettings(before!)).toHaveProperty('default_view');
    expect(userSettings(before!)).toHaveProperty('escape_navigates_to_default_view');
    expect(userSettings(before!)).not.toHaveProperty('web_home_view');
    ok(before!.as(HAMLET).patch('/settings', { default_view: 'all_messages' }));
    expect(userSettings(before!)['default_view']).toBe('all_messages');
    const follow = (server: ProbeServer) =>
      server.as(HAMLET).post('/user_topics', { stream_id: String(CHANNEL.general), topic: 'probe', visibility_policy: '3' });
    ok(follow(at));
    expect(follow(before!)).toMatchObject({ status: 400, body: { msg: 'Invalid visibility_policy' } });
  },
  220: NO_CHANGE,
  221: sameAt((server) => expect(realmKeys(server)).not.toContain('server_supported_permission_settings')),
  222: (before, at) => {
    const ops = (server: ProbeServer) =>
      eventsAfter(server, HAMLET, ['realm_user'], () => ok(server.as(IAGO).delete(`/users/${CORDELIA.userId}`))).map((event) => event['op']);
    expect(ops(at)).toEqual(['update']);
    expect(ops(before!)).toEqual(['remove']);
    const back = eventsAfter(before!, HAMLET, ['realm_user'], () => ok(before!.as(IAGO).post(`/users/${CORDELIA.userId}/reactivate`)));
    expect(back).toEqual([expect.objectContaining({ op: 'add', person: expect.objectContaining({ user_id: CORDELIA.userId, is_active: true }) })]);
  },
  223: (before, at) => {
    const token = { token: `c0ffee00${'ab'.repeat(28)}` };
    ok(before!.as(HAMLET).post('/users/me/apns_device_token', token));
    expect(at.as(HAMLET).post('/users/me/apns_device_token', token).status).toBe(400);
  },
  224: (before, at) => {
    const flags = (server: ProbeServer) => {
      const id = sendToGeneral(server, HAMLET, '@**all** probe');
      return ok(server.as(CORDELIA).get(`/messages/${id}`))['message']['flags'] as string[];
    };
    expect(flags(at)).toEqual(expect.arrayContaining(['stream_wildcard_mentioned', 'wildcard_mentioned']));
    const old = flags(before!);
    expect(old).toContain('wildcard_mentioned');
    expect(old).not.toContain('stream_wildcard_mentioned');
  },
  225: registerKeysProbe(IAGO, 'realm', ['realm_can_access_all_users_group']),
  226: (before, at) => {
    const subscription = (server: ProbeServer) => (ok(server.as(HAMLET).get('/users/me/subscriptions'))['subscriptions'] as Dict[])[0]!;
    expect(subscription(at)).not.toHaveProperty('email_address');
    expect(subscription(before!)['email_address']).toEqual(expect.stringContaining('@'));
    ok(at.as(HAMLET).get(`/streams/${CHANNEL.general}/email_address`));
    expect(before!.as(HAMLET).get(`/streams/${CHANNEL.general}/email_address`).status).toBe(404);
  },
  227: (before, at) => {
    ok(at.as(HAMLET).patch('/settings', { desktop_icon_count_display: '4' }));
    expect(before!.as(HAMLET).patch('/settings', { desktop_icon_count_display: '4' }).status).toBe(400);
    ok(before!.as(HAMLET).patch('/settings', { desktop_icon_count_display: '3' }));
    expect(userSettings(before!)['desktop_icon_count_display']).toBe(3);
    expect(register(before!, HAMLET, ['update_global_notifications'])['desktop_icon_count_display']).toBe(3);
  },
  228: NO_CHANGE,
  229: (before, at) => {
    expect(restrictsTopicWildcardMentions(at.model.state)).toBe(true);
    expect(restrictsTopicWildcardMentions(before!.model.state)).toBe(false);
  },
  230: sameAt((server) => {
    const data = register(server, HAMLET, ['hotspots', 'onboarding_steps']);
    expect(data['onboarding_steps'] ?? data['hotspots']).toEqual([]);
  }),
  231: registerKeysProbe(IAGO, 'realm', ['realm_push_notifications_enabled_end_timestamp']),
  232: (before, at) => {
    const names = (server: ProbeServer) => {
      const members = ok(server.as(IAGO).get('/user_groups'))['user_groups'].find((group: Dict) => group['name'] === 'role:members')['id'];
      ok(server.as(IAGO).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
      const data = register(server, POLONIUS, ['realm_user'], {
        client_capabilities: JSON.stringify({ notification_settings_null: true, user_list_incomplete: true }),
      });
      return (data['realm_users'] as Dict[]).map((user) => user['full_name']);
    };
    expect(names(at)).not.toContain('Unknown user');
    expect(names(before!)).toContain('Unknown user');
  },
  233: (before, at) => {
    expect(register(before!, HAMLET, ['hotspots'])).toHaveProperty('hotspots', []);
    expect(register(before!, HAMLET, ['onboarding_steps'])).not.toHaveProperty('onboarding_steps');
    expect(register(at, HAMLET, ['onboarding_steps'])).toHaveProperty('onboarding_steps', []);
    expect(register(at, HAMLET, ['hotspots'])).not.toHaveProperty('hotspots');
  },
  234: NO_CHANGE,
  235: newUserSettingsProbe(['automatically_follow_topics_where_mentioned']),
  236: (before, at) => {
    const send = (server: ProbeServer) =>
      server.as(HAMLET).post('/messages', { type: 'stream', to: JSON.stringify(CHANNEL.general), topic: 'probe', content: 'hi', read_by_sender: 'false' });
    expect(ignored(send(before!))).toContain('read_by_sender');
    expect(ignored(send(at))).not.toContain('read_by_sender');
  },
});
