/** The channel and subscription endpoints, as the property checks see them. */
import type { EndpointSpec, ParamSpec } from './endpoint-spec.js';
import { ANY_JSON, BOOL, channelRead, enumOf, GROUP_SETTING, GROUP_SETTING_CHANGE, INT, OBJECT_LIST, optional, ownSubscriptions, STRING, STRING_LIST } from './param-kinds.js';

const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
];

const TOPICS_POLICY = enumOf('inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only');

/** Principals are user ids or addresses: only malformed JSON and wrong shapes are surely wrong. */
const PRINCIPALS: ParamSpec = { name: 'principals', kind: ANY_JSON, invalid: ['1', '"x"', '{}', '[null]', '[[1]]', '[1.5]'] };

export const CHANNEL_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'get-streams',
    method: 'GET',
    path: '/streams',
    auth: 'basic',
    actor: 'owner',
    params: optional(BOOL, 'include_public', 'include_web_public', 'include_subscribed', 'exclude_archived', 'include_all', 'include_default', 'include_owner_subscribed', 'include_can_access_content', 'include_all_active'),
    observe: (env) => channelRead(env.channel.id),
  },
  {
    operation: 'get-stream-by-id',
    method: 'GET',
    path: '/streams/{stream_id}',
    pathParams: { stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => channelRead(env.channel.id),
  },
  {
    operation: 'get-stream-id',
    method: 'GET',
    path: '/get_stream_id',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'stream', kind: STRING, required: true, valid: (env) => env.channel.name }],
    observe: (env) => channelRead(env.channel.id),
  },
  {
    operation: 'update-stream',
    method: 'PATCH',
    path: '/streams/{stream_id}',
    pathParams: { stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'description', kind: STRING, valid: (env) => env.unique('description') },
      { name: 'new_name', kind: STRING },
      ...optional(BOOL, 'is_private', 'is_web_public', 'history_public_to_subscribers', 'is_default_stream', 'is_archived'),
      { name: 'message_retention_days', kind: ANY_JSON, invalid: ['"forever"', '1.5', '[]'] },
      { name: 'topics_policy', kind: TOPICS_POLICY },
      { name: 'folder_id', kind: INT },
      ...optional(GROUP_SETTING_CHANGE, ...CHANNEL_GROUP_SETTINGS),
    ],
    observe: (env) => channelRead(env.channel.id),
  },
  {
    operation: 'archive-stream',
    method: 'DELETE',
    path: '/streams/{stream_id}',
    pathParams: { stream_id: 'spare-channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => channelRead(env.spareChannel.id),
  },
  {
    operation: 'get-subscribers',
    method: 'GET',
    path: '/streams/{stream_id}/members',
    pathParams: { stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => channelRead(env.channel.id),
  },
  {
    operation: 'subscribe',
    method: 'POST',
    path: '/users/me/subscriptions',
    auth: 'basic',
    actor: 'self',
    params: [
      // The base joins a channel `self` is already in: a chance success creates nothing.
      { name: 'subscriptions', kind: OBJECT_LIST, required: true, valid: (env) => JSON.stringify([{ name: env.channel.name }]), invalid: ['[{}]', '[{"name":1}]', '["x"]'] },
      PRINCIPALS,
      ...optional(BOOL, 'authorization_errors_fatal', 'announce', 'invite_only', 'is_web_public', 'is_default_stream', 'history_public_to_subscribers', 'send_new_subscription_messages'),
      { name: 'message_retention_days', kind: ANY_JSON, invalid: ['"forever"', '1.5', '[]'] },
      { name: 'topics_policy', kind: ANY_JSON, invalid: ['"never"', '1', '[]'] },
      ...optional(GROUP_SETTING, ...CHANNEL_GROUP_SETTINGS),
    ],
    observe: (env) => [...channelRead(env.channel.id), ownSubscriptions(env)],
  },
  {
    operation: 'unsubscribe',
    method: 'DELETE',
    path: '/users/me/subscriptions',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'subscriptions', kind: STRING_LIST, required: true, valid: (env) => JSON.stringify([env.channel.name]) },
      PRINCIPALS,
    ],
    observe: (env) => [...channelRead(env.channel.id), ownSubscriptions(env)],
    async cleanUp(env, response, call) {
      // A chance success took `self` out of the channel the other checks expect them in.
      if (response.status === 200) await call(env.self, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: env.channel.name }]) });
    },
  },
  {
    operation: 'get-subscriptions',
    method: 'GET',
    path: '/users/me/subscriptions',
    auth: 'basic',
    actor: 'self',
    params: optional(BOOL, 'include_subscribers'),
    observe: (env) => [ownSubscriptions(env)],
  },
  {
    operation: 'get-subscription-status',
    method: 'GET',
    path: '/users/{user_id}/subscriptions/{stream_id}',
    pathParams: { user_id: 'user-id', stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: (env) => channelRead(env.channel.id),
  },
];
