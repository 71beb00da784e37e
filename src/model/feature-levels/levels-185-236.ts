/** Feature levels 185–236 (the changelog's "Changes in Zulip 7.0 / 8.0"), oldest first. */

import { channelEmailToken, encodeChannelEmailAddress } from '../rules/channel-email.js';
import { selectChannel } from '../rules/channels.js';
import { SERVER_JITSI_SERVER_URL } from '../rules/realm-settings.js';
import type { Channel, State } from '../state.js';
import type { Downgrade, DowngradeContext, EventWalk, LevelChange, RawParams } from './change.js';
import { noChange } from './change.js';
import { atTop, located } from './fuse.js';
import {
  type BodyWalk,
  channelObjects,
  type Edit,
  eachOf,
  groupObjects,
  type Json,
  merged,
  objectAt,
  REGISTER,
  realmSettingsAdded,
  streamObjects,
  userSettingEvents,
  userSettingForms,
  userSettingsAdded,
} from './shapes.js';
import { editKey, omitKeys, renameKey } from './walk.js';

/** A channel property renamed in every channel and subscription dict, in stream update events and in the parameters that set it. */
function renamedChannelSetting(from: string, to: string, operations: readonly string[]): Downgrade {
  const edit: Edit = (item) => renameKey(item, from, to);
  const request = Object.fromEntries(operations.map((operation) => [operation, (params: RawParams) => renameKey(params, to, from)]));
  return merged(channelObjects(edit), {
    request,
    event: { stream: (event) => (event['op'] === 'update' && event['property'] === from ? editKey(event, 'property', () => to) : event) },
  });
}

/** Personal settings renamed (new name → old name): in every form and event; requests with an old name walk forward to the new one. */
function renamedUserSettings(renames: Readonly<Record<string, string>>): Downgrade {
  const back: Edit = (item) => {
    let walked = item;
    for (const [to, from] of Object.entries(renames)) walked = renameKey(walked, to, from);
    return walked;
  };
  const forward = (params: RawParams) => {
    let walked = params;
    for (const [to, from] of Object.entries(renames)) walked = renameKey(walked, from, to);
    return walked;
  };
  return {
    response: { [REGISTER]: userSettingForms(back, Object.entries(renames).flat()) },
    event: userSettingEvents((name) => renames[name] ?? name),
    request: { 'update-settings': forward, 'update-realm-user-settings-defaults': forward },
  };
}

/** An error code introduced at a level: BAD_REQUEST below it (and the older message, when given). */
function legacyErrorCode(operations: readonly string[], codes: Readonly<Record<string, string | null>>): Downgrade {
  const walk: BodyWalk = (body) => {
    const code = body['code'];
    if (typeof code !== 'string' || !(code in codes)) return body;
    const msg = codes[code];
    return { ...body, code: 'BAD_REQUEST', ...(msg === null || msg === undefined ? {} : { msg }) };
  };
  return { error: Object.fromEntries(operations.map((operation) => [operation, walk])) };
}

/** A JSON list parameter edited as a list of strings (unparsable values pass unchanged, for the endpoint to refuse). */
function editJsonList(params: RawParams, key: string, edit: (items: string[]) => string[]): RawParams {
  const raw = params[key];
  if (raw === undefined) return params;
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return params;
  }
  if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) return params;
  const edited = edit(items as string[]);
  return edited.every((item, index) => item === items[index]) && edited.length === items.length ? params : { ...params, [key]: JSON.stringify(edited) };
}

/** A JSON object parameter edited (unparsable values pass unchanged). */
function editJsonObject(params: RawParams, key: string, edit: (value: Json) => Json): RawParams {
  const raw = params[key];
  if (raw === undefined) return params;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return params;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return params;
  const edited = edit(value as Json);
  return edited === value ? params : { ...params, [key]: JSON.stringify(edited) };
}

// ── Level-specific walks ──

/** Playgrounds below 196: the URL prefix the code is appended to (the template without its trailing {code}). */
const playgroundWithPrefix: Edit = (playground) => {
  const template = playground['url_template'];
  if (typeof template !== 'string') return playground;
  const { url_template: _template, ...rest } = playground;
  return { ...rest, url_prefix: template.endsWith('{code}') ? template.slice(0, -'{code}'.length) : template };
};

/** desktop_icon_count_display: the numbering from 227 (1 all, 2 DMs+mentions+followed, 3 DMs+mentions, 4 none) to the older one (1, 2 DMs+mentions, 3 none). */
const OLD_ICON_COUNT: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 2, 4: 3 };
/** An old client's value in the new numbering (its 2 and 3; 4 and above stay invalid, as they were). */
const NEW_ICON_COUNT: Readonly<Record<string, string>> = { '2': '3', '3': '4', '4': '5' };

function oldIconCount(value: unknown): unknown {
  return typeof value === 'number' ? (OLD_ICON_COUNT[value] ?? value) : value;
}

const iconCountSetting = 'desktop_icon_count_display';
const iconCountForm: Edit = (item) => editKey(item, iconCountSetting, oldIconCount);

function iconCountEvent(key: string, valueKey: string): EventWalk {
  return (event) => (event[key] === iconCountSetting ? editKey(event, valueKey, oldIconCount) : event);
}

const iconCountRequest = (params: RawParams): RawParams => {
  const value = params[iconCountSetting];
  const mapped = value === undefined ? undefined : NEW_ICON_COUNT[value.trim()];
  return mapped === undefined ? params : { ...params, [iconCountSetting]: mapped };
};

/** Message flag lists below 224: the two specific wildcard flags were not there yet (wildcard_mentioned alone). */
const NEW_WILDCARD_FLAGS = ['stream_wildcard_mentioned', 'topic_wildcard_mentioned'];
const withoutNewWildcardFlags = (flags: unknown): unknown =>
  Array.isArray(flags) && flags.some((flag) => NEW_WILDCARD_FLAGS.includes(flag as string))
    ? flags.filter((flag) => !NEW_WILDCARD_FLAGS.includes(flag as string))
    : flags;
const messageFlags: Edit = (message) => editKey(message, 'flags', withoutNewWildcardFlags);

/** A memo of each channel row's address (rows are immutable; a renamed channel is a new row), for the realm it was made in. */
const legacyAddresses = new WeakMap<Channel, { readonly realm: string; readonly address: string }>();

function legacyChannelEmailAddress(state: State, channel: Channel): string {
  const realm = `${state.realm.id}@${state.realm.host}`;
  const memo = legacyAddresses.get(channel);
  if (memo !== undefined && memo.realm === realm) return memo.address;
  const address = encodeChannelEmailAddress(state, channel, channelEmailToken(state, channel, channel.creatorId ?? 0, 0));
  legacyAddresses.set(channel, { realm, address });
  return address;
}

/** Subscriptions below 226 carried the channel's incoming email address (the gateway bot as sender). */
function subscriptionWithEmailAddress(subscription: Json, context: DowngradeContext): Json {
  const channel = selectChannel(context.state, Number(subscription['stream_id']));
  if (channel === undefined || 'email_address' in subscription) return subscription;
  return { ...subscription, email_address: legacyChannelEmailAddress(context.state, channel) };
}

/** POST /typing below 215: 'private' for direct, and a channel as a one-element `to`. */
function typingRequest(params: RawParams): RawParams {
  let walked = params;
  if (walked['type'] === 'private') walked = { ...walked, type: 'direct' };
  if (walked['type'] === 'stream' && walked['to'] !== undefined && walked['stream_id'] === undefined) {
    try {
      const to: unknown = JSON.parse(walked['to']);
      if (Array.isArray(to) && to.length === 1 && Number.isInteger(to[0])) {
        const { to: _to, ...rest } = walked;
        walked = { ...rest, stream_id: String(to[0]) };
      }
    } catch {
      // Left for the endpoint to refuse.
    }
  }
  return walked;
}

/** Register below 233: the fetch and event type was `hotspots`; `onboarding_steps` was an unknown name. */
const UNKNOWN_ONBOARDING_STEPS = 'onboarding_steps (unknown below 233)';
function hotspotsRequest(params: RawParams): RawParams {
  const rename = (items: string[]) =>
    items.map((item) => (item === 'onboarding_steps' ? UNKNOWN_ONBOARDING_STEPS : item === 'hotspots' ? 'onboarding_steps' : item));
  return editJsonList(editJsonList(params, 'fetch_event_types', rename), 'event_types', rename);
}

export const LEVELS_185_236: readonly LevelChange[] = [
  noChange(185, 'The Zulip 7.0 release.'),
  noChange(186, 'Reserved for 7.x maintenance releases.'),
  noChange(187, 'Reserved for 7.x maintenance releases.'),
  {
    level: 188,
    endpoints: ['POST /users/me/muted_users/{muted_user_id}', 'DELETE /users/me/muted_users/{muted_user_id}'],
    change: 'Bots may be muted and unmuted; before, a bot was "No such user".',
    status: 'implemented',
    note: 'rules/feature-levels.ts canMuteBots, read by rules/muted-users.ts accessMutableUser',
  },
  {
    level: 189,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The five enable_followed_topic_* notification settings.',
    status: 'implemented',
    note: 'left out of user_settings and realm_user_settings_defaults, and ignored as parameters, below the level',
    downgrade: userSettingsAdded([
      'enable_followed_topic_email_notifications',
      'enable_followed_topic_push_notifications',
      'enable_followed_topic_wildcard_mentions_notify',
      'enable_followed_topic_desktop_notifications',
      'enable_followed_topic_audible_notifications',
    ]),
  },
  {
    level: 190,
    endpoints: ['DELETE /realm/emoji/{emoji_name}'],
    change: 'An emoji that does not exist is 404; before, 400.',
    status: 'implemented',
    note: 'rules/feature-levels.ts missingCustomEmojiStatus, read by endpoints/realm-emoji/deactivate-custom-emoji.ts',
  },
  {
    level: 191,
    endpoints: ['POST /register', 'GET /events', 'GET /user_groups', 'POST /user_groups/create', 'PATCH /user_groups/{user_group_id}'],
    change: 'can_mention_group_id in user group objects, and as a parameter of group creation and update.',
    status: 'approximate',
    note:
      'left out of group objects and user_group events below the level, the parameter ignored; a client sending the old name ' +
      'can_mention_group_id sees it listed as can_mention_group in ignored_parameters_unsupported (the 198 walk renames it first)',
    downgrade: merged(
      groupObjects((group) => omitKeys(group, ['can_mention_group_id'])),
      {
        addsParams: { 'create-user-group': ['can_mention_group'], 'update-user-group': ['can_mention_group'] },
      },
    ),
  },
  {
    level: 192,
    endpoints: ['GET /events'],
    change: 'Guests subscribed to a public channel get its stream create event; before, only for private channels.',
    status: 'approximate',
    note: 'chatref sends the newer events at every level (events/audience.ts whoCanSeeChannel); below 192 a guest also hears of public channels it joins',
  },
  {
    level: 193,
    endpoints: ['POST /messages/{message_id}/reactions', 'DELETE /messages/{message_id}/reactions'],
    change: 'REACTION_ALREADY_EXISTS and REACTION_DOES_NOT_EXIST error codes; before, BAD_REQUEST.',
    status: 'implemented',
    note: 'error walk of the two operations',
    downgrade: legacyErrorCode(['add-reaction', 'remove-reaction'], { REACTION_ALREADY_EXISTS: null, REACTION_DOES_NOT_EXIST: null }),
  },
  {
    level: 194,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow', 'POST /register'],
    change: 'The id operator takes an integer operand; before, only a string.',
    status: 'approximate',
    note:
      'rules/feature-levels.ts legacyNarrowOperandError, read by narrow/resolve.ts resolveNarrow: the old message, but after the format ' +
      "checks of the other terms rather than in the parameter's own parse; register's narrow is not checked",
  },
  {
    level: 195,
    endpoints: ['POST /register', 'GET /events'],
    change: 'default_code_block_language is always a string ("" for none); before, null or "".',
    status: 'nothing-to-do',
    note: 'the old server used either form; chatref sends "" at every level, which was one of them',
  },
  {
    level: 196,
    endpoints: ['POST /realm/playgrounds', 'POST /register', 'GET /events'],
    change: 'Playgrounds have url_template (RFC 6570); before, url_prefix.',
    status: 'approximate',
    note:
      'below the level url_prefix is served (the template without its final {code}) and a url_prefix parameter walks forward to ' +
      'the template prefix + "{code}"; a prefix holding template syntax ({ or }) is refused as a template, and url_template is accepted too',
    downgrade: {
      request: {
        'add-code-playground': (params) => {
          const prefix = params['url_prefix'];
          if (prefix === undefined) return params;
          const { url_prefix: _prefix, ...rest } = params;
          return { ...rest, url_template: `${prefix}{code}` };
        },
      },
      response: { 'register-queue': eachOf('realm_playgrounds', playgroundWithPrefix) },
      event: { realm_playgrounds: eachOf('realm_playgrounds', playgroundWithPrefix) },
    },
  },
  {
    level: 197,
    endpoints: ['POST /users/me/subscriptions', 'PATCH /streams/{stream_id}', 'GET /users/me/subscriptions', 'GET /streams', 'POST /register', 'GET /events'],
    change: 'The channel setting can_remove_subscribers_group_id renamed can_remove_subscribers_group.',
    status: 'implemented',
    note: 'renamed back in channel and subscription dicts and stream update events below the level; the old parameter name walks forward',
    downgrade: renamedChannelSetting('can_remove_subscribers_group', 'can_remove_subscribers_group_id', ['subscribe', 'update-stream']),
  },
  {
    level: 198,
    endpoints: ['GET /events', 'POST /register', 'GET /user_groups', 'POST /user_groups/create', 'PATCH /user_groups/{user_group_id}'],
    change: 'The group setting can_mention_group_id renamed can_mention_group.',
    status: 'implemented',
    note: 'renamed back in group objects and user_group events below the level; the old parameter name walks forward',
    downgrade: merged(
      groupObjects((group) => renameKey(group, 'can_mention_group', 'can_mention_group_id')),
      {
        request: {
          'create-user-group': (params) => renameKey(params, 'can_mention_group_id', 'can_mention_group'),
          'update-user-group': (params) => renameKey(params, 'can_mention_group_id', 'can_mention_group'),
        },
      },
    ),
  },
  {
    level: 199,
    endpoints: ['POST /register', 'GET /events', 'GET /streams', 'GET /streams/{stream_id}'],
    change: 'stream_weekly_traffic in channel objects (subscriptions had it already).',
    status: 'implemented',
    note: 'left out of channel dicts (not subscriptions) below the level',
    downgrade: streamObjects((stream) => omitKeys(stream, ['stream_weekly_traffic'])),
  },
  {
    level: 200,
    endpoints: ['PATCH /streams/{stream_id}', 'POST /users/me/subscriptions'],
    change: 'The is_default_stream parameter.',
    status: 'implemented',
    note: 'ignored below the level',
    downgrade: { addsParams: { 'update-stream': ['is_default_stream'], subscribe: ['is_default_stream'] } },
  },
  {
    level: 201,
    endpoints: ['POST /zulip-outgoing-webhook'],
    change: 'Outgoing webhook trigger private_message renamed direct_message.',
    status: 'nothing-to-do',
    note: 'chatref sends no outgoing webhook payloads',
  },
  {
    level: 202,
    endpoints: ['PATCH /realm/linkifiers'],
    change: 'Reordering linkifiers.',
    status: 'implemented',
    note: 'unknown path below the level',
    downgrade: { addsEndpoints: ['reorder-linkifiers'] },
  },
  {
    level: 203,
    endpoints: ['POST /register'],
    change: 'realm_date_created.',
    status: 'implemented',
    note: 'left out below the level',
    downgrade: { addsResponseKeys: { 'register-queue': ['realm_date_created'] } },
  },
  {
    level: 204,
    endpoints: ['POST /register'],
    change: 'The server_typing_* wait and expiry periods.',
    status: 'implemented',
    note: 'left out below the level',
    downgrade: {
      addsResponseKeys: {
        'register-queue': [
          'server_typing_started_wait_period_milliseconds',
          'server_typing_stopped_wait_period_milliseconds',
          'server_typing_started_expiry_period_milliseconds',
        ],
      },
    },
  },
  {
    level: 205,
    endpoints: ['POST /register', 'GET /events'],
    change: 'register streams include web-public channels; stream create/delete and peer_add events when a role change grants or removes access.',
    status: 'approximate',
    note: 'chatref answers in the newer way at every level (actions/users.ts role changes); below 205 the old server sent none of these',
  },
  {
    level: 206,
    endpoints: ['POST /calls/zoom/create'],
    change: 'The is_video_call parameter.',
    status: 'implemented',
    note: 'ignored below the level (chatref answers a Zoom-shaped URL either way)',
    downgrade: { addsParams: { 'create-zoom-video-call': ['is_video_call'] } },
  },
  {
    level: 207,
    endpoints: ['POST /register'],
    change: 'display_name and all_event_types in realm_incoming_webhook_bots.',
    status: 'nothing-to-do',
    note: 'chatref lists no incoming webhook integrations (realm_incoming_webhook_bots is [] at every level)',
  },
  {
    level: 208,
    endpoints: ['POST /users/me/subscriptions', 'DELETE /users/me/subscriptions'],
    change: 'An unknown or deactivated principal is 400 BAD_REQUEST; before, 403 UNAUTHORIZED_PRINCIPAL.',
    status: 'implemented',
    note: 'rules/feature-levels.ts hasLegacyPrincipalErrors, read by rules/subscriptions.ts',
  },
  {
    level: 209,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events', 'POST /invites/multiuse', 'GET /invites', 'DELETE /invites/multiuse/{invite_id}'],
    change: 'The create_multiuse_invite_group setting; members may create, list and revoke their own reusable invitation links.',
    status: 'approximate',
    note:
      'realm_create_multiuse_invite_group left out and the parameter ignored below the level; rules/feature-levels.ts ' +
      'invitationLinksNeedAdministrator, read by endpoints/invites/create-invite-link.ts. Listing and revoking are not walked ' +
      '(below 209 no member can hold a link, so they differ only for links created at a newer level); invites_changed recipients are the newer ones',
    downgrade: realmSettingsAdded(['create_multiuse_invite_group']),
  },
  {
    level: 210,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The web_stream_unreads_count_display_policy setting.',
    status: 'implemented',
    note: 'left out and ignored below the level',
    downgrade: userSettingsAdded(['web_stream_unreads_count_display_policy']),
  },
  {
    level: 211,
    endpoints: ['POST /streams/{stream_id}/delete_topic', 'POST /mark_all_as_read'],
    change: 'A complete field in the answer; before, "result": "partially_completed" on a timeout.',
    status: 'implemented',
    note: 'complete left out below the level; chatref always finishes, so the old partial answer never arises',
    downgrade: { addsResponseKeys: { 'delete-topic': ['complete'], 'mark-all-as-read': ['complete'] } },
  },
  {
    level: 212,
    endpoints: ['GET /events', 'POST /register', 'PATCH /realm'],
    change: 'The realm setting jitsi_server_url and server_jitsi_server_url (jitsi_server_url became realm || server).',
    status: 'implemented',
    note: 'realm_jitsi_server_url and server_jitsi_server_url left out and the parameter ignored below the level (jitsi_server_url is then the server one)',
    downgrade: merged(realmSettingsAdded(['jitsi_server_url'], ['server_jitsi_server_url']), {
      response: {
        'register-queue': atTop(['jitsi_server_url'], (body) => editKey(body, 'jitsi_server_url', () => SERVER_JITSI_SERVER_URL)),
      },
    }),
  },
  {
    level: 213,
    endpoints: ['POST /register'],
    change: 'unread_msgs mentions and count handle unmuted and followed topics correctly.',
    status: 'approximate',
    note: 'a bug fix: chatref counts the corrected way at every level',
  },
  {
    level: 214,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy settings.',
    status: 'implemented',
    note: 'left out and ignored below the level',
    downgrade: userSettingsAdded(['automatically_follow_topics_policy', 'automatically_unmute_topics_in_muted_streams_policy']),
  },
  {
    level: 215,
    endpoints: ['GET /events', 'POST /typing'],
    change: 'typing events say direct, not private; POST /typing no longer takes private, and a channel is stream_id + topic rather than a one-element to.',
    status: 'approximate',
    note:
      "typing events walk back to 'private'; 'private' and a one-element `to` walk forward. Below the level a stream_id parameter is " +
      'still read (the old server ignored it) and a `to` of another length is refused with the newer message',
    downgrade: {
      request: { 'set-typing-status': typingRequest },
      event: { typing: (event) => (event['message_type'] === 'direct' ? { ...event, message_type: 'private' } : event) },
    },
  },
  {
    level: 216,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The enable_guest_user_indicator setting.',
    status: 'implemented',
    note: 'left out and ignored below the level',
    downgrade: realmSettingsAdded(['enable_guest_user_indicator']),
  },
  {
    level: 217,
    endpoints: ['POST /mobile_push/test_notification'],
    change: 'The test push notification endpoint.',
    status: 'implemented',
    note: 'unknown path below the level',
    downgrade: { addsEndpoints: ['test-notify'] },
  },
  {
    level: 218,
    endpoints: ['POST /messages'],
    change: 'automatic_new_visibility_policy in the answer.',
    status: 'nothing-to-do',
    note: 'chatref never changes a visibility policy on sending, so it never sends the key (it is optional)',
  },
  {
    level: 219,
    endpoints: ['PATCH /realm/user_settings_defaults', 'POST /register', 'GET /events', 'PATCH /settings'],
    change: 'default_view and escape_navigates_to_default_view renamed web_home_view and web_escape_navigates_to_home_view.',
    status: 'approximate',
    note: 'renamed back in every form and event below the level and the old names walk forward; the new names are also accepted there',
    downgrade: renamedUserSettings({ web_home_view: 'default_view', web_escape_navigates_to_home_view: 'escape_navigates_to_default_view' }),
  },
  {
    level: 219,
    endpoints: ['POST /user_topics', 'POST /register', 'GET /events'],
    change: 'The followed visibility policy (3).',
    status: 'implemented',
    note: 'rules/feature-levels.ts legacyVisibilityPolicyError, read by endpoints/user-topics/update-user-topic.ts',
  },
  {
    level: 220,
    endpoints: ['GET /events'],
    change: 'Guests get stream create events for web-public channels, and peer events for public ones they are in and web-public ones.',
    status: 'approximate',
    note: 'chatref sends the newer events at every level',
  },
  {
    level: 221,
    endpoints: ['POST /register'],
    change: 'server_supported_permission_settings.',
    status: 'nothing-to-do',
    note: 'chatref does not send server_supported_permission_settings at any level',
  },
  {
    level: 222,
    endpoints: ['GET /events'],
    change: 'A deactivated or reactivated user is realm_user update {is_active}; before, realm_user remove and add (realm_bot likewise).',
    status: 'approximate',
    note:
      'rules/feature-levels.ts sendsActivationAsRemoveAndAdd, read by actions/users.ts deactivateUser and reactivateUser; ' +
      'chatref sends no realm_bot event for either at any level',
  },
  {
    level: 223,
    endpoints: ['POST /users/me/apns_device_token'],
    change: 'appid is required; before, it defaulted to org.zulip.Zulip.',
    status: 'implemented',
    note: 'below the level a missing appid walks forward as org.zulip.Zulip',
    downgrade: { request: { 'add-apns-token': (params) => ('appid' in params ? params : { ...params, appid: 'org.zulip.Zulip' }) } },
  },
  {
    level: 224,
    endpoints: ['GET /events', 'GET /messages', 'GET /messages/{message_id}'],
    change: 'The stream_wildcard_mentioned and topic_wildcard_mentioned flags (wildcard_mentioned deprecated).',
    status: 'approximate',
    note: 'the two flags left out of message flags below the level; a topic wildcard still counts as a wildcard mention there',
    downgrade: {
      response: { 'get-messages': eachOf('messages', messageFlags), 'get-message': objectAt('message', messageFlags) },
      event: { message: (event) => editKey(event, 'flags', withoutNewWildcardFlags) },
    },
  },
  {
    level: 225,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The can_access_all_users_group setting (then can_access_all_users_group_id).',
    status: 'approximate',
    note: 'left out and ignored below the level; allowed_system_groups concerns server_supported_permission_settings, which chatref does not send',
    downgrade: realmSettingsAdded(['can_access_all_users_group'], ['realm_can_access_all_users_group_id']),
  },
  {
    level: 226,
    endpoints: ['POST /register', 'GET /events', 'GET /users/me/subscriptions', 'GET /streams/{stream_id}/email_address'],
    change: 'email_address removed from subscription objects; GET /streams/{stream_id}/email_address added.',
    status: 'approximate',
    note:
      'below the level register and GET /users/me/subscriptions add email_address (the channel creator and the gateway bot as in ' +
      'rules/channel-email.ts, not the old per-channel token); subscription add events lack it; the endpoint is an unknown path',
    downgrade: {
      addsEndpoints: ['get-stream-email-address'],
      response: {
        'register-queue': located(['subscriptions', 'unsubscribed'].map((key) => ({ kind: 'each', key, edit: subscriptionWithEmailAddress }))),
        'get-subscriptions': located([{ kind: 'each', key: 'subscriptions', edit: subscriptionWithEmailAddress }]),
      },
    },
  },
  {
    level: 227,
    endpoints: ['PATCH /realm/user_settings_defaults', 'POST /register', 'PATCH /settings'],
    change: 'desktop_icon_count_display gained "DMs, mentions, and followed topics" and was renumbered.',
    status: 'approximate',
    note: "values walk to the old numbering and an old client's values forward; the new option 2 has no old value and shows as 2 (DMs and mentions)",
    downgrade: merged(
      { response: { [REGISTER]: userSettingForms(iconCountForm, [iconCountSetting]) } },
      {
        request: { 'update-settings': iconCountRequest, 'update-realm-user-settings-defaults': iconCountRequest },
        event: {
          user_settings: iconCountEvent('property', 'value'),
          update_global_notifications: iconCountEvent('notification_name', 'setting'),
          realm_user_settings_defaults: iconCountEvent('property', 'value'),
        },
      },
    ),
  },
  {
    level: 228,
    endpoints: ['GET /events', 'GET /realm/presence'],
    change:
      'realm_user update, user_status (and optionally presence) events only to who can access the user; realm_user add/remove when a guest gains or loses access.',
    status: 'approximate',
    note: 'chatref follows the newer recipients at every level; below 228 (where can_access_all_users_group exists from 225) they would reach everyone',
  },
  {
    level: 229,
    endpoints: ['PATCH /messages/{message_id}', 'POST /messages'],
    change: 'Topic wildcard mentions obey the wildcard mention policy; STREAM_ and TOPIC_WILDCARD_MENTION_NOT_ALLOWED codes.',
    status: 'implemented',
    note: 'rules/feature-levels.ts restrictsTopicWildcardMentions, read by rules/message-sending.ts canUseTopicWildcard; the error walks back to BAD_REQUEST with the old message',
    downgrade: legacyErrorCode(['send-message', 'update-message'], {
      STREAM_WILDCARD_MENTION_NOT_ALLOWED: 'You do not have permission to use wildcard mentions in this stream.',
      TOPIC_WILDCARD_MENTION_NOT_ALLOWED: null,
    }),
  },
  {
    level: 230,
    endpoints: ['POST /register', 'GET /events'],
    change: 'has_trigger in hotspot objects.',
    status: 'nothing-to-do',
    note: 'chatref has no tutorial: the hotspots (onboarding steps) list is always empty and no such event is sent',
  },
  {
    level: 231,
    endpoints: ['POST /register', 'GET /events'],
    change: 'realm_push_notifications_enabled_end_timestamp, and realm events when push notification availability changes.',
    status: 'implemented',
    note: 'the key left out below the level; chatref has no push service, so the value never changes and no event is sent',
    downgrade: { addsResponseKeys: { 'register-queue': ['realm_push_notifications_enabled_end_timestamp'] } },
  },
  {
    level: 232,
    endpoints: ['POST /register', 'GET /events'],
    change: 'The user_list_incomplete client capability (inaccessible users left out of realm_users and realm_user add).',
    status: 'implemented',
    note: 'below the level the capability is dropped from client_capabilities, so every client gets the "Unknown user" placeholders',
    downgrade: {
      request: {
        'register-queue': (params) => editJsonObject(params, 'client_capabilities', (capabilities) => omitKeys(capabilities, ['user_list_incomplete'])),
      },
    },
  },
  {
    level: 233,
    endpoints: ['POST /register', 'GET /events', 'POST /users/me/onboarding_steps'],
    change:
      'hotspots renamed onboarding_steps (event type, fetch type and register key), with a type field; POST /users/me/onboarding_steps replaced /users/me/hotspots.',
    status: 'approximate',
    note:
      'below the level the register key is hotspots and the hotspots fetch and event type name walks forward (onboarding_steps there is an ' +
      'unknown name); the list is always empty, so the type field does not arise; chatref serves neither POST /users/me/onboarding_steps nor /users/me/hotspots',
    downgrade: {
      request: { 'register-queue': hotspotsRequest },
      response: {
        // The key moves to the end, where the real server's register had hotspots.
        'register-queue': atTop(['onboarding_steps', 'hotspots'], (body) => renameKey(body, 'onboarding_steps', 'hotspots')),
      },
      event: { onboarding_steps: (event) => ({ ...renameKey(event, 'onboarding_steps', 'hotspots'), type: 'hotspots' }) },
    },
  },
  {
    level: 234,
    endpoints: ['POST /mobile_push/test_notification'],
    change: 'Push notifications carry realm_name; the test notification event is "test".',
    status: 'nothing-to-do',
    note: 'chatref sends no push notifications (the test endpoint answers without sending one)',
  },
  {
    level: 235,
    endpoints: ['PATCH /realm/user_settings_defaults', 'POST /register', 'PATCH /settings'],
    change: 'The automatically_follow_topics_where_mentioned setting.',
    status: 'implemented',
    note: 'left out and ignored below the level',
    downgrade: userSettingsAdded(['automatically_follow_topics_where_mentioned']),
  },
  {
    level: 236,
    endpoints: ['POST /messages', 'POST /scheduled_messages'],
    change: 'The read_by_sender parameter.',
    status: 'implemented',
    note: 'ignored below the level',
    downgrade: { addsParams: { 'send-message': ['read_by_sender'], 'create-scheduled-message': ['read_by_sender'] } },
  },
];
