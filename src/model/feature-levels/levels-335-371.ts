/** Feature levels 335–371 (the changelog's "Changes in Zulip 10.0"), oldest first. */

import { legacyMessageEditTyping } from '../endpoints/legacy/fl335-371-message-edit-typing.js';
import { hasRealmPermission } from '../rules/realm-group-settings.js';
import { selectUser } from '../rules/users.js';
import type { Body, LevelChange } from './change.js';
import { noChange } from './change.js';
import { atTop } from './fuse.js';
import {
  channelKeysAdded,
  eachOf,
  isObject,
  type Json,
  objectAt,
  REGISTER,
  realmEventWithout,
  realmSettingsAdded,
  userObjects,
  userSettingForms,
  userSettingsAdded,
} from './shapes.js';
import { editKey, omitKeys, withKey } from './walk.js';

// ── personal settings ────────────────────────────────────────────────────

/** dense_mode, as servers below 364 showed it (its default; chatref stores no value for it). */
function withDenseMode(settings: Json): Json {
  return 'dense_mode' in settings ? settings : withKey(settings, 'dense_mode', true);
}

// ── user objects ─────────────────────────────────────────────────────────

/** is_billing_admin, as servers below 363 showed it on user objects. */
function withBillingAdmin(user: Json): Json {
  return 'is_billing_admin' in user || !('user_id' in user) ? user : withKey(user, 'is_billing_admin', false);
}

// ── message objects ──────────────────────────────────────────────────────

/** Below 365 a move counted as an edit in last_edit_timestamp, and last_moved_timestamp did not exist. */
function messageBefore365(message: Json): Json {
  const moved = message['last_moved_timestamp'];
  if (typeof moved !== 'number') return message;
  const edited = message['last_edit_timestamp'];
  const rest = omitKeys(message, ['last_moved_timestamp']);
  return { ...rest, last_edit_timestamp: typeof edited === 'number' ? Math.max(edited, moved) : moved };
}

// ── register's can_subscribe_other_users ────────────────────────────────

/** Below 341 the realm_user section said whether the user may subscribe others (the realm's can_add_subscribers_group). */
function withCanSubscribeOtherUsers(body: Body, state: Parameters<typeof selectUser>[0]): Body {
  if (!('can_create_streams' in body) || typeof body['user_id'] !== 'number' || 'can_subscribe_other_users' in body) return body;
  const user = selectUser(state, body['user_id']);
  if (user === undefined) return body;
  // Placed with the other can_* keys, as the real server's register did.
  const walked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    walked[key] = value;
    if (key === 'can_create_streams')
      walked['can_subscribe_other_users'] = hasRealmPermission(state, user, 'can_add_subscribers_group', Number.MAX_SAFE_INTEGER);
  }
  return walked;
}

/** Below 362 never_subscribed left archived channels out, whatever the client's capabilities. */
function neverSubscribedWithoutArchived(body: Body): Body {
  return editKey(body, 'never_subscribed', (list) => {
    if (!Array.isArray(list) || !list.some((item) => isObject(item) && item['is_archived'] === true)) return list;
    return list.filter((item) => !(isObject(item) && item['is_archived'] === true));
  });
}

// ── PATCH /realm's allow_edit_history ───────────────────────────────────

/** A client below 358 sends allow_edit_history; it is the newer policy's "all" or "none". */
function allowEditHistoryForward(params: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const value = params['allow_edit_history'];
  if (value === undefined || 'message_edit_history_visibility_policy' in params || (value !== 'true' && value !== 'false')) return params;
  const { allow_edit_history: _old, ...rest } = params;
  return { ...rest, message_edit_history_visibility_policy: value === 'true' ? 'all' : 'none' };
}

function allowEditHistoryBack(body: Body): Body {
  const policy = body['message_edit_history_visibility_policy'];
  if (typeof policy !== 'string') return body;
  return { ...omitKeys(body, ['message_edit_history_visibility_policy']), allow_edit_history: policy !== 'none' };
}

export const LEVELS_335_371: readonly LevelChange[] = [
  {
    level: 335,
    endpoints: ['GET /streams/{stream_id}/email_address'],
    change: 'sender_id chooses who mailed-in messages come from.',
    status: 'implemented',
    note: 'declared: addsParams (ignored below 335: the address always names the gateway bot)',
    downgrade: { addsParams: { 'get-stream-email-address': ['sender_id'] } },
  },
  {
    level: 336,
    endpoints: ['Markdown'],
    change: 'Image previews gained data-original-content-type and data-transcoded-image.',
    status: 'nothing-to-do',
    note: 'chatref renders no image previews (no thumbnailing), so no message carries these attributes',
  },
  {
    level: 337,
    endpoints: ['GET /calls/bigbluebutton/create'],
    change: 'voice_only makes a call without cameras; the creator becomes the moderator.',
    status: 'implemented',
    note: "declared: addsParams (ignored below 337). The join link is chatref's own opaque payload, not walked",
    downgrade: { addsParams: { 'create-big-blue-button-video-call': ['voice_only'] } },
  },
  {
    level: 338,
    endpoints: ['POST /register'],
    change: 'password_max_length in the register response.',
    status: 'implemented',
    note: 'declared: addsResponseKeys',
    downgrade: { addsResponseKeys: { [REGISTER]: ['password_max_length'] } },
  },
  {
    level: 339,
    endpoints: ['GET /events'],
    change: 'reaction events carry the deprecated user object again (dropped at 328).',
    status: 'implemented',
    note: 'declared: the reaction event walk drops `user` below 339',
    downgrade: { event: { reaction: (event) => omitKeys(event, ['user']) } },
  },
  {
    level: 340,
    endpoints: ['PATCH /user_groups/{user_group_id}'],
    change: 'The description and permission settings of deactivated groups became changeable.',
    status: 'approximate',
    note:
      'rules/feature-levels.ts canChangeDeactivatedGroupSettings, read by endpoints/user-groups/update-user-group.ts. ' +
      'Below 340 chatref refuses them with "User group is deactivated." (the message of the real server\'s deactivated-group check; not verified against a 10.0-dev server)',
  },
  {
    level: 341,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_add_subscribers_group realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level (PATCH /realm parameter, register key, realm events)',
    downgrade: realmSettingsAdded(['can_add_subscribers_group']),
  },
  {
    level: 341,
    endpoints: ['POST /register'],
    change: 'can_subscribe_other_users removed from the register response.',
    status: 'approximate',
    note:
      "declared: the register walk adds it back below 341, from the realm's can_add_subscribers_group for the user. Differs: the walk " +
      'has no clock, so a waiting period (role:fullmembers) counts as served',
    downgrade: {
      response: {
        [REGISTER]: atTop(['can_create_streams', 'user_id', 'can_subscribe_other_users'], (body, { state }) => withCanSubscribeOtherUsers(body, state)),
      },
    },
  },
  {
    level: 341,
    endpoints: ['PATCH /realm', 'GET /events'],
    change: 'invite_to_stream_policy removed.',
    status: 'approximate',
    note: 'chatref has no invite_to_stream_policy at any level: below 341 PATCH /realm ignores it and register has no realm_invite_to_stream_policy',
  },
  {
    level: 342,
    endpoints: ['GET /users/me/subscriptions', 'GET /streams', 'GET /events', 'POST /register', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'can_add_subscribers_group on channel and subscription objects, and as a parameter.',
    status: 'implemented',
    note: 'declared: channel field new at the level (every channel and subscription object; ignored parameter)',
    downgrade: channelKeysAdded(['can_add_subscribers_group'], ['subscribe', 'update-stream']),
  },
  {
    level: 342,
    endpoints: ['POST /invites', 'POST /invites/multiuse'],
    change: 'Invitations may always name default channels.',
    status: 'implemented',
    note: 'rules/feature-levels.ts mayAlwaysInviteToDefaultChannels, read by rules/invitations.ts',
  },
  {
    level: 343,
    endpoints: ['GET /events'],
    change: 'stream delete events gained stream_ids (streams deprecated).',
    status: 'implemented',
    note: 'declared: the stream event walk drops stream_ids from delete events below 343',
    downgrade: { event: { stream: (event) => (event['op'] === 'delete' ? omitKeys(event, ['stream_ids']) : event) } },
  },
  {
    level: 344,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_create_bots_group and can_create_write_only_bots_group realm settings.',
    status: 'implemented',
    note: 'declared: realm settings new at the level',
    downgrade: realmSettingsAdded(['can_create_bots_group', 'can_create_write_only_bots_group']),
  },
  {
    level: 344,
    endpoints: ['PATCH /realm', 'GET /events'],
    change: 'bot_creation_policy removed.',
    status: 'approximate',
    note: 'chatref has no bot_creation_policy at any level: below 344 PATCH /realm ignores it and register has no realm_bot_creation_policy',
  },
  {
    level: 345,
    endpoints: ['POST /remotes/server/register/transfer', 'POST /remotes/server/register/verify_challenge'],
    change: 'Endpoints for transferring push bouncer registrations.',
    status: 'nothing-to-do',
    note: 'chatref is no push bouncer: it has no /remotes endpoints at any level',
  },
  {
    level: 346,
    endpoints: ['Markdown'],
    change: 'The empty topic may be named in topic and message link syntax.',
    status: 'approximate',
    note: 'chatref renders links to the empty topic at every level (the renderer does not see the feature level)',
  },
  {
    level: 347,
    endpoints: ['Markdown'],
    change: 'Links to a whole topic use /with/<message id> so they follow moves.',
    status: 'implemented',
    note: 'rules/feature-levels.ts topicLinksFollowMoves, read by rules/message-rendering.ts',
  },
  {
    level: 348,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'enable_guest_user_dm_warning realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level',
    downgrade: realmSettingsAdded(['enable_guest_user_dm_warning']),
  },
  {
    level: 349,
    endpoints: ['POST /users/me/subscriptions', 'DELETE /users/me/subscriptions', 'PATCH /streams/{stream_id}', 'GET /events'],
    change:
      'Channel permissions by metadata access: can_add_subscribers_group adds without a subscription, channel administrators unsubscribe others, metadata settings without content access, stream events to all with metadata access.',
    status: 'approximate',
    note: 'chatref applies the 349 permission and event-audience rules at every level; no level switch',
  },
  {
    level: 350,
    endpoints: ['POST /register'],
    change: 'server_can_summarize_topics in the register response.',
    status: 'implemented',
    note: 'declared: addsResponseKeys',
    downgrade: { addsResponseKeys: { [REGISTER]: ['server_can_summarize_topics'] } },
  },
  {
    level: 350,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_summarize_topics_group realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level',
    downgrade: realmSettingsAdded(['can_summarize_topics_group']),
  },
  {
    level: 350,
    endpoints: ['PATCH /settings', 'PATCH /realm/user_settings_defaults', 'POST /register'],
    change: 'hide_ai_features personal setting.',
    status: 'implemented',
    note: 'declared: personal setting new at the level (user_settings, realm_user_settings_defaults, parameters, update events)',
    downgrade: userSettingsAdded(['hide_ai_features']),
  },
  {
    level: 351,
    endpoints: ['POST /message_edit_typing', 'GET /events'],
    change: 'Typing notifications while editing a message (POST /message_edit_typing), and typing_edit_message events.',
    status: 'implemented',
    note: 'declared: endpoints/legacy/fl335-371-message-edit-typing.ts exists from 351 (until 361); typing_edit_message not sent below 351',
    downgrade: { addsEndpoints: ['legacy-message-edit-typing'], addsEventTypes: ['typing_edit_message'] },
  },
  {
    level: 352,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_mention_many_users_group realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level',
    downgrade: realmSettingsAdded(['can_mention_many_users_group']),
  },
  {
    level: 352,
    endpoints: ['PATCH /realm', 'GET /events', 'POST /register'],
    change: "wildcard_mention_policy removed; register's realm_wildcard_mention_policy kept as a deprecated approximation.",
    status: 'approximate',
    note: 'chatref has no wildcard_mention_policy at any level: PATCH /realm ignores it, and register sends no realm_wildcard_mention_policy (not even at the newest level, where the real server still does)',
  },
  {
    level: 353,
    endpoints: ['PATCH /realm', 'POST /register'],
    change: 'Zoom Server to Server OAuth as a video_chat_provider.',
    status: 'nothing-to-do',
    note: 'chatref offers only the providers of a server without Zoom credentials (none, Jitsi Meet) at every level',
  },
  {
    level: 354,
    endpoints: ['GET /messages', 'GET /messages/{message_id}', 'POST /messages/{message_id}/reactions', 'PATCH /messages/{message_id}', 'POST /messages'],
    change: "Content access through a channel's groups (without a subscription) reaches messages, reactions, edits, edit typing and sending.",
    status: 'approximate',
    note: 'chatref grants content access through can_subscribe_group / can_add_subscribers_group at every level (rules/channels.ts canAccessChannelContent); no level switch',
  },
  {
    level: 355,
    endpoints: ['POST /messages/flags', 'POST /messages/flags/narrow'],
    change: 'ignored_because_not_subscribed_channels in the response.',
    status: 'implemented',
    note: 'declared: addsResponseKeys',
    downgrade: {
      addsResponseKeys: {
        'update-message-flags': ['ignored_because_not_subscribed_channels'],
        'update-message-flags-for-narrow': ['ignored_because_not_subscribed_channels'],
      },
    },
  },
  {
    level: 356,
    endpoints: ['GET /streams'],
    change: "include_can_access_content, and include_all (for everyone) replacing the administrators' include_all_active.",
    status: 'implemented',
    note: 'declared: addsParams (both ignored below 356); include_all_active keeps its administrators-only rule in endpoints/streams/get-streams.ts',
    downgrade: { addsParams: { 'get-streams': ['include_all', 'include_can_access_content'] } },
  },
  {
    level: 357,
    endpoints: ['GET /users/me/subscriptions', 'GET /streams', 'GET /events', 'POST /register', 'POST /users/me/subscriptions', 'PATCH /streams/{stream_id}'],
    change: 'can_subscribe_group on channel and subscription objects, and as a parameter.',
    status: 'implemented',
    note: 'declared: channel field new at the level',
    downgrade: channelKeysAdded(['can_subscribe_group'], ['subscribe', 'update-stream']),
  },
  {
    level: 358,
    endpoints: ['PATCH /realm', 'GET /events', 'POST /register'],
    change: 'message_edit_history_visibility_policy (all, moves, none) replaced allow_edit_history; register keeps realm_allow_edit_history.',
    status: 'approximate',
    note:
      'declared: below 358 PATCH /realm takes allow_edit_history (walked forward to all/none) and answers with it, register has no ' +
      'realm_message_edit_history_visibility_policy, realm events carry allow_edit_history only. Differs: a client below 358 that sends ' +
      'message_edit_history_visibility_policy has it applied rather than ignored',
    downgrade: {
      request: { 'update-realm': allowEditHistoryForward },
      response: { 'update-realm': allowEditHistoryBack },
      addsResponseKeys: { [REGISTER]: ['realm_message_edit_history_visibility_policy'] },
      event: { realm: realmEventWithout(['message_edit_history_visibility_policy']) },
    },
  },
  {
    level: 359,
    endpoints: ['PATCH /bots/{bot_user_id}'],
    change: 'A new bot owner no longer unsubscribes the bot from the private channels the owner is not in.',
    status: 'implemented',
    note: 'rules/feature-levels.ts selectBotOwnerChangeUnsubscriptions, read by endpoints/bots/update-bot.ts',
  },
  {
    level: 360,
    endpoints: ['GET /messages/{message_id}', 'GET /messages/{message_id}/read_receipts'],
    change: 'Messages of archived channels are readable one by one, with their read receipts.',
    status: 'approximate',
    note:
      'rules/feature-levels.ts hidesArchivedChannelMessage, read by endpoints/messages/get-message.ts and get-read-receipts.ts: below 360 ' +
      'they answer "Invalid message(s)" for any message of an archived channel (whoever reads it)',
  },
  {
    level: 361,
    endpoints: ['POST /messages/{message_id}/typing', 'POST /message_edit_typing'],
    change: 'Edit typing moved from POST /message_edit_typing (message_id in the body) to POST /messages/{message_id}/typing.',
    status: 'implemented',
    note: 'declared: the new path is unknown below 361; endpoints/legacy/fl335-371-message-edit-typing.ts answers only below it',
    downgrade: { addsEndpoints: ['set-typing-status-for-message-edit'], removesEndpoints: [legacyMessageEditTyping] },
  },
  {
    level: 362,
    endpoints: ['POST /users/me/subscriptions', 'DELETE /users/me/subscriptions', 'PATCH /users/me/subscriptions/properties'],
    change: 'Subscriptions in archived channels became changeable; before, they were frozen.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canChangeArchivedSubscriptions, read by rules/subscriptions.ts',
  },
  {
    level: 362,
    endpoints: ['POST /register'],
    change: 'never_subscribed lists archived channels for clients with archived_channels.',
    status: 'implemented',
    note: 'declared: the register walk drops archived channels from never_subscribed below 362',
    downgrade: { response: { [REGISTER]: atTop(['never_subscribed'], neverSubscribedWithoutArchived) } },
  },
  {
    level: 362,
    endpoints: ['PATCH /streams/{stream_id}'],
    change: 'Archived channels may be converted between public and private.',
    status: 'approximate',
    note: 'chatref allows it at every level: the refusal below 362 is not reproduced',
  },
  {
    level: 363,
    endpoints: ['POST /register'],
    change: 'realm_billing in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (REALM_BILLING_FEATURE_LEVEL)',
  },
  {
    level: 363,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_manage_billing_group realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level',
    downgrade: realmSettingsAdded(['can_manage_billing_group']),
  },
  {
    level: 363,
    endpoints: ['GET /users', 'GET /users/{user_id}', 'GET /users/{email}', 'GET /users/me', 'GET /events', 'POST /register'],
    change: 'is_billing_admin removed from user objects.',
    status: 'approximate',
    note: 'declared: every user object below 363 has is_billing_admin, always false (chatref stores no billing flag; it was false unless granted by hand)',
    downgrade: userObjects(withBillingAdmin),
  },
  {
    level: 364,
    endpoints: ['PATCH /settings', 'PATCH /realm/user_settings_defaults', 'POST /register', 'GET /events'],
    change: 'dense_mode personal setting removed.',
    status: 'approximate',
    note:
      "declared: below 364 register's user_settings and realm_user_settings_defaults show dense_mode: true. Differs: chatref stores no " +
      'dense_mode, so PATCH /settings lists it in ignored_parameters_unsupported and sends no event, and the legacy top-level dense_mode is not sent',
    downgrade: {
      response: { [REGISTER]: userSettingForms(withDenseMode) },
    },
  },
  {
    level: 365,
    endpoints: ['GET /messages', 'GET /messages/{message_id}', 'GET /events'],
    change: 'last_moved_timestamp on messages; last_edit_timestamp only for content edits.',
    status: 'approximate',
    note:
      'declared: below 365 message objects have no last_moved_timestamp and last_edit_timestamp is the later of the edit and the move. ' +
      'Differs: a topic only resolved or unresolved does not set last_edit_timestamp below 365 (the real server counted it)',
    downgrade: {
      response: {
        'get-messages': eachOf('messages', messageBefore365),
        'get-message': objectAt('message', messageBefore365),
      },
    },
  },
  {
    level: 366,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow', 'POST /register'],
    change: 'The narrow is:muted.',
    status: 'implemented',
    note: 'rules/feature-levels.ts knowsNarrowIsOperand, read by narrow/resolve.ts',
  },
  {
    level: 367,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_resolve_topics_group realm setting.',
    status: 'implemented',
    note: 'declared: realm setting new at the level',
    downgrade: realmSettingsAdded(['can_resolve_topics_group']),
  },
  {
    level: 368,
    endpoints: ['PATCH /saved_snippets/{saved_snippet_id}', 'GET /events'],
    change: 'Saved snippets became editable, with saved_snippets update events.',
    status: 'implemented',
    note: 'declared: addsEndpoints; the saved_snippets event walk drops update events below 368',
    downgrade: {
      addsEndpoints: ['edit-saved-snippet'],
      event: { saved_snippets: (event) => (event['op'] === 'update' ? null : event) },
    },
  },
  {
    level: 369,
    endpoints: ['POST /register'],
    change: 'navigation_tour_video_url with onboarding_steps.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (NAVIGATION_TOUR_VIDEO_FEATURE_LEVEL)',
  },
  {
    level: 370,
    endpoints: ['POST /messages', 'POST /scheduled_messages', 'PATCH /scheduled_messages/{scheduled_message_id}'],
    change: 'The topic "(no topic)" is read as the empty topic.',
    status: 'implemented',
    note: 'rules/feature-levels.ts normalizeTopicAtLevel, read by rules/check-message.ts and endpoints/scheduled-messages/update-scheduled-message.ts',
  },
  noChange(371, 'The Zulip 10.0 release.'),
];
