import { expect } from 'vitest';
import { CHANNEL, CORDELIA, DESDEMONA, GROUP, HAMLET, IAGO } from '../../testing/default-realm.js';
import {
  describeLevelChanges,
  eventsAfter,
  type LevelProbe,
  NO_CHANGE,
  type ProbeServer,
  registerKeys,
  registerKeysProbe,
} from '../../testing/feature-level-probes.js';
import { LEVELS_278_334 } from './levels-278-334.js';

type Actor = Parameters<ProbeServer['as']>[0];

function registered(server: ProbeServer, actor: Actor, fetchType: string, params: Record<string, string> = {}): Record<string, any> {
  const response = server.as(actor).post('/register', { fetch_event_types: JSON.stringify([fetchType]), ...params });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Record<string, any>;
}

function ok(response: { status: number; body: unknown }): Record<string, any> {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Record<string, any>;
}

/** A path that exists only from the level on: 404 just below it, answered at it. */
function endpointProbe(actor: Actor, method: 'get' | 'post' | 'patch' | 'delete', path: string, params: Record<string, string> = {}): LevelProbe {
  return (before, at) => {
    expect(before!.as(actor)[method](path, params).status).toBe(404);
    expect(at.as(actor)[method](path, params).status).not.toBe(404);
  };
}

/** A parameter new at the level: listed in ignored_parameters_unsupported below it, not at it. */
function paramProbe(actor: Actor, method: 'get' | 'post' | 'patch', path: string, params: Record<string, string>, name: string): LevelProbe {
  return (before, at) => {
    expect(ok(before!.as(actor)[method](path, params))['ignored_parameters_unsupported']).toContain(name);
    expect(ok(at.as(actor)[method](path, params))['ignored_parameters_unsupported'] ?? []).not.toContain(name);
  };
}

/** A realm group setting that replaced a policy: the policy in register and in PATCH /realm below the level. */
function realmSettingProbe(setting: string, policy: string | null, policyValue: number, groupName: string): LevelProbe {
  return (before, at) => {
    const now = registered(at, IAGO, 'realm');
    expect(now).toHaveProperty(`realm_${setting}`);
    const old = registered(before!, DESDEMONA, 'realm');
    expect(old).not.toHaveProperty(`realm_${setting}`);
    if (policy === null) return;
    expect(now).not.toHaveProperty(`realm_${policy}`);
    expect(old).toHaveProperty(`realm_${policy}`);
    // The old policy sets the group setting (seen at the newest level through the state).
    const events = eventsAfter(before!, IAGO, ['realm'], () => {
      const patched = ok(before!.as(DESDEMONA).patch('/realm', { [policy]: String(policyValue) }));
      expect(patched['ignored_parameters_unsupported'] ?? []).not.toContain(policy);
    });
    expect(events).toEqual([expect.objectContaining({ type: 'realm', op: 'update', property: policy, value: policyValue })]);
    expect(registered(before!, DESDEMONA, 'realm')[`realm_${policy}`]).toBe(policyValue);
    const groups = ok(at.as(DESDEMONA).get('/user_groups'))['user_groups'] as Record<string, any>[];
    const group = groups.find((candidate) => candidate['name'] === groupName)!;
    expect(ok(before!.as(DESDEMONA).patch('/realm', { [setting]: JSON.stringify({ new: group['id'] }) }))['ignored_parameters_unsupported']).toContain(setting);
  };
}

/** A user group setting new at the level: a create parameter and a key of group objects. */
function groupSettingProbe(setting: string): LevelProbe {
  return (before, at) => {
    const old = ok(before!.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[];
    expect(old[0]).not.toHaveProperty(setting);
    const now = ok(at.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[];
    expect(now[0]).toHaveProperty(setting);
    const params = { name: 'probe', description: 'd', members: JSON.stringify([HAMLET.userId]), [setting]: JSON.stringify(now[0]!['id']) };
    expect(ok(before!.as(IAGO).post('/user_groups/create', params))['ignored_parameters_unsupported']).toContain(setting);
  };
}

/** A channel key new at the level: absent from GET /streams below it. */
function channelKeyProbe(key: string): LevelProbe {
  return (before, at) => {
    const now = ok(at.as(IAGO).get('/streams'))['streams'] as Record<string, any>[];
    expect(now[0]).toHaveProperty(key);
    const old = ok(before!.as(IAGO).get('/streams'))['streams'] as Record<string, any>[];
    expect(old[0]).not.toHaveProperty(key);
    const subscriptions = registered(before!, IAGO, 'subscription')['subscriptions'] as Record<string, any>[];
    expect(subscriptions[0]).not.toHaveProperty(key);
  };
}

function userSettingProbe(name: string): LevelProbe {
  return (before, at) => {
    expect(registered(at, HAMLET, 'user_settings')['user_settings']).toHaveProperty(name);
    expect(registered(before!, HAMLET, 'user_settings')['user_settings']).not.toHaveProperty(name);
    expect(ok(before!.as(HAMLET).patch('/settings', { [name]: 'true' }))['ignored_parameters_unsupported']).toContain(name);
  };
}

describeLevelChanges('feature levels 278–334', LEVELS_278_334, {
  278: NO_CHANGE,
  279: NO_CHANGE,
  280: realmSettingProbe('can_create_web_public_channel_group', 'create_web_public_stream_policy', 2, 'role:administrators'),
  281: realmSettingProbe('can_delete_any_message_group', null, 0, ''),
  282: (before, at) => {
    expect(ok(before!.as(HAMLET).post('/users/me/tutorial_status', { status: 'finished' }))['result']).toBe('success');
    expect(at.as(HAMLET).post('/users/me/tutorial_status', { status: 'finished' }).status).toBe(404);
  },
  283: groupSettingProbe('can_manage_group'),
  284: NO_CHANGE,
  285: (before, at) => {
    const sent = (server: ProbeServer) =>
      ok(server.as(HAMLET).post('/messages', { type: 'stream', to: String(CHANNEL.denmark), topic: 'probe', content: 'one' }))['id'] as number;
    expect(ok(at.as(HAMLET).patch(`/messages/${sent(at)}`, { content: 'two' }))).toHaveProperty('detached_uploads');
    expect(ok(before!.as(HAMLET).patch(`/messages/${sent(before!)}`, { content: 'two' }))).not.toHaveProperty('detached_uploads');
  },
  286: (before, at) => {
    const upload = (server: ProbeServer) =>
      ok(
        server.model.call(
          'POST',
          '/user_uploads',
          {},
          {
            auth: HAMLET,
            files: [{ fieldName: 'f', fileName: 'probe.txt', contentType: 'text/plain', data: Buffer.from('probe') }],
          },
        ),
      );
    expect(upload(at)).toHaveProperty('filename', 'probe.txt');
    expect(upload(before!)).not.toHaveProperty('filename');
  },
  287: NO_CHANGE,
  288: paramProbe(HAMLET, 'post', '/users/me/presence', { status: 'active', history_limit_days: '3' }, 'history_limit_days'),
  289: (before, at) => {
    const params = { subscriptions: JSON.stringify([{ name: 'Probe289' }]), principals: JSON.stringify([CORDELIA.userId]) };
    expect(Object.keys(ok(at.as(HAMLET).post('/users/me/subscriptions', params))['subscribed'])).toEqual([String(CORDELIA.userId)]);
    expect(Object.keys(ok(before!.as(HAMLET).post('/users/me/subscriptions', params))['subscribed'])).toEqual([expect.stringMatching(/@/)]);
  },
  290: (before, at) => {
    endpointProbe(IAGO, 'post', `/user_groups/${GROUP.leadership}/deactivate`)(before, at);
    expect(ok(before!.as(IAGO).get('/user_groups', { allow_deactivated: 'true' }))['ignored_parameters_unsupported']).toContain('allow_deactivated');
    expect((ok(before!.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[])[0]).not.toHaveProperty('deactivated');
  },
  291: realmSettingProbe('can_delete_own_message_group', 'delete_own_message_policy', 2, 'role:administrators'),
  292: (before, at) => {
    expect((ok(at.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[])[0]).toHaveProperty('creator_id');
    expect((ok(before!.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[])[0]).not.toHaveProperty('creator_id');
  },
  293: userSettingProbe('allow_private_data_export'),
  294: (before, at) => {
    expect(at.as(DESDEMONA).delete(`/user_groups/${GROUP.leadership}`).status).toBe(405);
    ok(before!.as(DESDEMONA).delete(`/user_groups/${GROUP.leadership}`));
    // Between 290 and 293 every client is sent deactivated groups.
    const groups = registered(before!, IAGO, 'realm_user_groups')['realm_user_groups'] as Record<string, any>[];
    expect(groups.find((group) => group['id'] === GROUP.leadership)).toMatchObject({ deactivated: true });
    expect(ok(before!.as(IAGO).get('/user_groups', { include_deactivated_groups: 'true' }))['ignored_parameters_unsupported']).toContain(
      'include_deactivated_groups',
    );
    const listed = ok(before!.as(IAGO).get('/user_groups', { allow_deactivated: 'true' }));
    expect(listed['ignored_parameters_unsupported'] ?? []).toEqual([]);
    expect((listed['user_groups'] as Record<string, any>[]).some((group) => group['id'] === GROUP.leadership)).toBe(true);
  },
  295: endpointProbe(IAGO, 'get', '/export/realm/consents'),
  296: (before, at) => {
    expect((ok(at.as(IAGO).get('/realm/profile_fields'))['custom_fields'] as Record<string, any>[])[0]).toHaveProperty('editable_by_user');
    expect((ok(before!.as(IAGO).get('/realm/profile_fields'))['custom_fields'] as Record<string, any>[])[0]).not.toHaveProperty('editable_by_user');
  },
  297: (before, at) => {
    registerKeysProbe(IAGO, 'saved_snippets', ['saved_snippets'])(before, at);
    endpointProbe(HAMLET, 'get', '/saved_snippets')(before, at);
    endpointProbe(HAMLET, 'post', '/saved_snippets', { title: 't', content: 'c' })(before, at);
    expect(eventsAfter(at, HAMLET, ['saved_snippets'], () => ok(at.as(HAMLET).post('/saved_snippets', { title: 't', content: 'c' })))).toHaveLength(1);
  },
  298: (before, at) => {
    // A fresh group, made a subgroup of another: in use.
    const inUse = (server: ProbeServer) => {
      const created = ok(server.as(IAGO).post('/user_groups/create', { name: 'inuse', description: 'd', members: JSON.stringify([HAMLET.userId]) }));
      const groups = ok(server.as(IAGO).get('/user_groups'))['user_groups'] as Record<string, any>[];
      const id = (created['group_id'] as number | undefined) ?? groups.find((group) => group['name'] === 'inuse')!['id'];
      ok(server.as(IAGO).post('/user_groups/create', { name: 'outer', description: 'd', members: '[]', subgroups: JSON.stringify([id]) }));
      ok(server.as(IAGO).post(`/user_groups/${GROUP.supportTeam}/subgroups`, { add: JSON.stringify([id]) }));
      return server.as(IAGO).post(`/user_groups/${id}/deactivate`);
    };
    expect(inUse(at).body).toMatchObject({ code: 'CANNOT_DEACTIVATE_GROUP_IN_USE' });
    const old = inUse(before!).body as Record<string, unknown>;
    expect(old).toMatchObject({ code: 'BAD_REQUEST' });
    expect(old).not.toHaveProperty('objections');
  },
  299: realmSettingProbe('can_create_groups', 'user_group_edit_policy', 2, 'role:administrators'),
  300: (before, at) => {
    const old = ok(before!.as(HAMLET).get('/messages', { message_ids: '[1]', anchor: 'newest', num_before: '1', num_after: '0' }));
    expect(old['ignored_parameters_unsupported']).toContain('message_ids');
    expect(ok(at.as(HAMLET).get('/messages', { message_ids: '[1]' }))['ignored_parameters_unsupported'] ?? []).not.toContain('message_ids');
  },
  301: groupSettingProbe('can_join_group'),
  302: NO_CHANGE,
  303: NO_CHANGE,
  304: paramProbe(IAGO, 'post', '/export/realm', { export_type: '1' }, 'export_type'),
  305: groupSettingProbe('can_add_members_group'),
  306: NO_CHANGE,
  307: realmSettingProbe('can_add_custom_emoji_group', 'add_custom_emoji_policy', 2, 'role:administrators'),
  308: groupSettingProbe('can_leave_group'),
  309: (before, at) => {
    const params = { can_create_groups: JSON.stringify({ new: GROUP.hamletcharacters }) };
    expect(before!.as(DESDEMONA).patch('/realm', params).body).toMatchObject({ code: 'BAD_REQUEST', msg: "'can_create_groups' must be a system user group." });
    ok(at.as(DESDEMONA).patch('/realm', params));
  },
  310: realmSettingProbe('can_move_messages_between_channels_group', 'move_messages_between_streams_policy', 2, 'role:administrators'),
  311: paramProbe(IAGO, 'post', `/user_groups/${GROUP.supportTeam}/members`, { add: JSON.stringify([CORDELIA.userId]), add_subgroups: '[]' }, 'add_subgroups'),
  312: NO_CHANGE,
  313: (before, at) => {
    // Below the level only GET answers at /users/{email}.
    expect(before!.as(IAGO).patch(`/users/${CORDELIA.email}`, { full_name: 'Cordelia Probe' }).status).toBe(405);
    ok(at.as(IAGO).patch(`/users/${CORDELIA.email}`, { full_name: 'Cordelia Probe' }));
    expect(ok(before!.as(IAGO).patch(`/users/${CORDELIA.userId}`, { new_email: 'c2@chatref.test' }))['ignored_parameters_unsupported']).toContain('new_email');
  },
  314: (before, at) => {
    const params = { create_multiuse_invite_group: JSON.stringify({ new: { direct_members: [HAMLET.userId], direct_subgroups: [] } }) };
    expect(before!.as(DESDEMONA).patch('/realm', params).body).toMatchObject({ code: 'BAD_REQUEST', msg: 'create_multiuse_invite_group is not an integer' });
    ok(at.as(DESDEMONA).patch('/realm', params));
    expect(registered(at, DESDEMONA, 'realm')['realm_create_multiuse_invite_group']).toEqual({ direct_members: [HAMLET.userId], direct_subgroups: [] });
  },
  315: (before, at) => {
    channelKeyProbe('is_archived')(before, at);
    expect(ok(before!.as(IAGO).get('/streams', { exclude_archived: 'false' }))['ignored_parameters_unsupported']).toContain('exclude_archived');
  },
  316: realmSettingProbe('can_move_messages_between_topics_group', 'edit_topic_policy', 2, 'role:administrators'),
  317: (before, at) => {
    const params = { name: 'probe317', description: 'd', members: JSON.stringify([HAMLET.userId]) };
    expect(ok(at.as(IAGO).post('/user_groups/create', params))).toHaveProperty('group_id');
    expect(ok(before!.as(IAGO).post('/user_groups/create', params))).not.toHaveProperty('group_id');
  },
  318: NO_CHANGE,
  319: NO_CHANGE,
  320: (before, at) => {
    const anonymous = JSON.stringify({ new: { direct_members: [HAMLET.userId], direct_subgroups: [] } });
    expect(before!.as(IAGO).patch(`/streams/${CHANNEL.denmark}`, { can_remove_subscribers_group: anonymous }).body).toMatchObject({
      msg: 'can_remove_subscribers_group is not an integer',
    });
    ok(at.as(IAGO).patch(`/streams/${CHANNEL.denmark}`, { can_remove_subscribers_group: anonymous }));
  },
  321: realmSettingProbe('can_invite_users_group', 'invite_to_realm_policy', 2, 'role:administrators'),
  322: paramProbe(IAGO, 'post', '/invites/multiuse', { invite_expires_in_minutes: '60', group_ids: '[]' }, 'group_ids'),
  323: channelKeyProbe('is_recently_active'),
  324: groupSettingProbe('can_remove_members_group'),
  325: channelKeyProbe('can_administer_channel_group'),
  326: NO_CHANGE,
  327: NO_CHANGE,
  328: (before, at) => {
    const reacted = (server: ProbeServer) => {
      const id = ok(server.as(HAMLET).post('/messages', { type: 'stream', to: String(CHANNEL.denmark), topic: 'probe', content: 'x' }))['id'] as number;
      ok(server.as(HAMLET).post(`/messages/${id}/reactions`, { emoji_name: 'smile' }));
      return (ok(server.as(HAMLET).get(`/messages/${id}`))['message'] as Record<string, any>)['reactions'][0] as Record<string, any>;
    };
    expect(reacted(at)).not.toHaveProperty('user');
    expect(reacted(before!)['user']).toMatchObject({ id: HAMLET.userId, email: HAMLET.email });
  },
  329: userSettingProbe('web_suggest_update_timezone'),
  330: (before, at) => {
    const now = registered(at, IAGO, 'default_streams')['realm_default_streams'] as unknown[];
    expect(typeof now[0]).toBe('number');
    const old = registered(before!, IAGO, 'default_streams')['realm_default_streams'] as Record<string, any>[];
    expect(old[0]).toMatchObject({ stream_id: now[0] });
  },
  331: registerKeysProbe(IAGO, 'realm', ['realm_moderation_request_channel_id']),
  332: registerKeysProbe(IAGO, 'realm', ['server_min_deactivated_realm_deletion_days', 'server_max_deactivated_realm_deletion_days']),
  333: (before, at) => {
    channelKeyProbe('can_send_message_group')(before, at);
    // stream_post_policy still sets who may post below the level; ignored from it on.
    expect(ok(at.as(IAGO).patch(`/streams/${CHANNEL.denmark}`, { stream_post_policy: '2' }))['ignored_parameters_unsupported']).toContain('stream_post_policy');
    expect(ok(before!.as(IAGO).patch(`/streams/${CHANNEL.denmark}`, { stream_post_policy: '2' }))['ignored_parameters_unsupported'] ?? []).toEqual([]);
    const channel = ok(before!.as(IAGO).get(`/streams/${CHANNEL.denmark}`))['stream'] as Record<string, any>;
    expect(channel).toMatchObject({ stream_post_policy: 2, is_announcement_only: true });
  },
  334: (before, at) => {
    expect(registerKeys(at, IAGO, 'realm')).toContain('realm_empty_topic_display_name');
    expect(registerKeys(before!, IAGO, 'realm')).not.toContain('realm_empty_topic_display_name');
    paramProbe(
      HAMLET,
      'get',
      '/messages',
      { anchor: 'newest', num_before: '1', num_after: '0', allow_empty_topic_name: 'true' },
      'allow_empty_topic_name',
    )(before, at);
  },
});
