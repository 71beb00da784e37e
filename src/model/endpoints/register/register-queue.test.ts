import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  GROUP,
  HAMLET,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
} from '../../../testing/default-realm.js';
import { rows } from '../../tables/table.js';

function register(model: ReturnType<typeof newModel>, actor = HAMLET, params: Record<string, string> = {}) {
  return expectSuccess(as(model, actor).post('/register', params));
}

describe('POST /register: limits and constants', () => {
  it('reports the limits, report types, empty-topic name, provider token and version', () => {
    const body = register(newModel());
    expect(body).toMatchObject({
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_topic_length: 60,
      max_message_length: 10000,
      max_file_upload_size_mib: 25,
      realm_empty_topic_display_name: 'general chat',
      // The fake video call provider gives every human user a token.
      has_provider_token: true,
      has_zoom_token: true,
      zulip_feature_level: 496,
      last_event_id: -1,
    });
    expect(body['server_report_message_types'].map((type: { key: string }) => type.key)).toEqual(['spam', 'harassment', 'inappropriate', 'norms', 'other']);
    expect(typeof body['queue_id']).toBe('string');
    expect(typeof body['zulip_version']).toBe('string');
    expect(typeof body['zulip_merge_base']).toBe('string');
  });

  it('reports the realm settings in API form', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const body = register(model);
    expect(body).toMatchObject({
      realm_topics_policy: 'allow_empty_topic',
      realm_mandatory_topics: false,
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_move_messages_within_stream_limit_seconds: 604800,
      realm_message_retention_days: -1,
      realm_enable_spectator_access: false,
      realm_can_create_web_public_channel_group: ids['role:owners'],
      realm_can_access_all_users_group: ids['role:everyone'],
      realm_moderation_request_channel_id: CHANNEL.moderation,
      realm_new_stream_announcements_stream_id: CHANNEL.general,
      realm_zulip_update_announcements_stream_id: -1,
    });
  });

  it('reads PATCH /realm changes back', () => {
    const model = newModel();
    expectSuccess(
      as(model, IAGO).patch('/realm', {
        moderation_request_channel_id: '-1',
        topics_policy: 'disable_empty_topic',
        can_move_messages_between_channels_group: JSON.stringify({ new: { direct_members: [HAMLET.userId], direct_subgroups: [GROUP.leadership] } }),
      }),
    );
    expect(register(model)).toMatchObject({
      realm_moderation_request_channel_id: -1,
      realm_topics_policy: 'disable_empty_topic',
      realm_mandatory_topics: true,
      realm_can_move_messages_between_channels_group: { direct_members: [HAMLET.userId], direct_subgroups: [GROUP.leadership] },
    });
  });
});

describe('POST /register: fetch_event_types', () => {
  it('returns only the asked-for parts, plus the version and queue', () => {
    const body = register(newModel(), HAMLET, { fetch_event_types: JSON.stringify(['realm_user_groups']) });
    expect(Object.keys(body).sort()).toEqual(
      ['last_event_id', 'msg', 'queue_id', 'realm_user_groups', 'result', 'zulip_feature_level', 'zulip_merge_base', 'zulip_version'].sort(),
    );
  });

  it("reports max_message_id whenever message is fetched: the newest message of the user's channels", () => {
    const model = newModel();
    // The default history's newest message in a channel or conversation of the user's.
    const newestReceived = (channelIds: readonly number[], userId: number) =>
      Math.max(
        ...[...rows(model.state.messages)]
          .filter((message) => (message.channelId === null ? message.directUserIds.includes(userId) : channelIds.includes(message.channelId)))
          .map((message) => message.id),
      );
    const hamletBefore = newestReceived([CHANNEL.general, CHANNEL.denmark, CHANNEL.scotland, CHANNEL.elsinore], HAMLET.userId);
    const poloniusBefore = newestReceived([CHANNEL.denmark], POLONIUS.userId);
    expect(register(model, HAMLET, { fetch_event_types: JSON.stringify(['message']) })['max_message_id']).toBe(hamletBefore);
    expect(register(model, HAMLET, { fetch_event_types: JSON.stringify(['realm']) })).not.toHaveProperty('max_message_id');
    // Announcing a new channel posts Notification Bot's message to general, which Hamlet is in and Polonius is not.
    expectSuccess(as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Wittenberg' }]), announce: 'true' }));
    const newest = register(model, HAMLET, { fetch_event_types: JSON.stringify(['message']) })['max_message_id'];
    expect(newest).toBe(model.state.counters.nextMessageId - 1);
    expect(newest).toBeGreaterThan(hamletBefore);
    expect(register(model, POLONIUS, { fetch_event_types: JSON.stringify(['message']) })['max_message_id']).toBe(poloniusBefore);
  });

  it('falls back to event_types and prefers fetch_event_types', () => {
    const model = newModel();
    expect(register(model, HAMLET, { event_types: JSON.stringify(['video_calls']) })).toHaveProperty('has_provider_token', true);
    const both = register(model, HAMLET, { event_types: JSON.stringify(['video_calls']), fetch_event_types: JSON.stringify(['stream']) });
    expect(both).not.toHaveProperty('has_provider_token');
    expect(both).toHaveProperty('streams');
  });

  it('refuses malformed parameters', () => {
    const model = newModel();
    expectError(as(model, HAMLET).post('/register', { fetch_event_types: 'realm' }), 400, 'BAD_REQUEST', 'fetch_event_types is not valid JSON');
    expectError(as(model, HAMLET).post('/register', { include_subscribers: 'yes' }), 400, 'BAD_REQUEST', 'Invalid include_subscribers');
    expectError(as(model, HAMLET).post('/register', { narrow: JSON.stringify([['search', 'x']]) }), 400, 'BAD_REQUEST', 'Operator search not supported.');
    expectError(as(model, HAMLET).post('/register', { client_capabilities: JSON.stringify({}) }), 400, 'BAD_REQUEST');
    expectError(as(model, POLONIUS).post('/register', { all_public_streams: 'true' }), 400, 'BAD_REQUEST', 'User not authorized for this query');
  });
});

describe('POST /register: users, groups, channels', () => {
  it('splits active and deactivated users and lists the system bot', () => {
    const body = register(newModel());
    expect(body['realm_users'].map((user: { user_id: number }) => user.user_id)).not.toContain(OTHELLO.userId);
    expect(body['realm_non_active_users'].map((user: { user_id: number }) => user.user_id)).toEqual([OTHELLO.userId]);
    expect(body['realm_users'][0]).not.toHaveProperty('is_active');
    expect(body['cross_realm_bots'][0]).toMatchObject({ full_name: 'Notification Bot', is_system_bot: true, bot_owner_id: null });
    expect(body).toMatchObject({
      user_id: HAMLET.userId,
      is_admin: false,
      is_guest: false,
      can_create_public_streams: true,
      can_create_web_public_streams: false,
    });
  });

  it('shows a restricted guest placeholders for users they share no channel with', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: model.state.systemGroupIds['role:members'] }) }));
    const body = register(model, POLONIUS);
    const cordelia = body['realm_users'].find((user: { user_id: number }) => user.user_id === CORDELIA.userId);
    expect(cordelia).toMatchObject({ full_name: 'Unknown user', delivery_email: null, email: `user${CORDELIA.userId}@chatref.test` });
    const hamlet = body['realm_users'].find((user: { user_id: number }) => user.user_id === HAMLET.userId);
    expect(hamlet).toMatchObject({ full_name: 'King Hamlet' });
    const incomplete = register(model, POLONIUS, { client_capabilities: JSON.stringify({ notification_settings_null: false, user_list_incomplete: true }) });
    expect(incomplete['realm_users'].map((user: { user_id: number }) => user.user_id)).not.toContain(CORDELIA.userId);
  });

  it("lists groups with subgroups, the actor's subscriptions and the channels they may see", () => {
    const body = register(newModel(), HAMLET, { include_subscribers: 'true' });
    const leadership = body['realm_user_groups'].find((group: { id: number }) => group.id === GROUP.leadership);
    expect(leadership).toMatchObject({ name: 'leadership', direct_subgroup_ids: [GROUP.supportTeam] });
    const names = (list: { name: string }[]) => list.map((entry) => entry.name);
    expect(names(body['subscriptions'])).toEqual(['Denmark', 'Scotland', 'general']);
    expect(body['subscriptions'][0]).toHaveProperty('subscribers');
    expect(names(body['never_subscribed'])).toEqual(['Verona']);
    expect(body['unsubscribed']).toEqual([]);
    // Hamlet may not see the private moderation channel; archived channels need the archived_channels capability.
    expect(names(body['streams'])).toEqual(['Denmark', 'Scotland', 'Verona', 'general']);
    const archived = register(newModel(), HAMLET, { client_capabilities: JSON.stringify({ notification_settings_null: false, archived_channels: true }) });
    expect(names(archived['subscriptions'])).toContain('Elsinore');
  });

  it('shows guests only their own and web-public channels and no default channels', () => {
    const body = register(newModel(), POLONIUS);
    expect(body['streams'].map((channel: { name: string }) => channel.name)).toEqual(['Denmark', 'Verona']);
    expect(body['realm_default_streams']).toEqual([]);
    expect(register(newModel(), HAMLET)['realm_default_streams']).toEqual([CHANNEL.general]);
  });
});

describe('POST /register: starred_messages', () => {
  it('lists the ids the user starred, oldest first, and follows a new star', () => {
    const model = newModel();
    const starredBefore = register(model, HAMLET, { fetch_event_types: '["starred_messages"]' })['starred_messages'];
    expect(Array.isArray(starredBefore)).toBe(true);
    const newest = register(model, HAMLET, { fetch_event_types: '["message"]' })['max_message_id'];
    expectSuccess(as(model, HAMLET).post('/messages/flags', { messages: `[${newest}]`, op: 'add', flag: 'starred' }));
    const body = register(model, HAMLET, { fetch_event_types: '["starred_messages"]' });
    expect(body['starred_messages']).toEqual([...starredBefore, newest].sort((a, b) => a - b));
    expect(body).not.toHaveProperty('realm_users');
  });

  it('is absent unless asked for when types are named', () => {
    expect(register(newModel(), HAMLET, { fetch_event_types: '["message"]' })).not.toHaveProperty('starred_messages');
  });
});
