/** Feature levels 461–496 (the changelog's "Changes in Zulip 12.0"), oldest first. */
import type { ApiEvent } from '../events/event.js';
import { renderMarkdown } from '../present/markdown.js';
import type { Body, LevelChange } from './change.js';
import { omitFromEach, userObjects, without } from './shapes.js';
import { editEach, editKey, omitKeys } from './walk.js';

/** Linkifier objects without `keys`: GET /realm/linkifiers, register's realm_linkifiers and the realm_linkifiers event. */
function linkifiersWithout(keys: readonly string[]) {
  const event = (event: ApiEvent): ApiEvent => editKey(event, 'realm_linkifiers', (list) => editEach(list, (item) => omitKeys(item, keys)));
  return {
    response: { 'get-linkifiers': omitFromEach('linkifiers', keys), 'register-queue': omitFromEach('realm_linkifiers', keys) },
    event: { realm_linkifiers: event },
  };
}

/** The realm update_dict event of a new description (chatref sends one per changed setting). */
function isDescriptionUpdate(event: ApiEvent): boolean {
  if (event['op'] !== 'update_dict') return false;
  const data = event['data'];
  return data !== null && typeof data === 'object' && Object.keys(data).length === 1 && 'description' in data;
}

export const LEVELS_461_496: readonly LevelChange[] = [
  {
    level: 461,
    endpoints: ['GET /events'],
    change: 'A bot’s new address also goes out as a realm_bot update {email}.',
    status: 'implemented',
    note: 'rules/feature-levels.ts sendsRealmBotEmailUpdates (461–473; FL 474 stopped realm_bot updates for user fields), called by actions/users.ts changeDeliveryEmail',
  },
  {
    level: 462,
    endpoints: ['GET /events'],
    change: 'rendered_description in the realm update event of a new description.',
    status: 'implemented',
    note: 'the walk drops rendered_description from the realm/update {property: description} event the 464 row builds',
    downgrade: {
      event: { realm: (event) => (event['op'] === 'update' && event['property'] === 'description' ? omitKeys(event, ['rendered_description']) : event) },
    },
  },
  {
    level: 463,
    endpoints: ['GET /bots/{bot_id}/api_key'],
    change: 'A new endpoint reads a bot’s API key.',
    status: 'nothing-to-do',
    note: 'chatref does not serve GET /bots/{bot_id}/api_key (GET /bots lists its keys); the path is 404 at every level',
  },
  {
    level: 464,
    endpoints: ['GET /events'],
    change: 'A new realm description is sent as realm/update_dict instead of realm/update.',
    status: 'approximate',
    note:
      'the walk turns the update_dict of a description into realm/update {property, value, rendered_description}; ' +
      'chatref’s update_dict carries only description, where the real server’s also carries rendered_description',
    downgrade: {
      event: {
        realm: (event) => {
          if (!isDescriptionUpdate(event)) return event;
          const description = String((event['data'] as Body)['description']);
          return { type: 'realm', op: 'update', property: 'description', value: description, rendered_description: renderMarkdown(description) };
        },
      },
    },
  },
  {
    level: 465,
    endpoints: ['POST /calls/nextcloud_talk/create', 'PATCH /realm', 'POST /register'],
    change: 'Nextcloud Talk as a video_chat_provider, and its call endpoint.',
    status: 'nothing-to-do',
    note: 'chatref has no Nextcloud Talk integration: not among its video call providers and the call path is 404, at every level',
  },
  {
    level: 466,
    endpoints: ['POST /register', 'GET /events'],
    change: 'realm_uuid in register; avatar_source may be "J" (Jdenticons).',
    status: 'approximate',
    note: 'chatref keeps no realm UUID and no Jdenticon avatars: realm_uuid is absent and avatar_source never "J", at every level (the row drops realm_uuid below 466 once it exists)',
    downgrade: { addsResponseKeys: { 'register-queue': ['realm_uuid'] } },
  },
  {
    level: 467,
    endpoints: ['Message formatting'],
    change: 'Markdown image syntax accepts only uploaded images.',
    status: 'nothing-to-do',
    note: 'chatref’s Markdown has no image syntax (![alt](url) renders as at every level)',
  },
  {
    level: 468,
    endpoints: ['POST /register', 'GET /events', 'POST /register_client_device', 'POST /mobile_push/register'],
    change: 'Client devices: devices in register, the device event and POST /register_client_device; push_devices and the push_device event went away.',
    status: 'approximate',
    note:
      'endpoints/register/fetch-types.ts: push_devices stops at 468 (until PUSH_DEVICES_REMOVED_FEATURE_LEVEL) and devices (always {}: ' +
      'chatref registers no client devices) starts there; POST /register_client_device is 404 and no device event is sent; ' +
      'the push endpoints’ new parameters are not served (chatref sends no push notifications)',
    downgrade: { addsResponseKeys: { 'register-queue': ['devices'] } },
  },
  {
    level: 469,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The media_preview_size realm setting.',
    status: 'approximate',
    note: 'chatref has no media_preview_size setting: PATCH /realm ignores it and register lacks realm_media_preview_size, at every level',
  },
  {
    level: 470,
    endpoints: ['POST /remove_client_device'],
    change: 'A new endpoint removes a registered device.',
    status: 'nothing-to-do',
    note: 'chatref registers no client devices (see 468): POST /remove_client_device is 404 at every level',
  },
  {
    level: 471,
    endpoints: ['GET /realm/linkifiers', 'POST /realm/filters', 'PATCH /realm/filters/{filter_id}', 'POST /register', 'GET /events'],
    change: 'example_input and reverse_template in linkifiers.',
    status: 'implemented',
    note: 'the walks drop both keys from linkifier objects; below 471 the parameters are ignored',
    downgrade: {
      ...linkifiersWithout(['example_input', 'reverse_template']),
      addsParams: { 'add-linkifier': ['example_input', 'reverse_template'], 'update-linkifier': ['example_input', 'reverse_template'] },
    },
  },
  {
    level: 472,
    endpoints: ['GET /attachments', 'GET /events'],
    change: 'Attachments list message_ids instead of messages [{id, date_sent}].',
    status: 'implemented',
    note: 'rules/feature-levels.ts listsAttachmentMessageIds, read by present/attachments.ts presentAttachment (the units of create_time and date_sent are the 443 row’s)',
  },
  {
    level: 473,
    endpoints: ['POST /users/{user_id}/status'],
    change: 'Bots with administrator rights may set another user’s status.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canBotsSetStatusForUser, the allowBots of endpoints/users/update-user-status.ts',
  },
  {
    level: 474,
    endpoints: ['POST /register', 'GET /events'],
    change: 'Bot dicts lost api_key, avatar_url, bot_type, email, full_name, is_active and owner_id; realm_bot update stopped for those fields.',
    status: 'approximate',
    note:
      'rules/feature-levels.ts hasLegacyBotDictFields (present/bots.ts presentRealmBot) and sendsRealmBotUserFieldUpdates ' +
      '(actions/users.ts changeFullName, deactivateUser, reactivateUser; actions/bots.ts changeBotOwner, regenerateApiKey); ' +
      'chatref cannot change a bot’s avatar, so the avatar_url update is never sent',
  },
  {
    level: 475,
    endpoints: ['GET /users', 'GET /events'],
    change: 'date_joined of API-created and imported accounts becomes the first login’s time, with a realm_user update.',
    status: 'implemented',
    note: 'rules/feature-levels.ts updatesDateJoinedAtFirstLogin, read by actions/users.ts recordFirstLogin',
  },
  {
    level: 476,
    endpoints: ['POST /realm/profile_fields', 'PATCH /realm/profile_fields/{field_id}'],
    change: 'Paragraph fields may be shown in the profile summary.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canShowInProfileSummary, read by rules/profile-field-definitions.ts',
  },
  {
    level: 477,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The workplace_users_group realm setting (billing).',
    status: 'approximate',
    note: 'chatref has no billing and no workplace_users_group setting: PATCH /realm ignores it and register lacks it, at every level',
  },
  {
    level: 478,
    endpoints: ['GET /realm/linkifiers', 'POST /realm/filters', 'PATCH /realm/filters/{filter_id}', 'POST /register', 'GET /events'],
    change: 'alternative_url_templates in linkifiers.',
    status: 'implemented',
    note: 'the walks drop the key from linkifier objects; below 478 the parameter is ignored',
    downgrade: {
      ...linkifiersWithout(['alternative_url_templates']),
      addsParams: { 'add-linkifier': ['alternative_url_templates'], 'update-linkifier': ['alternative_url_templates'] },
    },
  },
  {
    level: 479,
    endpoints: ['GET /thumbnail/status/{realm_id_str}/{filename}'],
    change: 'A new endpoint tells whether an image’s thumbnails exist.',
    status: 'nothing-to-do',
    note: 'chatref makes no thumbnails: the path is 404 at every level',
  },
  {
    level: 480,
    endpoints: ['GET /streams/{stream_id}', 'GET /streams/{stream_id}/members', 'GET /users/me/{stream_id}/topics'],
    change: 'Archived channels’ details, subscribers and topics can be fetched.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canFetchArchivedChannels, read by endpoints/streams/get-stream-by-id.ts, get-subscribers.ts and get-stream-topics.ts',
  },
  {
    level: 481,
    endpoints: ['POST /register'],
    change: 'The idle_queue_timeout parameter, and idle_queue_timeout_secs in the answer.',
    status: 'approximate',
    note: 'chatref takes only queue_lifespan_secs: idle_queue_timeout is ignored (listed in ignored_parameters_unsupported) and idle_queue_timeout_secs absent, at every level (the row drops the key below 481 once it exists)',
    downgrade: { addsResponseKeys: { 'register-queue': ['idle_queue_timeout_secs'] } },
  },
  {
    level: 482,
    endpoints: ['GET /messages', 'GET /messages/{message_id}', 'GET /events'],
    change: 'recipient_id of one-to-one direct messages took new values (same meaning).',
    status: 'nothing-to-do',
    note: 'chatref numbers recipients its own way at every level; the meaning (one per one-to-one conversation) is unchanged',
  },
  {
    level: 483,
    endpoints: ['POST /mobile_push/register'],
    change: 'An E2EE push registration removes the user’s legacy registration of the same token.',
    status: 'nothing-to-do',
    note: 'chatref keeps no E2EE push registrations and sends no push notifications',
  },
  {
    level: 484,
    endpoints: ['GET /events'],
    change: 'reaction events lost the deprecated user object.',
    status: 'implemented',
    note: 'rules/feature-levels.ts reactionEventsCarryUser (with its 328 and 339 history), read by actions/reactions.ts',
  },
  {
    level: 485,
    endpoints: ['POST /register'],
    change: 'validator renamed input_type in the url_options of realm_incoming_webhook_bots.',
    status: 'nothing-to-do',
    note: 'chatref lists no incoming webhook integrations (realm_incoming_webhook_bots is [] at every level)',
  },
  {
    level: 486,
    endpoints: ['POST /register'],
    change: 'klipy_api_key in register.',
    status: 'approximate',
    note: 'chatref has no GIF integrations and does not send klipy_api_key at any level (the row drops it below 486 once it exists)',
    downgrade: { addsResponseKeys: { 'register-queue': ['klipy_api_key'] } },
  },
  {
    level: 487,
    endpoints: ['GET /users/{user_id_or_email}/presence'],
    change: 'One user’s presence in the modern form (active_timestamp, idle_timestamp) instead of website and aggregated.',
    status: 'approximate',
    note: 'chatref answers the legacy per-client form (endpoints/presence/get-user-presence.ts) at every level',
  },
  {
    level: 488,
    endpoints: ['GET /server_settings'],
    change: 'discord in authentication_methods.',
    status: 'implemented',
    note: 'endpoints/server/get-server-settings.ts sends discord: false (no Discord login); the walk drops it below 488',
    downgrade: {
      response: { 'get-server-settings': (body) => editKey(body, 'authentication_methods', (methods) => omitKeys(methods as Body, ['discord'])) },
    },
  },
  {
    level: 489,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow', 'POST /register'],
    change: 'The channels:archived narrow filter.',
    status: 'approximate',
    note: 'chatref’s narrows know channels:public and channels:web-public only: channels:archived is an invalid narrow at every level',
  },
  {
    level: 490,
    endpoints: ['GET /users', 'GET /users/{user_id}', 'GET /users/{email}', 'POST /register', 'GET /events'],
    change: 'is_deleted (only when true) in user objects.',
    status: 'implemented',
    note: 'the walks drop is_deleted from user objects (present/user.ts sends it for deleted profiles)',
    downgrade: userObjects(without(['is_deleted']), true),
  },
  {
    level: 491,
    endpoints: ['POST /register', 'GET /events'],
    change: 'The individual_emoji_changes client capability: realm_emoji add and update_one events instead of the whole map.',
    status: 'approximate',
    note: 'chatref does not know the capability: every client gets the realm_emoji update event with the whole map, at every level',
  },
  {
    level: 492,
    endpoints: ['POST /users/me/api_key/regenerate'],
    change: 'A new API key removes the user’s E2EE push device registrations.',
    status: 'nothing-to-do',
    note: 'chatref keeps no E2EE push registrations',
  },
  {
    level: 493,
    endpoints: ['POST /register'],
    change: 'has_webex_token with video_calls.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (WEBEX_TOKEN_FEATURE_LEVEL)',
  },
  {
    level: 493,
    endpoints: ['POST /calls/webex/create', 'PATCH /realm', 'GET /events'],
    change: 'Webex as a video_chat_provider, its call endpoint and the has_webex_token event.',
    status: 'approximate',
    note: 'chatref has no Webex integration: it is not among the video call providers, POST /calls/webex/create is 404 and has_webex_token is always false, at every level',
  },
  {
    level: 494,
    endpoints: ['GET /bot_storage', 'PUT /bot_storage', 'DELETE /bot_storage'],
    change: 'Bot storage is for bots only.',
    status: 'nothing-to-do',
    note: 'chatref does not serve /bot_storage (404 at every level)',
  },
  {
    level: 495,
    endpoints: [],
    change: 'Unknown: chatref found no record of what changed at this level.',
    status: 'approximate',
    note:
      'neither the stored changelog nor the OpenAPI notes mention feature level 495; chatref answers at 495 as at 494 and 496, ' +
      'so whatever changed here (if anything) is not reproduced',
  },
  {
    level: 496,
    endpoints: ['POST /user_groups/{user_group_id}/members', 'POST /user_groups/create', 'GET /user_groups', 'PATCH /user_groups/{user_group_id}'],
    change: 'Bots may create, list and change user groups and their members.',
    status: 'implemented',
    note:
      'rules/feature-levels.ts canBotsChangeGroupMembership, the allowBots of endpoints/user-groups/update-user-group-members.ts, ' +
      'create-user-group.ts, get-user-groups.ts and update-user-group.ts',
  },
];
