/** Feature levels 422–460 (the changelog's "Changes in Zulip 12.0", up to 460), oldest first. */

import type { ApiEvent } from '../events/event.js';
import type { LevelChange } from './change.js';
import { noChange } from './change.js';
import { atTop } from './fuse.js';
import { channelKeysAdded, type Edit, eachOf, realmSettingsAdded, userObjects, userSettingForms, userSettingsAdded, without } from './shapes.js';
import { editKey, withKey } from './walk.js';

/** web_home_view's recent view: `recent` from FL 454, `recent_topics` before. */
const oldHomeView = (value: unknown) => (value === 'recent' ? 'recent_topics' : value);
const oldHomeViewIn: Edit = (item) => editKey(item, 'web_home_view', oldHomeView);
/** An old client's `recent_topics` is today's `recent`; its `recent` was no value then, and the newest check refuses the old name. */
function newHomeViewParam(params: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const value = params['web_home_view'];
  if (value === 'recent_topics') return { ...params, web_home_view: 'recent' };
  if (value === 'recent') return { ...params, web_home_view: 'recent_topics' };
  return params;
}
const oldHomeViewEvent = (event: ApiEvent): ApiEvent => (event['property'] === 'web_home_view' ? editKey(event, 'value', oldHomeView) : event);

export const LEVELS_422_460: readonly LevelChange[] = [
  noChange(422, 'Reserved for 11.x maintenance releases.'),
  noChange(423, 'Reserved for 11.x maintenance releases.'),
  noChange(424, 'Reserved for 11.x maintenance releases.'),
  noChange(425, 'The changelog records nothing at this level (its 12.0 section starts at 426).'),
  {
    level: 426,
    endpoints: ['POST /register'],
    change: 'realm_is_zephyr_mirror_realm left the register response.',
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts: below 426 the realm section carries realm_is_zephyr_mirror_realm: false (chatref is never a Zephyr mirror)',
    downgrade: {
      response: {
        'register-queue': atTop(['realm_name', 'realm_is_zephyr_mirror_realm'], (body) =>
          'realm_name' in body && !('realm_is_zephyr_mirror_realm' in body) ? withKey(body, 'realm_is_zephyr_mirror_realm', false) : body,
        ),
      },
    },
  },
  {
    level: 427,
    endpoints: ['POST /register'],
    change: 'server_supported_permission_settings: the default_group_name stream_creator_or_nobody became channel_creator.',
    status: 'approximate',
    note: 'chatref sends no server_supported_permission_settings at any level, so neither name appears',
  },
  {
    level: 428,
    endpoints: ['GET /events'],
    change: "A deactivated user's peer_remove events cover archived channels too; before, only unarchived ones.",
    status: 'implemented',
    note: 'rules/feature-levels.ts deactivationPeerRemoveChannelIds, read by actions/users.ts deactivateUser',
  },
  {
    level: 429,
    endpoints: [],
    change: 'E2EE push payloads: recipient_user_ids replaced pm_users.',
    status: 'nothing-to-do',
    note: 'chatref sends no mobile push notifications',
  },
  {
    level: 430,
    endpoints: ['GET /export/realm/consents'],
    change: 'email_address_visibility on each export consent.',
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts walk of get-realm-export-consents',
    downgrade: { response: { 'get-realm-export-consents': eachOf('export_consents', without(['email_address_visibility'])) } },
  },
  {
    level: 431,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The web_inbox_show_channel_folders personal setting.',
    status: 'implemented',
    note: 'feature-levels/shapes.ts userSettingsAdded: parameter ignored, register and event forms without it',
    downgrade: userSettingsAdded(['web_inbox_show_channel_folders']),
  },
  {
    level: 432,
    endpoints: ['POST /mobile_push/register'],
    change: 'push_key replaced the push_public_key parameter.',
    status: 'approximate',
    note: 'feature-levels/levels-422-460.ts renames an old push_public_key to push_key; below 432 chatref still takes push_key as well (an old server would ignore it); the endpoint refuses every registration anyway (no push service)',
    downgrade: {
      request: {
        'register-push-device': (params) => {
          if (!('push_public_key' in params)) return params;
          const { push_public_key: key, ...rest } = params;
          return { ...rest, push_key: key! };
        },
      },
    },
  },
  {
    level: 433,
    endpoints: ['GET /users', 'GET /users/{user_id}', 'GET /users/{email}', 'GET /users/me', 'POST /register', 'GET /events'],
    change: 'is_imported_stub on user objects (the changelog writes is_imported for register; the field is the same).',
    status: 'implemented',
    note: 'feature-levels/shapes.ts userObjects: every answer and realm_user add event carrying a user object',
    downgrade: userObjects(without(['is_imported_stub'])),
  },
  {
    level: 434,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm', 'POST /users/me/subscriptions'],
    change: 'The send_channel_events_messages realm setting; before, every new channel got a channel-events message.',
    status: 'implemented',
    note: 'rules/feature-levels.ts alwaysSendsChannelEventsMessages, read by endpoints/subscriptions/notifications.ts; feature-levels/shapes.ts realmSettingsAdded (parameter, register key, realm event)',
    downgrade: realmSettingsAdded(['send_channel_events_messages']),
  },
  {
    level: 435,
    endpoints: ['POST /register', 'POST /messages/{message_id}/report'],
    change: 'server_report_message_types in register; report_type takes its keys.',
    status: 'implemented',
    note: 'register key declared here; the report types are the five the older servers fixed (endpoints/register/limits.ts), so report_type is the same on both sides',
    downgrade: { addsResponseKeys: { 'register-queue': ['server_report_message_types'] } },
  },
  {
    level: 436,
    endpoints: [],
    change: 'Message formatting: emoji-only messages are specified to show enlarged emoji.',
    status: 'nothing-to-do',
    note: 'a note for clients on how to display such messages; the rendered HTML does not change',
  },
  {
    level: 437,
    endpoints: ['GET /users', 'GET /users/{user_id}', 'GET /users/{email}'],
    change: 'Guests under restricted user access no longer get "Unknown user" placeholders from GET /users; before, they did.',
    status: 'approximate',
    note: 'rules/feature-levels.ts listsInaccessibleUsersAsPlaceholders, read by endpoints/users/get-users.ts (also with user_ids: inaccessible ones are left out); GET /users/{id} and /users/{email} answer "Insufficient permission" on both sides, where an older server may have sent the placeholder',
  },
  {
    level: 437,
    endpoints: [],
    change: 'Message formatting: Markdown image syntax.',
    status: 'nothing-to-do',
    note: 'chatref renders no Markdown image syntax at any level (a Markdown feature it lacks)',
  },
  {
    level: 438,
    endpoints: ['POST /register'],
    change: 'realm_owner_full_content_access in the register response.',
    status: 'approximate',
    note: 'chatref does not send realm_owner_full_content_access at any level',
  },
  {
    level: 439,
    endpoints: ['GET /events'],
    change: 'The legacy update_display_settings and update_global_notifications events stopped.',
    status: 'implemented',
    note: 'rules/user-settings.ts sendsLegacyUserSettingsForms; endpoints/register/fetch-types.ts until',
  },
  {
    level: 440,
    endpoints: ['GET /users/{user_id}/channels'],
    change: 'A new endpoint listing the channels another user is subscribed to.',
    status: 'nothing-to-do',
    note: 'chatref does not implement GET /users/{user_id}/channels: it is 404 (the not-implemented answer) at every level',
  },
  {
    level: 441,
    endpoints: ['GET /users/me/subscriptions', 'GET /streams', 'GET /events', 'POST /register', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'The can_create_topic_group channel setting.',
    status: 'implemented',
    note: 'feature-levels/shapes.ts channelKeysAdded: parameter ignored (so it stays everyone, i.e. anyone may start topics, as before), channel objects and events without it',
    downgrade: channelKeysAdded(['can_create_topic_group'], ['subscribe', 'create-channel', 'update-stream']),
  },
  {
    level: 442,
    endpoints: ['POST /register', 'GET /events'],
    change: 'tenor_api_key in register; giphy_rating_options renamed gif_rating_options; the rating covers Tenor too.',
    status: 'approximate',
    note: 'chatref answers with the pre-442 names at every level (giphy_rating_options, no tenor_api_key; endpoints/register/realm-state.ts)',
  },
  {
    level: 443,
    endpoints: ['GET /attachments', 'GET /events', 'PATCH /messages/{message_id}'],
    change: 'Attachment create_time and date_sent in seconds; before, milliseconds.',
    status: 'approximate',
    note: 'chatref sends milliseconds in GET /attachments and attachment events at every level (as its spec §12.4 says; present/attachments.ts) and seconds in detached_uploads at every level',
  },
  {
    level: 444,
    endpoints: ['PATCH /settings'],
    change: 'Bulk changes of other users’ settings: target_users (with skip_if_already_edited).',
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts: target_users ignored below 444 (chatref takes skip_if_already_edited inside it)',
    downgrade: { addsParams: { 'update-settings': ['target_users'] } },
  },
  {
    level: 445,
    endpoints: ['GET /messages'],
    change: 'anchor=date with anchor_date.',
    status: 'nothing-to-do',
    note: 'chatref has no date anchor at any level: anchor=date is an invalid anchor on both sides',
  },
  {
    level: 446,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow'],
    change: 'The mentions narrow operator.',
    status: 'nothing-to-do',
    note: 'chatref has no mentions operator at any level: it is refused on both sides',
  },
  {
    level: 447,
    endpoints: ['PATCH /bots/{bot_id}'],
    change: "short_name changes a bot's email address.",
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts: short_name ignored below 447',
    downgrade: { addsParams: { 'update-bot': ['short_name'] } },
  },
  {
    level: 448,
    endpoints: ['GET /streams/{stream_id}/email_address'],
    change: "A channel's email address only for users who may post there; before, metadata access sufficed.",
    status: 'approximate',
    note: 'rules/feature-levels.ts canGetChannelEmailAddress, read by endpoints/channels/get-stream-email-address.ts; the refusal is chatref\'s "Invalid channel ID" on both sides (the real error text is not recorded)',
  },
  {
    level: 449,
    endpoints: ['POST /export/realm', 'GET /export/realm', 'GET /events'],
    change: 'export_type as strings (public, full_with_consent, full_without_consent); before, integers.',
    status: 'approximate',
    note: 'chatref takes and reports integer export types at every level (endpoints/realm/export-realm.ts, rules/realm-exports.ts)',
  },
  {
    level: 450,
    endpoints: ['GET /events'],
    change: 'push_device events carry push_account_id as an integer.',
    status: 'nothing-to-do',
    note: 'chatref registers no push devices (rules/push-devices.ts), so it sends no push_device event',
  },
  {
    level: 451,
    endpoints: [],
    change: 'Message formatting: an invalid global time is escaped literal text; before, a timestamp-error span.',
    status: 'approximate',
    note: 'chatref renders the timestamp-error span at every level (markdown/zulip/time.ts); its renderer does not know the level',
  },
  {
    level: 452,
    endpoints: ['GET /events'],
    change: 'Messages removed by a retention policy send delete_message events.',
    status: 'nothing-to-do',
    note: 'chatref runs no retention policy: no message is ever removed that way',
  },
  {
    level: 453,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm'],
    change: 'gif_rating_options became gif_rating_policy_options, realm_giphy_rating realm_gif_rating_policy, giphy_rating gif_rating_policy.',
    status: 'approximate',
    note: 'chatref uses the pre-442 names at every level (giphy_rating_options, realm_giphy_rating, giphy_rating; rules/realm-settings.ts)',
  },
  {
    level: 454,
    endpoints: ['POST /register', 'GET /events', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: "web_home_view's recent view is called recent; before, recent_topics.",
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts: requests walk recent_topics forward (and an early recent fails), answers and events walk recent back',
    downgrade: {
      request: { 'update-settings': newHomeViewParam, 'update-realm-user-settings-defaults': newHomeViewParam },
      response: {
        'register-queue': userSettingForms(oldHomeViewIn, ['web_home_view']),
      },
      event: {
        user_settings: oldHomeViewEvent,
        realm_user_settings_defaults: oldHomeViewEvent,
        update_display_settings: (event) => (event['setting_name'] === 'web_home_view' ? editKey(event, 'setting', oldHomeView) : event),
      },
    },
  },
  {
    level: 455,
    endpoints: ['POST /register', 'GET /events', 'POST /realm/profile_fields', 'GET /realm/profile_fields'],
    change: 'use_for_user_matching on custom profile fields.',
    status: 'approximate',
    note: 'chatref has no use_for_user_matching at any level (present/profile-data.ts)',
  },
  {
    level: 456,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The default_avatar_source realm setting.',
    status: 'approximate',
    note: 'chatref has no default_avatar_source setting at any level',
  },
  {
    level: 457,
    endpoints: ['GET /events'],
    change: 'delete_message goes to the deleting user only with content access, with only the ids they may access.',
    status: 'approximate',
    note: 'chatref tells the channel subscribers and the holders of the message (rules/message-deletion.ts selectMessageActionAudienceIds) at every level; the deleter is not added as such, before 457 or after',
  },
  {
    level: 458,
    endpoints: ['GET /users/{user_id}/subscriptions/{stream_id}', 'GET /user_groups/{user_group_id}/members/{user_id}', 'GET /users/{user_id}/channels'],
    change: 'Bot users may be asked about; before, a bot was "No such user".',
    status: 'implemented',
    note: 'rules/feature-levels.ts answersAboutBotUsers, read by endpoints/subscriptions/get-subscription-status.ts and endpoints/user-groups/get-is-user-group-member.ts (GET /users/{user_id}/channels: chatref lacks it)',
  },
  {
    level: 459,
    endpoints: ['DELETE /users/{user_id}'],
    change: 'The actions parameter (delete the profile or messages while deactivating).',
    status: 'implemented',
    note: 'feature-levels/levels-422-460.ts: actions ignored below 459',
    downgrade: { addsParams: { 'deactivate-user': ['actions'] } },
  },
  {
    level: 460,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm', 'POST /calls/constructorgroups/create'],
    change: 'Constructor Groups as a video_chat_provider, and its call endpoint.',
    status: 'nothing-to-do',
    note: 'chatref offers only Jitsi (rules/realm-settings.ts VIDEO_CHAT_PROVIDERS) and has no /calls/constructorgroups/create: 404 at every level',
  },
];
