/** POST /register: the limits and constants the spec names, the realm settings, and fetch_event_types. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import { register } from './support.js';

const ENDPOINT = 'POST /register';

function isInt(value: unknown): value is number {
  return Number.isInteger(value);
}

async function limits(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member);
  for (const name of ['max_stream_name_length', 'max_stream_description_length', 'max_topic_length', 'max_message_length']) {
    expectTrue(isInt(body[name]) && body[name] > 0, `${name} as a positive integer, got ${JSON.stringify(body[name])}`, 'register.limits.lengths');
  }
  const upload = body['max_file_upload_size_mib'];
  expectTrue(
    typeof upload === 'number' && upload > 0,
    `max_file_upload_size_mib as a positive number, got ${JSON.stringify(upload)}`,
    'register.limits.upload-size',
  );
}

/** Changelog 241: notifications_stream and signup_notifications_stream became new_stream_announcements_stream and signup_announcements_stream. */
const ANNOUNCEMENTS_NAMES_SINCE = 241;

async function constants(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member);
  const types = body['server_report_message_types'];
  // Sent from feature level 435 (reports.types says so too).
  if (sendsKeyAt(ctx.featureLevel, 'register-queue', 'server_report_message_types'))
    expectTrue(
      Array.isArray(types) &&
        types.every((type) => type !== null && typeof type === 'object' && typeof type['key'] === 'string' && typeof type['name'] === 'string'),
      `server_report_message_types as a list of {key, name}, got ${JSON.stringify(types)}`,
      'register.report-types',
    );
  const name = body['realm_empty_topic_display_name'];
  // Sent from feature level 334, with the empty topic.
  if (sendsKeyAt(ctx.featureLevel, 'register-queue', 'realm_empty_topic_display_name'))
    expectTrue(
      typeof name === 'string' && name !== '',
      `realm_empty_topic_display_name as a non-empty string, got ${JSON.stringify(name)}`,
      'register.empty-topic-display-name',
    );
  expectTrue(
    typeof body['has_provider_token'] === 'boolean',
    `has_provider_token as a boolean, got ${JSON.stringify(body['has_provider_token'])}`,
    'register.has-provider-token',
  );
}

async function values(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member);
  expectEqual(
    [body['max_stream_name_length'], body['max_stream_description_length'], body['max_topic_length'], body['max_message_length']],
    [60, 1024, 60, 10000],
    'the channel name, description, topic and message limits',
    'register.values',
  );
  if (sendsKeyAt(ctx.featureLevel, 'register-queue', 'server_report_message_types')) {
    expectEqual(
      (body['server_report_message_types'] as { key: string }[]).map((type) => type.key),
      ['spam', 'harassment', 'inappropriate', 'norms', 'other'],
      'the report type keys',
      'register.values',
    );
  }
  if (sendsKeyAt(ctx.featureLevel, 'register-queue', 'realm_empty_topic_display_name'))
    expectEqual(body['realm_empty_topic_display_name'], 'general chat', 'realm_empty_topic_display_name', 'register.values');
}

async function version(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member);
  expectTrue(
    isInt(body['zulip_feature_level']) && body['zulip_feature_level'] >= 1,
    `an integer zulip_feature_level, got ${JSON.stringify(body['zulip_feature_level'])}`,
    'register.feature-level',
  );
  expectTrue(typeof body['zulip_version'] === 'string', `a zulip_version string, got ${JSON.stringify(body['zulip_version'])}`, 'register.feature-level');
  expectTrue(
    typeof body['queue_id'] === 'string' && body['queue_id'] !== '',
    `a queue_id string, got ${JSON.stringify(body['queue_id'])}`,
    'register.feature-level',
  );
  expectTrue(isInt(body['last_event_id']), `an integer last_event_id, got ${JSON.stringify(body['last_event_id'])}`, 'register.feature-level');
  const server = (await ctx.call(null, 'GET', '/server_settings')).body as Record<string, unknown>;
  expectEqual(body['zulip_feature_level'], server['zulip_feature_level'], 'the same feature level as GET /server_settings', 'register.feature-level');
  for (const field of ['realm_name', 'realm_url'] as const) {
    if (field in server) expectEqual(body[field], server[field], `the same ${field} as GET /server_settings`, 'register.realm-identity');
  }
}

async function realmSettings(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member);
  for (const name of ['message_content_edit_limit_seconds', 'move_messages_within_stream_limit_seconds', 'move_messages_between_streams_limit_seconds']) {
    const value = body[`realm_${name}`];
    expectTrue(
      value === null || (isInt(value) && value > 0),
      `realm_${name} as positive seconds or null, got ${JSON.stringify(value)}`,
      'register.time-limit-settings',
    );
  }
  if (sendsKeyAt(ctx.featureLevel, 'register-queue', 'realm_topics_policy')) {
    const policy = body['realm_topics_policy'];
    expectTrue(
      policy === 'allow_empty_topic' || policy === 'disable_empty_topic',
      `realm_topics_policy as allow_empty_topic or disable_empty_topic, got ${JSON.stringify(policy)}`,
      'register.topics-policy',
    );
  } else {
    // Before 392 the organization's topic rule was the boolean mandatory_topics.
    expectTrue(
      typeof body['realm_mandatory_topics'] === 'boolean',
      `realm_mandatory_topics as a boolean, got ${JSON.stringify(body['realm_mandatory_topics'])}`,
      'register.topics-policy',
    );
  }
  const announcements = ctx.featureLevel >= ANNOUNCEMENTS_NAMES_SINCE;
  for (const name of [
    'moderation_request_channel_id',
    announcements ? 'new_stream_announcements_stream_id' : 'notifications_stream_id',
    announcements ? 'signup_announcements_stream_id' : 'signup_notifications_stream_id',
    'zulip_update_announcements_stream_id',
  ].filter((setting) => sendsKeyAt(ctx.featureLevel, 'register-queue', `realm_${setting}`))) {
    const value = body[`realm_${name}`];
    expectTrue(
      isInt(value) && (value === -1 || value > 0),
      `realm_${name} as a channel id or -1, got ${JSON.stringify(value)}`,
      'register.channel-settings-unset',
    );
  }
}

async function fetchEventTypes(ctx: CheckContext): Promise<void> {
  const body = await register(ctx, ctx.cast.member, { fetch_event_types: JSON.stringify(['realm_user_groups']) });
  expectTrue(
    Array.isArray(body['realm_user_groups']),
    `realm_user_groups for fetch_event_types ["realm_user_groups"], got ${JSON.stringify(Object.keys(body))}`,
    'register.fetch-event-types',
  );
  for (const absent of ['realm_users', 'subscriptions', 'streams', 'max_topic_length', 'realm_topics_policy']) {
    expectTrue(!(absent in body), `no ${absent} when only realm_user_groups is fetched`, 'register.fetch-event-types');
  }
  expectTrue(
    isInt(body['zulip_feature_level']) && typeof body['queue_id'] === 'string',
    'the feature level and queue id whatever is fetched',
    'register.fetch-event-types',
  );
  const fallback = await register(ctx, ctx.cast.member, { event_types: JSON.stringify(['realm']) });
  expectTrue(
    'max_topic_length' in fallback && !('realm_users' in fallback),
    'event_types to decide when fetch_event_types is absent',
    'register.fetch-event-types',
  );
}

async function usersAndGroups(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const body = await register(ctx, member, { fetch_event_types: JSON.stringify(['realm_user', 'realm_user_groups', 'subscription', 'stream']) });
  const users = body['realm_users'] as Record<string, unknown>[];
  expectTrue(
    Array.isArray(users) && users.some((user) => user['user_id'] === otherMember.userId),
    'the other member among realm_users',
    'register.users-and-groups',
  );
  expectTrue(
    users.every((user) => !('is_active' in user)),
    'realm_users without is_active',
    'register.users-and-groups',
  );
  expectTrue(
    Array.isArray(body['realm_non_active_users']) && Array.isArray(body['cross_realm_bots']),
    'realm_non_active_users and cross_realm_bots lists',
    'register.users-and-groups',
  );
  const groups = body['realm_user_groups'] as Record<string, unknown>[];
  expectTrue(
    Array.isArray(groups) && groups.some((group) => group['name'] === 'role:everyone'),
    'role:everyone among realm_user_groups',
    'register.users-and-groups',
  );
  for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams']) {
    expectTrue(Array.isArray(body[key]), `${key} as a list`, 'register.users-and-groups');
  }
  expectEqual(body['user_id'], member.userId, 'user_id, the caller', 'register.users-and-groups');
}

async function nonActiveUsers(ctx: CheckContext): Promise<void> {
  const gone = await ctx.newUser();
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${gone.userId}`));
  const body = await register(ctx, ctx.cast.member, { fetch_event_types: JSON.stringify(['realm_user']) });
  const ids = (key: string) => (Array.isArray(body[key]) ? (body[key] as Record<string, unknown>[]).map((user) => user['user_id']) : []);
  expectTrue(!ids('realm_users').includes(gone.userId), `the deactivated user ${gone.userId} not among realm_users`, 'register.users-and-groups');
  expectTrue(
    ids('realm_non_active_users').includes(gone.userId),
    `the deactivated user ${gone.userId} among realm_non_active_users`,
    'register.users-and-groups',
  );
  expectTrue(
    ids('realm_users').includes(ctx.cast.otherMember.userId) && !ids('realm_non_active_users').includes(ctx.cast.otherMember.userId),
    'an active user among realm_users only',
    'register.users-and-groups',
  );
}

export const REGISTER_CHECKS = defineChecks([
  {
    id: 'register.limits',
    title: 'Given a member, when registering, then the length limits and the upload size are reported',
    clauses: ['register.limits.lengths', 'register.limits.upload-size'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: limits,
  },
  {
    id: 'register.constants',
    title: 'Given a member, when registering, then report types, the empty-topic display name and has_provider_token are reported',
    clauses: ['register.report-types', 'register.empty-topic-display-name', 'register.has-provider-token'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: constants,
  },
  {
    id: 'register.values',
    title: 'Given a member, when registering, then the limits, report types and empty-topic name have the real server’s values',
    clauses: ['register.values'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: values,
  },
  {
    id: 'register.version',
    title:
      'Given a member, when registering, then the feature level, organization name and URL (as in server_settings), version, queue and last event id are reported',
    clauses: ['register.feature-level', 'register.realm-identity'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: version,
  },
  {
    id: 'register.realm-settings',
    title: 'Given a member, when registering, then the time limits, topics policy and channel settings are reported in API form',
    clauses: ['register.time-limit-settings', 'register.topics-policy', 'register.channel-settings-unset'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: realmSettings,
  },
  {
    id: 'register.fetch-event-types',
    title: 'Given fetch_event_types or event_types, when registering, then only those parts come back',
    clauses: ['register.fetch-event-types'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: fetchEventTypes,
  },
  {
    id: 'register.non-active-users',
    title: 'Given a deactivated user, when registering, then they are among realm_non_active_users and not realm_users',
    clauses: ['register.users-and-groups'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: nonActiveUsers,
  },
  {
    id: 'register.users-and-groups',
    title: 'Given a member, when registering, then users, groups, subscriptions and channels are listed',
    clauses: ['register.users-and-groups'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: usersAndGroups,
  },
]);
