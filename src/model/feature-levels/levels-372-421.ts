/** Feature levels 372–421 (the changelog's "Changes in Zulip 11.0"), oldest first. */

import type { Downgrade, LevelChange, RawParams } from './change.js';
import { noChange } from './change.js';
import { atTop } from './fuse.js';
import {
  type BodyWalk,
  channelObjects,
  isObject,
  type Json,
  merged,
  objectAt,
  realmSettingsAdded,
  userSettingEventsWithout,
  userSettingForms,
  without,
} from './shapes.js';
import { editEach, editKey, omitKeys } from './walk.js';

/** Keys of the channel (and subscription) dict new at each level of this file. */
const CHANNEL_KEYS: Readonly<Record<number, readonly string[]>> = {
  389: ['folder_id'],
  392: ['topics_policy'],
  394: ['subscriber_count'],
  396: ['can_move_messages_out_of_channel_group', 'can_move_messages_within_channel_group'],
  402: ['can_resolve_topics_group'],
  407: ['can_delete_any_message_group', 'can_delete_own_message_group'],
};

/** Personal settings new at each level of this file. */
const USER_SETTING_KEYS: Readonly<Record<number, readonly string[]>> = {
  385: ['resolved_topic_notice_auto_read_policy'],
  398: ['web_left_sidebar_unreads_count_summary'],
  411: ['web_left_sidebar_show_channel_folders'],
};

/** The keys of `byLevel` new above `level`, computed once per level. */
function keysNewerThan(byLevel: Readonly<Record<number, readonly string[]>>): (level: number) => readonly string[] {
  const cache = new Map<number, readonly string[]>();
  return (level) => {
    let keys = cache.get(level);
    if (keys === undefined) {
      keys = Object.entries(byLevel).flatMap(([since, names]) => (Number(since) > level ? names : []));
      cache.set(level, keys);
    }
    return keys;
  };
}

const channelKeysNewerThan = keysNewerThan(CHANNEL_KEYS);
const userSettingsNewerThan = keysNewerThan(USER_SETTING_KEYS);
const highest = (byLevel: Readonly<Record<number, readonly string[]>>) => Math.max(...Object.keys(byLevel).map(Number));

/**
 * The answers that carry channel dicts (GET /streams, GET /streams/{id},
 * GET /users/me/subscriptions, register's four channel lists), walked once
 * for every channel key of this file that the realm's level lacks, so that a
 * dict is copied once however many levels it crosses. Only the newest
 * channel row carries it: it runs for every level below it.
 */
const CHANNEL_DICT_ANSWERS: NonNullable<Downgrade['response']> = channelObjects((channel, state) =>
  state === null ? channel : omitKeys(channel, channelKeysNewerThan(state.featureLevel)),
).response!;

/**
 * The channel keys new at `level` (CHANNEL_KEYS): out of every answer that
 * carries channel dicts (CHANNEL_DICT_ANSWERS, on the newest channel row),
 * out of the stream and subscription events that carry channel dicts, and a
 * stream update of such a property not sent. `params`: the same settings as parameters of
 * POST /users/me/subscriptions and PATCH /streams/{stream_id}, ignored below.
 */
function channelKeysAdded(level: number, params: readonly string[] = []): Downgrade {
  const keys = CHANNEL_KEYS[level]!;
  return {
    ...(params.length === 0 ? {} : { addsParams: { subscribe: params, 'update-stream': params } }),
    ...(level === highest(CHANNEL_KEYS) ? { response: CHANNEL_DICT_ANSWERS } : {}),
    event: channelObjects(without(keys), keys).event!,
  };
}

/** register's user_settings and realm_user_settings_defaults without the settings of this file the realm's level lacks. */
const USER_SETTINGS_ANSWER: BodyWalk = userSettingForms((settings, context) => omitKeys(settings, userSettingsNewerThan(context.state.featureLevel)));

/**
 * The personal settings new at `level` (USER_SETTING_KEYS): unknown
 * parameters of PATCH /settings and PATCH /realm/user_settings_defaults,
 * absent from register (USER_SETTINGS_ANSWER, on the newest settings row),
 * and their update events not sent.
 */
function userSettingsAdded(level: number): Downgrade {
  const names = USER_SETTING_KEYS[level]!;
  return {
    addsParams: { 'update-settings': names, 'update-realm-user-settings-defaults': names },
    ...(level === highest(USER_SETTING_KEYS) ? { response: { 'register-queue': USER_SETTINGS_ANSWER } } : {}),
    event: userSettingEventsWithout(names),
  };
}

/**
 * A request walk that turns a parameter value the level did not know into one
 * that fails the parameter's own validation, so that the level answers it
 * as invalid (as the real server of that level did).
 */
function refuseValue(name: string, value: string, invalid: string): (params: RawParams) => RawParams {
  return (params) => (params[name]?.trim() === value ? { ...params, [name]: invalid } : params);
}

/** client_capabilities without one capability (as a server that did not know it reads them). */
function withoutCapability(capability: string): (params: RawParams) => RawParams {
  return (params) => {
    const raw = params['client_capabilities'];
    if (raw === undefined || !raw.includes(capability)) return params;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return params;
    }
    if (!isObject(parsed) || !(capability in parsed)) return params;
    return { ...params, client_capabilities: JSON.stringify(omitKeys(parsed, [capability])) };
  };
}

/** Channel folders as the server before `order` sent them: without it, by id. */
function foldersById(list: unknown): unknown {
  if (!Array.isArray(list) || list.length === 0) return list;
  const stripped = editEach(list, (folder) => omitKeys(folder, ['order'])) as Json[];
  return [...stripped].sort((a, b) => Number(a['id']) - Number(b['id']));
}

const NO_TOPIC_TYPING = 'rules/feature-levels.ts readsNoTopicAsEmptyInTyping, read by endpoints/messages/set-typing-status.ts';

export const LEVELS_372_421: readonly LevelChange[] = [
  {
    level: 372,
    endpoints: ['POST /typing'],
    change: 'A typing topic of "(no topic)" became the empty topic; before, it named a topic of that name.',
    status: 'implemented',
    note: NO_TOPIC_TYPING,
  },
  noChange(373, 'Reserved for 10.x maintenance releases.'),
  noChange(374, 'Reserved for 10.x maintenance releases.'),
  noChange(375, 'Reserved for 10.x maintenance releases.'),
  noChange(376, 'Reserved for 10.x maintenance releases.'),
  {
    level: 377,
    endpoints: ['GET /events'],
    change: "Deactivating a user sends peer_remove to the subscribers of the user's channels; before, no peer_remove.",
    status: 'implemented',
    note: 'rules/feature-levels.ts sendsPeerRemoveOnDeactivation, read by actions/users.ts deactivateUser',
  },
  {
    level: 378,
    endpoints: ['GET /events', 'POST /register'],
    change:
      'Archiving a channel sends stream update (is_archived) to archived_channels clients, and register lists archived channels in streams for them; before, stream delete to every client and only active channels in streams.',
    status: 'implemented',
    note: 'rules/feature-levels.ts keepsArchivedChannelsForCapableClients, read by actions/channels.ts (archiving) and endpoints/register/fetch-types.ts (channel state)',
  },
  {
    level: 379,
    endpoints: ['PATCH /messages/{message_id}'],
    change: 'The prev_content_sha256 parameter.',
    status: 'implemented',
    note: 'declared: ignored below 379',
    downgrade: { addsParams: { 'update-message': ['prev_content_sha256'] } },
  },
  {
    level: 380,
    endpoints: ['POST /register'],
    change: 'is_moderator is also true for administrators and owners; before, only for the moderator role.',
    status: 'implemented',
    note: 'rules/feature-levels.ts flagsAdministratorsAsModerators, read by endpoints/register/user-state.ts (chatref sends is_moderator only in register)',
  },
  {
    level: 381,
    endpoints: ['POST /reminders'],
    change: 'The endpoint scheduling a personal reminder about a message.',
    status: 'implemented',
    note: 'declared: unknown path below 381',
    downgrade: { addsEndpoints: ['create-message-reminder'] },
  },
  {
    level: 382,
    endpoints: ['POST /messages/{message_id}/report'],
    change: 'The endpoint reporting a message to moderators.',
    status: 'implemented',
    note: 'declared: unknown path below 382',
    downgrade: { addsEndpoints: ['report-message'] },
  },
  {
    level: 383,
    endpoints: ['PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'web_channel_default_view value 3 (inbox-style list of topics); before, an invalid value.',
    status: 'implemented',
    note: 'request walk: the value 3 fails the setting’s choices below 383, as it did on the real server',
    downgrade: {
      request: {
        'update-settings': refuseValue('web_channel_default_view', '3', '0'),
        'update-realm-user-settings-defaults': refuseValue('web_channel_default_view', '3', '0'),
      },
    },
  },
  {
    level: 384,
    endpoints: ['GET /users'],
    change: 'The user_ids parameter.',
    status: 'implemented',
    note: 'declared: ignored below 384 (every user is listed)',
    downgrade: { addsParams: { 'get-users': ['user_ids'] } },
  },
  {
    level: 385,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The resolved_topic_notice_auto_read_policy setting.',
    status: 'approximate',
    note: 'declared (userSettingsAdded); below 385 the stored default still decides which resolved-topic notices arrive read (actions/move-notices.ts), since the old behaviour is not documented',
    downgrade: userSettingsAdded(385),
  },
  {
    level: 386,
    endpoints: ['PATCH /user_groups/{user_group_id}'],
    change: 'Reactivating a group with deactivated=false.',
    status: 'implemented',
    note: 'declared: the deactivated parameter is ignored below 386',
    downgrade: { addsParams: { 'update-user-group': ['deactivated'] } },
  },
  {
    level: 387,
    endpoints: ['GET /users'],
    change: 'GET /users without authentication in organizations with public access.',
    status: 'approximate',
    note: 'chatref serves GET /users only to authenticated users at every level, so only levels below 387 match',
  },
  {
    level: 388,
    endpoints: ['PATCH /streams/{stream_id}'],
    change: 'Unarchiving a channel with is_archived=false.',
    status: 'implemented',
    note: 'declared: the is_archived parameter is ignored below 388',
    downgrade: { addsParams: { 'update-stream': ['is_archived'] } },
  },
  {
    level: 389,
    endpoints: ['POST /register'],
    change: 'channel_folders in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (CHANNEL_FOLDERS_FEATURE_LEVEL)',
  },
  {
    level: 389,
    endpoints: ['POST /channel_folders/create', 'GET /channel_folders', 'PATCH /channel_folders/{channel_folder_id}', 'GET /events'],
    change: 'The channel folder endpoints and channel_folder events.',
    status: 'implemented',
    note: 'declared: unknown paths and no channel_folder events below 389',
    downgrade: { addsEndpoints: ['create-channel-folder', 'get-channel-folders', 'update-channel-folder'], addsEventTypes: ['channel_folder'] },
  },
  {
    level: 389,
    endpoints: ['GET /streams', 'GET /users/me/subscriptions', 'POST /register', 'GET /events', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'folder_id on channel and subscription objects, and as a parameter of channel creation and update.',
    status: 'implemented',
    note: 'declared (channelKeysAdded); PATCH /streams/{stream_id} ignores folder_id below 389 (POST /users/me/subscriptions takes no folder_id in chatref at any level)',
    downgrade: merged(channelKeysAdded(389), { addsParams: { 'update-stream': ['folder_id'] } }),
  },
  {
    level: 390,
    endpoints: ['POST /register'],
    change: 'navigation_views in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (NAVIGATION_VIEWS_FEATURE_LEVEL)',
  },
  {
    level: 390,
    endpoints: ['GET /navigation_views', 'POST /navigation_views', 'PATCH /navigation_views/{fragment}', 'DELETE /navigation_views/{fragment}', 'GET /events'],
    change: 'The navigation view endpoints and navigation_view events.',
    status: 'implemented',
    note: 'declared: unknown paths and no navigation_view events below 390',
    downgrade: {
      addsEndpoints: ['get-navigation-views', 'add-navigation-view', 'edit-navigation-view', 'remove-navigation-view'],
      addsEventTypes: ['navigation_view'],
    },
  },
  {
    level: 391,
    endpoints: ['POST /user_groups/{user_group_id}/members', 'POST /user_groups/{user_group_id}/subgroups'],
    change: 'Members and subgroups of deactivated groups became changeable.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canChangeDeactivatedGroupMembership, read by endpoints/user-groups/membership.ts',
  },
  {
    level: 392,
    endpoints: ['GET /streams', 'GET /users/me/subscriptions', 'POST /register', 'GET /events', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'topics_policy on channel and subscription objects, and as a parameter of channel creation and update.',
    status: 'implemented',
    note: 'declared (channelKeysAdded; the answers are walked by CHANNEL_DICT_ANSWERS)',
    downgrade: channelKeysAdded(392, ['topics_policy']),
  },
  {
    level: 392,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The realm settings topics_policy and can_set_topics_policy_group; mandatory_topics deprecated, and no longer a PATCH /realm parameter.',
    status: 'implemented',
    note: 'declared (realmSettingsAdded): below 392 register has neither realm_topics_policy nor realm_can_set_topics_policy_group, PATCH /realm ignores both, realm events carry mandatory_topics alone; there PATCH /realm mandatory_topics walks forward to topics_policy (true: disable_empty_topic, false: allow_empty_topic)',
    downgrade: merged(realmSettingsAdded(['can_set_topics_policy_group', 'topics_policy']), {
      request: {
        'update-realm': (params) => {
          const mandatory = params['mandatory_topics'];
          if (mandatory === undefined) return params;
          const { mandatory_topics: _mandatory, ...rest } = params;
          return { ...rest, topics_policy: mandatory.trim() === 'true' ? 'disable_empty_topic' : 'allow_empty_topic' };
        },
      },
    }),
  },
  {
    level: 393,
    endpoints: ['GET /events'],
    change: 'message_ids of delete_message and update_message events in increasing order.',
    status: 'nothing-to-do',
    note: 'chatref sends them in increasing order at every level; older servers promised no order, so increasing order is one they could send',
  },
  {
    level: 394,
    endpoints: ['GET /streams', 'GET /streams/{stream_id}', 'POST /register', 'GET /events'],
    change: 'subscriber_count on channel and subscription objects.',
    status: 'implemented',
    note: 'declared (channelKeysAdded; the answers are walked by CHANNEL_DICT_ANSWERS)',
    downgrade: channelKeysAdded(394),
  },
  {
    level: 395,
    endpoints: ['Markdown'],
    change: 'Dropbox album previews dropped in favour of the standard link preview.',
    status: 'nothing-to-do',
    note: 'chatref renders no link previews (Dropbox or other)',
  },
  {
    level: 396,
    endpoints: ['GET /streams', 'GET /users/me/subscriptions', 'POST /register', 'GET /events', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'The channel settings can_move_messages_out_of_channel_group and can_move_messages_within_channel_group.',
    status: 'approximate',
    note: 'declared (channelKeysAdded); the move rules (rules/message-moving.ts) still read the channel settings, which keep their defaults below 396 since they cannot be set',
    downgrade: channelKeysAdded(396, CHANNEL_KEYS[396]),
  },
  {
    level: 397,
    endpoints: ['POST /users/me/subscriptions', 'POST /register'],
    change: 'The send_new_subscription_messages parameter, new_subscription_messages_sent in the answer, max_bulk_new_subscription_messages in register.',
    status: 'implemented',
    note: 'declared: the parameter is ignored below 397 (its default, sending the messages, applies) and both keys are absent',
    downgrade: {
      addsParams: { subscribe: ['send_new_subscription_messages'] },
      addsResponseKeys: { subscribe: ['new_subscription_messages_sent'], 'register-queue': ['max_bulk_new_subscription_messages'] },
    },
  },
  {
    level: 398,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The web_left_sidebar_unreads_count_summary setting.',
    status: 'implemented',
    note: 'declared (userSettingsAdded; register is walked by USER_SETTINGS_ANSWER)',
    downgrade: userSettingsAdded(398),
  },
  {
    level: 399,
    endpoints: ['POST /register'],
    change: 'reminders in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (REMINDERS_FEATURE_LEVEL)',
  },
  {
    level: 399,
    endpoints: ['GET /reminders', 'DELETE /reminders/{reminder_id}', 'GET /events'],
    change: 'Listing and deleting reminders, and reminders events.',
    status: 'implemented',
    note: 'declared: GET /reminders and DELETE /reminders/{reminder_id} unknown (POST /reminders alone answers) and no reminders events below 399',
    downgrade: { addsEndpoints: ['get-reminders', 'delete-reminder'], addsEventTypes: ['reminders'] },
  },
  {
    level: 400,
    endpoints: ['Markdown'],
    change: 'Topic permalinks (/with/) point at the newest message of the topic; before, at the oldest.',
    status: 'approximate',
    note: 'chatref links to the oldest message at every level (markdown/zulip/channel-links.ts), which is the form below 400',
  },
  {
    level: 401,
    endpoints: ['PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'web_channel_default_view value 4 (top unread topic); before, an invalid value.',
    status: 'implemented',
    note: 'request walk: the value 4 fails the setting’s choices below 401',
    downgrade: {
      request: {
        'update-settings': refuseValue('web_channel_default_view', '4', '0'),
        'update-realm-user-settings-defaults': refuseValue('web_channel_default_view', '4', '0'),
      },
    },
  },
  {
    level: 402,
    endpoints: ['GET /streams', 'GET /users/me/subscriptions', 'POST /register', 'GET /events', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'The channel setting can_resolve_topics_group.',
    status: 'approximate',
    note: 'declared (channelKeysAdded); the resolve rule still reads the channel setting, which keeps its default below 402',
    downgrade: channelKeysAdded(402, CHANNEL_KEYS[402]),
  },
  {
    level: 403,
    endpoints: ['POST /register'],
    change: 'url_options on realm_incoming_webhook_bots entries.',
    status: 'nothing-to-do',
    note: 'chatref lists no incoming webhook integrations (realm_incoming_webhook_bots is empty at every level)',
  },
  {
    level: 404,
    endpoints: ['PATCH /streams/{stream_id}', 'POST /users/me/subscriptions'],
    change: 'The topics_policy value empty_topic_only; before, an invalid value.',
    status: 'implemented',
    note: 'rules/feature-levels.ts knowsEmptyTopicOnlyPolicy, read by endpoints/streams/update-stream.ts',
  },
  {
    level: 405,
    endpoints: ['Markdown'],
    change: 'An audio player for uploaded audio files.',
    status: 'nothing-to-do',
    note: 'chatref renders uploaded files as plain links at every level (no audio or video players)',
  },
  {
    level: 406,
    endpoints: ['POST /register'],
    change: 'push_devices in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (PUSH_DEVICES_FEATURE_LEVEL)',
  },
  {
    level: 406,
    endpoints: ['POST /mobile_push/register', 'GET /events'],
    change: 'Registering a device for end-to-end encrypted push notifications, and push_device events.',
    status: 'implemented',
    note: 'declared: unknown path and no push_device events below 406',
    downgrade: { addsEndpoints: ['register-push-device'], addsEventTypes: ['push_device'] },
  },
  {
    level: 407,
    endpoints: ['GET /streams', 'GET /users/me/subscriptions', 'POST /register', 'GET /events', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'The channel settings can_delete_any_message_group and can_delete_own_message_group.',
    status: 'approximate',
    note: 'declared (channelKeysAdded); the deletion rules (rules/message-deletion.ts) still read the channel settings, which keep their defaults below 407',
    downgrade: channelKeysAdded(407, CHANNEL_KEYS[407]),
  },
  {
    level: 407,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The realm setting can_set_delete_message_policy_group.',
    status: 'implemented',
    note: 'declared (realmSettingsAdded)',
    downgrade: realmSettingsAdded(['can_set_delete_message_policy_group']),
  },
  {
    level: 407,
    endpoints: ['POST /users/{user_id}/status'],
    change: "An administrator setting another user's status.",
    status: 'implemented',
    note: 'declared: only GET answers on the path below 407',
    downgrade: { addsEndpoints: ['update-status-for-user'] },
  },
  noChange(408, 'The changelog records no change at this level.'),
  {
    level: 409,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The realm setting require_e2ee_push_notifications.',
    status: 'implemented',
    note: 'declared (realmSettingsAdded)',
    downgrade: realmSettingsAdded(['require_e2ee_push_notifications']),
  },
  {
    level: 410,
    endpoints: ['POST /register'],
    change: 'max_channel_folder_name_length and max_channel_folder_description_length in register; no time in APNs payloads.',
    status: 'implemented',
    note: 'declared: both register keys absent below 410; chatref sends no push notifications (the APNs part)',
    downgrade: { addsResponseKeys: { 'register-queue': ['max_channel_folder_name_length', 'max_channel_folder_description_length'] } },
  },
  {
    level: 411,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The web_left_sidebar_show_channel_folders setting.',
    status: 'implemented',
    note: 'declared (userSettingsAdded; register is walked by USER_SETTINGS_ANSWER)',
    downgrade: userSettingsAdded(411),
  },
  {
    level: 412,
    endpoints: ['POST /register', 'GET /users/me/subscriptions'],
    change: 'include_subscribers=partial and partial_subscribers on subscription objects.',
    status: 'approximate',
    note: 'request walk: below 412 "partial" is refused as an invalid include_subscribers (so partial_subscribers never appears); the message is chatref’s own invalid-value message, not the old server’s JSON-boolean one',
    downgrade: {
      request: {
        'register-queue': refuseValue('include_subscribers', 'partial', 'partial-unsupported'),
        'get-subscriptions': refuseValue('include_subscribers', 'partial', 'partial-unsupported'),
      },
    },
  },
  {
    level: 413,
    endpoints: ['mobile push notifications'],
    change: 'Unused fields dropped from APNs and FCM payloads; a documented format for end-to-end encrypted payloads.',
    status: 'nothing-to-do',
    note: 'chatref sends no mobile push notifications',
  },
  {
    level: 414,
    endpoints: ['GET /channel_folders', 'POST /register', 'GET /events', 'PATCH /channel_folders'],
    change: 'order on channel folders (which are listed by it), and PATCH /channel_folders to reorder them.',
    status: 'implemented',
    note: 'declared: below 414 folders carry no order and are listed by id, and PATCH /channel_folders is unknown (GET alone answers)',
    downgrade: {
      addsEndpoints: ['patch-channel-folders'],
      response: {
        'get-channel-folders': (body) => editKey(body, 'channel_folders', foldersById),
        'register-queue': atTop(['channel_folders'], (body) => editKey(body, 'channel_folders', foldersById)),
      },
      event: {
        channel_folder: (event) => {
          if (event['op'] === 'add') return objectAt('channel_folder', without(['order']))(event);
          if (event['op'] !== 'update' || !isObject(event['data'])) return event;
          const data = omitKeys(event['data'], ['order']);
          if (data === event['data']) return event;
          return Object.keys(data).length === 0 ? null : { ...event, data };
        },
      },
    },
  },
  {
    level: 415,
    endpoints: ['POST /reminders', 'POST /register'],
    change: 'The note parameter of reminders, and max_reminder_note_length in register.',
    status: 'implemented',
    note: 'declared: note ignored and the register key absent below 415',
    downgrade: { addsParams: { 'create-message-reminder': ['note'] }, addsResponseKeys: { 'register-queue': ['max_reminder_note_length'] } },
  },
  {
    level: 416,
    endpoints: ['POST /invites', 'POST /invites/multiuse', 'PATCH /realm', 'POST /register', 'POST /realm/test_welcome_bot_custom_message'],
    change: 'Custom Welcome Bot text: an invitation parameter, the realm setting welcome_message_custom_text, and an endpoint sending a test.',
    status: 'implemented',
    note: 'declared: the parameters ignored, the register key absent and the test endpoint unknown below 416',
    downgrade: merged(realmSettingsAdded(['welcome_message_custom_text']), {
      addsEndpoints: ['test-welcome-bot-custom-message'],
      addsParams: { 'send-invites': ['welcome_message_custom_text'], 'create-invite-link': ['welcome_message_custom_text'] },
    }),
  },
  {
    level: 417,
    endpoints: ['POST /channels/create'],
    change: 'A dedicated endpoint creating a channel; before, only POST /users/me/subscriptions created channels.',
    status: 'implemented',
    note: 'declared: unknown path below 417',
    downgrade: { addsEndpoints: ['create-channel'] },
  },
  {
    level: 418,
    endpoints: ['GET /events'],
    change: 'channel_folder events with op reorder.',
    status: 'approximate',
    note: 'declared: not sent below 418; at 414–417 chatref then sends nothing about a reorder (what those servers sent is not recorded)',
    downgrade: { event: { channel_folder: (event) => (event['op'] === 'reorder' ? null : event) } },
  },
  {
    level: 419,
    endpoints: ['POST /register', 'GET /events'],
    change: 'The simplified_presence_events capability, and presence events in the modern form for clients that declare it.',
    status: 'implemented',
    note: 'request walk: below 419 register reads client_capabilities without simplified_presence_events, so every queue gets the legacy presence form',
    downgrade: { request: { 'register-queue': withoutCapability('simplified_presence_events') } },
  },
  {
    level: 420,
    endpoints: ['POST /mobile_push/e2ee/test_notification'],
    change: 'The endpoint sending an end-to-end encrypted test push notification.',
    status: 'implemented',
    note: 'declared: unknown path below 420',
    downgrade: { addsEndpoints: ['e2ee-test-notify'] },
  },
  noChange(421, 'The Zulip 11.0 release.'),
];
