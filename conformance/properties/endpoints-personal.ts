/**
 * A user's own reading and muting state, as the property checks see it.
 * Paths name ids no user has; base requests change nothing (policy 0, an
 * unmute, a word that is removed again if a chance success added it).
 */
import type { EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { BOOL, enumOf, INT, intEnumOf, nothing, OBJECT_LIST, STRING, STRING_LIST } from './param-kinds.js';

const ownAlertWords: ReadBack = { path: '/users/me/alert_words' };
const PROPERTY_WORD = 'bad-input-property-word';

/** Whether a wire value is a JSON list with something in it. */
function nonEmptyList(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.length > 0;
  } catch {
    return false;
  }
}

const channelId = (env: PropertyEnv) => String(env.channel.id);

export const PERSONAL_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-alert-words', method: 'GET', path: '/users/me/alert_words', auth: 'basic', actor: 'owner', params: [], observe: () => [ownAlertWords] },
  {
    operation: 'add-alert-words',
    method: 'POST',
    path: '/users/me/alert_words',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'alert_words', kind: STRING_LIST, required: true, valid: () => JSON.stringify([PROPERTY_WORD]), invalid: [JSON.stringify(['x'.repeat(101)])] },
    ],
    observe: () => [ownAlertWords],
    cleanUp: async (env, _response, call) => {
      await call(env.owner, 'DELETE', '/users/me/alert_words', { alert_words: JSON.stringify([PROPERTY_WORD]) });
    },
  },
  {
    operation: 'remove-alert-words',
    method: 'DELETE',
    path: '/users/me/alert_words',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'alert_words', kind: STRING_LIST, required: true, valid: () => JSON.stringify([PROPERTY_WORD]) }],
    observe: () => [ownAlertWords],
  },
  {
    operation: 'mute-user',
    method: 'POST',
    path: '/users/me/muted_users/{muted_user_id}',
    pathParams: { muted_user_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: nothing,
  },
  {
    operation: 'unmute-user',
    method: 'DELETE',
    path: '/users/me/muted_users/{muted_user_id}',
    pathParams: { muted_user_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: nothing,
  },
  {
    operation: 'update-user-topic',
    method: 'POST',
    path: '/user_topics',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'stream_id', kind: INT, required: true, valid: channelId },
      { name: 'topic', kind: STRING, required: true, valid: () => 'bad-input property topic', invalid: ['x'.repeat(61)] },
      { name: 'visibility_policy', kind: intEnumOf(0, 1, 2, 3), required: true, valid: () => '0' },
    ],
    observe: nothing,
  },
  {
    operation: 'mute-topic',
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'op', kind: enumOf('add', 'remove'), required: true, valid: () => 'remove' },
      { name: 'topic', kind: STRING, required: true, valid: () => 'bad-input property topic', invalid: ['x'.repeat(61)] },
      { name: 'stream', kind: STRING },
      { name: 'stream_id', kind: INT, valid: channelId },
    ],
    refuses: (params) =>
      (params['stream'] === undefined) === (params['stream_id'] === undefined) ? 'exactly one of stream and stream_id is needed' : undefined,
    observe: nothing,
  },
  {
    operation: 'update-subscription-settings',
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    auth: 'basic',
    actor: 'self',
    params: [
      {
        name: 'subscription_data',
        kind: OBJECT_LIST,
        required: true,
        valid: (env) => JSON.stringify([{ stream_id: env.channel.id, property: 'pin_to_top', value: false }]),
        invalid: [
          '[{"stream_id": 1, "property": "color", "value": "red"}]',
          '[{"stream_id": 1, "property": "is_muted", "value": "yes"}]',
          '[{"stream_id": 1, "property": "no_such_property", "value": true}]',
          '[{"property": "pin_to_top", "value": true}]',
        ],
      },
    ],
    observe: nothing,
  },
  {
    operation: 'update-subscriptions',
    method: 'PATCH',
    path: '/users/me/subscriptions',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'delete', kind: STRING_LIST },
      { name: 'add', kind: OBJECT_LIST, invalid: ['[{"name": "x", "color": "red"}]', '[{"description": "no name"}]'] },
    ],
    refuses: (params) => (nonEmptyList(params['add']) || nonEmptyList(params['delete']) ? undefined : 'neither add nor delete has something to do'),
    observe: nothing,
  },
  {
    operation: 'get-stream-topics',
    method: 'GET',
    path: '/users/me/{stream_id}/topics',
    pathParams: { stream_id: 'channel-id' },
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'allow_empty_topic_name', kind: BOOL }],
    observe: nothing,
  },
  {
    operation: 'delete-topic',
    method: 'POST',
    path: '/streams/{stream_id}/delete_topic',
    pathParams: { stream_id: 'spare-channel-id' },
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'topic_name', kind: STRING, required: true, valid: () => 'bad-input property topic nobody wrote in' }],
    observe: nothing,
  },
  {
    operation: 'get-read-receipts',
    method: 'GET',
    path: '/messages/{message_id}/read_receipts',
    pathParams: { message_id: 'message-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: nothing,
  },
  { operation: 'mark-all-as-read', method: 'POST', path: '/mark_all_as_read', auth: 'basic', actor: 'self', params: [], observe: nothing },
  {
    operation: 'mark-stream-as-read',
    method: 'POST',
    path: '/mark_stream_as_read',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'stream_id', kind: INT, required: true, valid: channelId }],
    observe: nothing,
  },
];
