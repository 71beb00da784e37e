/** Feature levels 237–277 (the changelog's "Changes in Zulip 8.0 / 9.0"), oldest first. */

import { systemGroupNameOf } from '../rules/system-groups.js';
import type { State } from '../state.js';
import type { Downgrade, LevelChange, RawParams } from './change.js';
import { noChange } from './change.js';
import { atTop } from './fuse.js';
import { channelObjects, isObject, profileFields, REGISTER, realmEventWalk, realmSettingsAdded, userSettingsAdded } from './shapes.js';
import { editEach, editKey, omitKeys, renameKey, withKey } from './walk.js';

/**
 * A parameter renamed at a level: a client of the level below sends `from`,
 * which is this level's `to`. A client sending `to` itself meets a server
 * that does not know it, which lists it in ignored_parameters_unsupported.
 */
function renamedParams(operation: string, pairs: readonly (readonly [from: string, to: string])[]): Pick<Downgrade, 'request' | 'response'> {
  return {
    request: {
      [operation]: (params) => {
        let walked: RawParams = params;
        for (const [from, to] of pairs) {
          if (from in walked) walked = renameKey(omitKeys(walked, [to]), from, to);
          // The new name, unknown below the level: sent on under the old one, which the endpoint does not know either; the answer names it back.
          else if (to in walked) walked = renameKey(walked, to, from);
        }
        return walked;
      },
    },
    response: {
      // Only the swap above puts an old name in the list: it was the new one.
      [operation]: (body) =>
        editKey(body, 'ignored_parameters_unsupported', (names) =>
          Array.isArray(names) ? names.map((name) => pairs.find(([from]) => from === name)?.[1] ?? name).sort() : names,
        ),
    },
  };
}

/** CommonPolicyEnum: members, administrators, full members, moderators. */
const POLICY_OF_SYSTEM_GROUP: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:members': 1,
  'role:administrators': 2,
  'role:owners': 2,
  'role:nobody': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
};

/** The old policy value nearest to a group-setting value: a system group's own, else members only (the widest policy). */
function commonPolicyOf(state: State, value: unknown): number {
  const name = typeof value === 'number' ? systemGroupNameOf(state, value) : undefined;
  return (name === undefined ? undefined : POLICY_OF_SYSTEM_GROUP[name]) ?? 1;
}

/**
 * A realm group setting that replaced a policy at a level: register shows
 * realm_<policy> (the nearest value) instead of realm_<setting>; the setting
 * is ignored by PATCH /realm and left out of realm events.
 */
function replacesRealmPolicy(setting: string, policy: string, policyOf: (state: State, value: unknown) => number): Downgrade {
  return {
    addsParams: { 'update-realm': [setting] },
    response: {
      [REGISTER]: atTop([`realm_${setting}`, `realm_${policy}`], (body, { state }) => {
        const key = `realm_${setting}`;
        if (!(key in body)) return body;
        const value = body[key];
        return editKey(renameKey(body, key, `realm_${policy}`), `realm_${policy}`, () => policyOf(state, value));
      }),
    },
    event: { realm: realmEventWalk((data) => omitKeys(data, [setting])) },
  };
}

/** PRIVATE_MESSAGE_POLICY_UNLIMITED (1), or DISABLED (2) when direct messages were open to nobody. */
function privateMessagePolicyOf(state: State, value: unknown): number {
  return typeof value === 'number' && systemGroupNameOf(state, value) === 'role:nobody' ? 2 : 1;
}

const ANNOUNCEMENT_CHANNEL_RENAMES = renamedParams('update-realm', [
  ['notifications_stream_id', 'new_stream_announcements_stream_id'],
  ['signup_notifications_stream_id', 'signup_announcements_stream_id'],
]);

export const LEVELS_237_277: readonly LevelChange[] = [
  noChange(237, 'The Zulip 8.0 release.'),
  noChange(238, 'Reserved for 8.x maintenance releases.'),
  noChange(239, 'Reserved for 8.x maintenance releases.'),
  {
    level: 240,
    endpoints: ['GET /events'],
    change: 'The restart event lost its immediate flag; the new web_reload_client event tells web clients to reload.',
    status: 'nothing-to-do',
    note: 'chatref never restarts under a queue: it sends neither restart nor web_reload_client events at any level',
  },
  {
    level: 241,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm'],
    change: 'notifications_stream and signup_notifications_stream became new_stream_announcements_stream and signup_announcements_stream.',
    status: 'implemented',
    note: 'the register keys, the realm event keys and the PATCH /realm parameters (…_id) take their old names below the level; the new names are unknown there',
    downgrade: {
      request: ANNOUNCEMENT_CHANNEL_RENAMES.request,
      response: {
        [REGISTER]: atTop(
          [
            'realm_new_stream_announcements_stream_id',
            'realm_notifications_stream_id',
            'realm_signup_announcements_stream_id',
            'realm_signup_notifications_stream_id',
          ],
          (body) =>
            renameKey(
              renameKey(body, 'realm_new_stream_announcements_stream_id', 'realm_notifications_stream_id'),
              'realm_signup_announcements_stream_id',
              'realm_signup_notifications_stream_id',
            ),
        ),
        ...ANNOUNCEMENT_CHANNEL_RENAMES.response,
      },
      event: {
        realm: realmEventWalk((data) =>
          renameKey(
            renameKey(data, 'new_stream_announcements_stream_id', 'notifications_stream_id'),
            'signup_announcements_stream_id',
            'signup_notifications_stream_id',
          ),
        ),
      },
    },
  },
  {
    level: 242,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm'],
    change: 'The realm setting zulip_update_announcements_stream_id.',
    status: 'implemented',
    note: 'absent from register and realm events below the level, and ignored by PATCH /realm',
    downgrade: realmSettingsAdded(['zulip_update_announcements_stream_id']),
  },
  {
    level: 243,
    endpoints: ['POST /register', 'GET /events'],
    change: 'realm_authentication_methods (and the realm event authentication_methods) map each method to a dict {enabled, available, …} instead of a boolean.',
    status: 'implemented',
    note: 'below the level each method maps to its `enabled` boolean (chatref lists only Email, and never changes the methods, so sends no such event)',
    downgrade: {
      response: {
        [REGISTER]: atTop(['realm_authentication_methods'], (body) =>
          editKey(body, 'realm_authentication_methods', (methods) =>
            isObject(methods)
              ? Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, isObject(method) ? method['enabled'] : method]))
              : methods,
          ),
        ),
      },
    },
  },
  {
    level: 244,
    endpoints: ['POST /register', 'GET /events', 'POST /realm/profile_fields', 'GET /realm/profile_fields'],
    change: 'Custom profile fields have `required`, a parameter of their creation and update.',
    status: 'implemented',
    note: 'absent from field objects (register, GET /realm/profile_fields, custom_profile_fields events) and ignored by POST and PATCH below the level',
    downgrade: {
      addsParams: { 'create-custom-profile-field': ['required'], 'update-custom-profile-field': ['required'] },
      ...profileFields((field) => omitKeys(field, ['required'])),
    },
  },
  {
    level: 245,
    endpoints: ['POST /register', 'GET /events', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The user settings web_font_size_px and web_line_height_percent.',
    status: 'implemented',
    note: 'userSettingsAdded (feature-levels/shapes.ts): absent from register and events, ignored by PATCH, below the level',
    downgrade: userSettingsAdded(['web_font_size_px', 'web_line_height_percent']),
  },
  {
    level: 246,
    endpoints: ['POST /register', 'GET /events', 'PATCH /realm'],
    change: 'The realm setting require_unique_names.',
    status: 'implemented',
    note: 'absent from register and realm events and ignored by PATCH /realm below the level (so it stays false there: names may repeat)',
    downgrade: realmSettingsAdded(['require_unique_names']),
  },
  {
    level: 247,
    endpoints: ['Markdown'],
    change: '@**channel** became a wildcard mention.',
    status: 'implemented',
    note: 'rules/feature-levels.ts knowsChannelWildcardMention, read by rules/message-rendering.ts renderContextFor: below the level @**channel** names a user of that name, or stays literal text',
  },
  {
    level: 248,
    endpoints: ['POST /typing', 'POST /messages', 'POST /scheduled_messages', 'PATCH /scheduled_messages/{scheduled_message_id}'],
    change: 'type "channel" became a synonym of "stream".',
    status: 'implemented',
    note: 'below the level the value is refused as the endpoints refuse any unknown type ("Invalid type"): the request walk hands it on as an unknown value',
    downgrade: {
      request: Object.fromEntries(
        ['send-message', 'set-typing-status', 'create-scheduled-message', 'update-scheduled-message'].map((operation) => [
          operation,
          (params: RawParams) => (params['type'] === 'channel' ? { ...params, type: 'channel (unknown below feature level 248)' } : params),
        ]),
      ),
    },
  },
  {
    level: 249,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow'],
    change: 'The narrow filter has:reaction.',
    status: 'implemented',
    note: "rules/feature-levels.ts narrowTermUnknownAtLevel (read by narrow/resolve.ts): below the level, unknown 'has' operand (register's event-queue narrow is not checked)",
  },
  {
    level: 250,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow'],
    change: 'The narrow operators channel and channels, aliases of stream and streams.',
    status: 'approximate',
    note: 'rules/feature-levels.ts narrowTermUnknownAtLevel: below the level they are unknown operators; an integer operand there is accepted as far as that check, where the real server first refused it as not a string',
  },
  {
    level: 251,
    endpoints: ['POST /register'],
    change: 'realm_upload_quota_mib is in MiB; before, it was in bytes.',
    status: 'nothing-to-do',
    note: 'chatref has no upload quota: realm_upload_quota_mib is null at every level',
  },
  {
    level: 252,
    endpoints: ['PATCH /realm/profile_fields/{field_id}'],
    change: 'name, hint, display_in_profile_summary, required and field_data became optional in an update; before, an omitted one took its default.',
    status: 'approximate',
    note: 'below the level an omitted name, hint or display_in_profile_summary takes its old default ("" or false, so an omitted name is refused as blank); an omitted field_data or required keeps its value instead of resetting to {} or false',
    downgrade: {
      request: {
        'update-custom-profile-field': (params) => ({ name: '', hint: '', display_in_profile_summary: 'false', ...params }),
      },
    },
  },
  {
    level: 253,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The user setting receives_typing_notifications.',
    status: 'implemented',
    note: 'userSettingsAdded (feature-levels/shapes.ts); below the level it cannot be changed, so every user keeps receiving typing events (rules/typing.ts)',
    downgrade: userSettingsAdded(['receives_typing_notifications']),
  },
  {
    level: 254,
    endpoints: ['POST /register', 'GET /events', 'GET /streams', 'GET /streams/{stream_id}', 'GET /users/me/subscriptions'],
    change: 'creator_id on channel and subscription objects.',
    status: 'implemented',
    note: 'channelObjects (feature-levels/shapes.ts): left out of every channel and subscription object below the level',
    downgrade: channelObjects((channel) => omitKeys(channel, ['creator_id'])),
  },
  {
    level: 255,
    endpoints: ['(strings)'],
    change: '"Stream" became "Channel" in the API\'s and UI\'s strings.',
    status: 'approximate',
    note: 'chatref keeps the channel wording of its error messages at every level (e.g. "Invalid channel ID", where the real server said "Invalid stream ID" below 255)',
  },
  {
    level: 256,
    endpoints: ['POST /streams/{stream_id}/delete_topic', 'GET /events'],
    change: 'Deleting messages may send a stream update event with the new first_message_id.',
    status: 'implemented',
    note: 'below the level the stream update of first_message_id (actions/messages.ts deleteMessages) is not sent',
    downgrade: {
      event: { stream: (event) => (event['op'] === 'update' && event['property'] === 'first_message_id' ? null : event) },
    },
  },
  {
    level: 257,
    endpoints: ['POST /register', 'GET /server_settings'],
    change: 'realm_uri was renamed realm_url (realm_uri stays as a deprecated alias).',
    status: 'implemented',
    note: 'below the level only realm_uri is sent (mobile push payloads: chatref sends none)',
    downgrade: { addsResponseKeys: { [REGISTER]: ['realm_url'], 'get-server-settings': ['realm_url'] } },
  },
  {
    level: 258,
    endpoints: ['GET /user_groups', 'POST /register', 'POST /user_groups/create', 'PATCH /user_groups/{user_group_id}'],
    change: 'can_mention_group may be an anonymous group {direct_members, direct_subgroups} as well as a group id.',
    status: 'approximate',
    note: 'below the level chatref still accepts and shows the anonymous-group form (an old server took and held only group ids); group-id values, the only ones an old client sends, look the same',
  },
  {
    level: 259,
    endpoints: ['POST /register', 'GET /events'],
    change: 'Onboarding steps are only one-time notices (hotspots were dropped).',
    status: 'nothing-to-do',
    note: 'chatref offers no hotspots at any level: its onboarding_steps hold one-time notices only',
  },
  {
    level: 260,
    endpoints: ['PATCH /user_groups/{user_group_id}'],
    change: 'can_mention_group is updated as {new, old}; before, as the new value alone.',
    status: 'implemented',
    note: 'below the level the request walk wraps a bare value as {"new": value}',
    downgrade: {
      request: {
        'update-user-group': (params) => {
          const raw = params['can_mention_group'];
          if (raw === undefined) return params;
          let value: unknown;
          try {
            value = JSON.parse(raw);
          } catch {
            return params;
          }
          return isObject(value) && 'new' in value ? params : { ...params, can_mention_group: JSON.stringify({ new: value }) };
        },
      },
    },
  },
  {
    level: 261,
    endpoints: ['POST /invites', 'POST /invites/multiuse'],
    change: 'The parameter include_realm_default_subscriptions.',
    status: 'implemented',
    note: 'ignored below the level (the default channels then come only from stream_ids)',
    downgrade: { addsParams: { 'send-invites': ['include_realm_default_subscriptions'], 'create-invite-link': ['include_realm_default_subscriptions'] } },
  },
  {
    level: 262,
    endpoints: ['GET /users/{user_id}/status'],
    change: 'The endpoint GET /users/{user_id}/status.',
    status: 'implemented',
    note: 'an unknown path below the level',
    downgrade: { addsEndpoints: ['get-user-status'] },
  },
  {
    level: 263,
    endpoints: ['POST /register'],
    change: 'presence_last_update_id in the presence section.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (PRESENCE_LAST_UPDATE_ID_FEATURE_LEVEL)',
  },
  {
    level: 263,
    endpoints: ['POST /users/me/presence'],
    change: 'The parameter last_update_id and the answer key presence_last_update_id.',
    status: 'implemented',
    note: 'below the level last_update_id is ignored (so it no longer implies slim_presence) and presence_last_update_id is not sent',
    downgrade: { addsParams: { 'update-presence': ['last_update_id'] }, addsResponseKeys: { 'update-presence': ['presence_last_update_id'] } },
  },
  {
    level: 264,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_create_public_channel_group replaced create_public_stream_policy.',
    status: 'approximate',
    note: 'below the level register shows realm_create_public_stream_policy, the policy nearest the group (members if not a role group), and the group setting is ignored by PATCH /realm and absent from events; PATCH /realm does not take create_public_stream_policy (it is listed as ignored)',
    downgrade: replacesRealmPolicy('can_create_public_channel_group', 'create_public_stream_policy', commonPolicyOf),
  },
  {
    level: 265,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow'],
    change: 'The narrow filter is:followed.',
    status: 'implemented',
    note: "rules/feature-levels.ts narrowTermUnknownAtLevel: below the level, unknown 'is' operand",
  },
  {
    level: 266,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'can_create_private_channel_group replaced create_private_stream_policy.',
    status: 'approximate',
    note: 'as at 264: register shows realm_create_private_stream_policy, the nearest policy; PATCH /realm does not take create_private_stream_policy',
    downgrade: replacesRealmPolicy('can_create_private_channel_group', 'create_private_stream_policy', commonPolicyOf),
  },
  {
    level: 267,
    endpoints: ['GET /invites', 'POST /invites'],
    change: 'The invitation parameter and field notify_referrer_on_join.',
    status: 'implemented',
    note: 'ignored by POST /invites and absent from GET /invites below the level',
    downgrade: {
      addsParams: { 'send-invites': ['notify_referrer_on_join'] },
      response: { 'get-invites': (body) => editKey(body, 'invites', (list) => editEach(list, (invite) => omitKeys(invite, ['notify_referrer_on_join']))) },
    },
  },
  {
    level: 268,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The user setting web_navigate_to_sent_message.',
    status: 'implemented',
    note: 'userSettingsAdded (feature-levels/shapes.ts)',
    downgrade: userSettingsAdded(['web_navigate_to_sent_message']),
  },
  {
    level: 269,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The user setting web_channel_default_view.',
    status: 'implemented',
    note: 'userSettingsAdded (feature-levels/shapes.ts)',
    downgrade: userSettingsAdded(['web_channel_default_view']),
  },
  {
    level: 270,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'direct_message_initiator_group and direct_message_permission_group replaced private_message_policy.',
    status: 'approximate',
    note: 'below the level register shows realm_private_message_policy (2, disabled, when the permission group is role:nobody, else 1) instead of the two groups, which PATCH /realm ignores and events leave out; PATCH /realm does not take private_message_policy',
    downgrade: {
      addsParams: { 'update-realm': ['direct_message_initiator_group', 'direct_message_permission_group'] },
      response: {
        [REGISTER]: atTop(
          ['realm_direct_message_permission_group', 'realm_direct_message_initiator_group', 'realm_private_message_policy'],
          (body, { state }) => {
            if (!('realm_direct_message_permission_group' in body)) return body;
            const policy = privateMessagePolicyOf(state, body['realm_direct_message_permission_group']);
            return withKey(
              omitKeys(body, ['realm_direct_message_initiator_group', 'realm_direct_message_permission_group']),
              'realm_private_message_policy',
              policy,
            );
          },
        ),
      },
      event: { realm: realmEventWalk((data) => omitKeys(data, ['direct_message_initiator_group', 'direct_message_permission_group'])) },
    },
  },
  {
    level: 271,
    endpoints: ['GET /messages', 'GET /messages/matches_narrow', 'POST /messages/flags/narrow'],
    change: "The narrow operator with (a message id: that message's conversation).",
    status: 'implemented',
    note: 'rules/feature-levels.ts knowsWithOperator (read by narrow/with.ts): below the level GET /messages does not rewrite it, and it is an unknown operator',
  },
  {
    level: 272,
    endpoints: ['POST /user_uploads'],
    change: 'uri was renamed url (uri stays as a deprecated alias).',
    status: 'implemented',
    note: 'below the level only uri is sent',
    downgrade: { addsResponseKeys: { 'upload-file': ['url'] } },
  },
  {
    level: 273,
    endpoints: ['POST /register'],
    change: 'server_thumbnail_formats.',
    status: 'nothing-to-do',
    note: 'chatref makes no thumbnails and sends no server_thumbnail_formats at any level',
  },
  {
    level: 274,
    endpoints: ['GET /events'],
    change: 'delete_message events always go to the user who deleted the message, subscribed or not.',
    status: 'implemented',
    note: 'rules/feature-levels.ts deletionAudienceAtLevel, read by actions/messages.ts deleteMessages (DELETE /messages/{id}, POST /streams/{id}/delete_topic)',
  },
  {
    level: 275,
    endpoints: ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'],
    change: 'The user setting web_animate_image_previews.',
    status: 'implemented',
    note: 'userSettingsAdded (feature-levels/shapes.ts)',
    downgrade: userSettingsAdded(['web_animate_image_previews']),
  },
  {
    level: 276,
    endpoints: ['Markdown'],
    change: 'Image previews carry data-original-dimensions.',
    status: 'nothing-to-do',
    note: 'chatref renders no image previews (no thumbnailing), so no such attribute at any level',
  },
  noChange(277, 'The Zulip 9.0 release.'),
];
