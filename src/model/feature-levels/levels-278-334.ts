/** Feature levels 278–334 (the changelog's "Changes in Zulip 9.2" and the first part of "Changes in Zulip 10.0"), oldest first. */

import { fl282TutorialStatus } from '../endpoints/legacy/fl282-tutorial-status.js';
import { fl294DeleteUserGroup } from '../endpoints/legacy/fl294-delete-user-group.js';
import { presentChannel } from '../present/channel.js';
import { channelPostPolicyParam, LEGACY_REALM_POLICIES, type LegacyRealmPolicy, legacyPolicyFor, policyGroupParam } from '../rules/feature-levels.js';
import { apiEmail } from '../rules/users.js';
import type { RealmGroupSettingName, State } from '../state.js';
import { getRow } from '../tables/table.js';
import { levelView, responseAtLevel } from './at-level.js';
import { type Body, type Downgrade, type LevelChange, noChange, type RawParams } from './change.js';
import { atTop } from './fuse.js';
import { channelKeysAdded, channelObjects, groupKeysAdded, type Json, profileFields, realmEventWithout, userSettingsAdded, without } from './shapes.js';
import { editEach, editKey, omitKeys, withKey } from './walk.js';

/** register's client_capabilities as a server of the level reads them (a capability it does not know is absent, or given a value). */
function withCapability(params: RawParams, name: string, value: boolean | undefined): RawParams {
  const raw = params['client_capabilities'];
  let capabilities: Record<string, unknown> = {};
  if (raw !== undefined) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return params;
      capabilities = { ...(parsed as Record<string, unknown>) };
    } catch {
      return params;
    }
  } else if (value === undefined) {
    return params;
  } else {
    capabilities = { notification_settings_null: false };
  }
  if (value === undefined) {
    if (!(name in capabilities)) return params;
    delete capabilities[name];
  } else {
    if (capabilities[name] === value) return params;
    capabilities[name] = value;
  }
  return { ...params, client_capabilities: JSON.stringify(capabilities) };
}

/**
 * A realm group setting new at a level, which replaced an older policy: below
 * the level register sends the policy (realm_<policy>) instead, PATCH /realm
 * takes the policy (turned into the group setting it stands for) and ignores
 * the group setting, and update_dict events do not carry the new key.
 */
function realmGroupSetting(level: number, settings: readonly RealmGroupSettingName[], policy: LegacyRealmPolicy | null): LevelChange {
  const keys = settings.map((name) => `realm_${name}`);
  const replaced = policy === null ? '' : ` It replaced ${policy} (PATCH /realm, events; register keeps the derived realm_${policy}).`;
  const downgrade: Downgrade = {
    addsParams: { 'update-realm': settings },
    addsResponseKeys: { 'register-queue': keys },
    event: { realm: realmEventWithout(settings) },
    ...(policy === null
      ? {}
      : {
          response: {
            'register-queue': atTop(['realm_name', `realm_${policy}`], (body, { state }) =>
              !('realm_name' in body) || `realm_${policy}` in body ? body : withKey(body, `realm_${policy}`, legacyPolicyFor(state, policy)),
            ),
          },
          request: { 'update-realm': (params: RawParams, state: State) => policyGroupParam(state, params, policy) },
        }),
  };
  return {
    level,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: `The realm group setting${settings.length > 1 ? 's' : ''} ${settings.join(', ')}.${replaced}`,
    status: policy === null ? 'implemented' : 'approximate',
    note:
      policy === null
        ? 'declared: register key, PATCH /realm parameter and update_dict key new at the level'
        : `rules/feature-levels.ts legacyPolicyFor and policyGroupParam: ${policy} is derived from ${LEGACY_REALM_POLICIES[policy].setting} (a group that is no system group, or an anonymous one, reads as the policy of the smallest system group chatref can name: members) and a policy sets the system group it names; a change sends the old realm/update event of the policy (legacyRealmPolicyEvents, called by actions/realm.ts), and update_dict events drop the group setting`,
    downgrade,
  };
}

/** A user group setting new at a level: a parameter of create and update, and a key of group objects. */
function userGroupSetting(level: number, setting: string, what: string): LevelChange {
  return {
    level,
    endpoints: ['POST /user_groups/create', 'PATCH /user_groups/{user_group_id}', 'GET /user_groups', 'POST /register', 'GET /events'],
    change: `The user group setting ${setting} (${what}).`,
    status: 'approximate',
    note: `declared: parameter and group object key; below the level chatref still decides the permission from the stored ${setting} (its default), where the real server had no such setting`,
    downgrade: { addsParams: { 'create-user-group': [setting], 'update-user-group': [setting] }, ...groupKeysAdded([setting]) },
  };
}

/** A user setting new at a level: a key of register's user_settings, a parameter of PATCH /settings, no update event. */
function userSetting(level: number, name: string, what: string, withDefaults: boolean): LevelChange {
  return {
    level,
    endpoints: withDefaults ? ['POST /register', 'PATCH /settings', 'PATCH /realm/user_settings_defaults'] : ['POST /register', 'PATCH /settings'],
    change: `The user setting ${name} (${what}).`,
    status: 'implemented',
    note: 'declared: register key, parameter and update event new at the level',
    downgrade: userSettingsAdded([name], withDefaults),
  };
}

/** A group-setting value as a plain group id: an anonymous group reads as role:nobody's id, since the level could not store one. */
function plainGroupId(state: State, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return state.systemGroupIds['role:nobody'];
}

/** The group-in-use error as the level below sent it: a plain BAD_REQUEST. */
function withoutInUseCode(body: Body): Body {
  return body['code'] === 'CANNOT_DEACTIVATE_GROUP_IN_USE' ? { ...omitKeys(body, ['objections']), code: 'BAD_REQUEST' } : body;
}

/** The users a subscribe response names, by user id (the newest form), as the Zulip API emails the level used. */
function byEmail(state: State, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const renamed: Record<string, unknown> = {};
  for (const [key, names] of Object.entries(value as Json)) {
    const user = getRow(state.users, Number(key));
    renamed[user === undefined ? key : apiEmail(state, user)] = names;
  }
  return renamed;
}

/**
 * Channel objects of the default channels as a server at 330 showed them:
 * presented in the newest form, then walked down to 330 the way GET /streams
 * is, so the rows above 330 (keys added later) have already been applied when
 * the register walk goes on below it.
 */
function defaultChannelObjects(state: State, ids: readonly unknown[]): Json[] {
  const streams = ids.flatMap((id) => {
    const channel = getRow(state.channels, Number(id));
    return channel === undefined ? [] : [presentChannel(state, channel)];
  });
  const answer = responseAtLevel(
    levelView(330),
    'get-streams',
    { status: 200, headers: {}, body: { result: 'success', msg: '', streams } },
    {
      state,
      params: {},
    },
  );
  return (answer.body as { streams: Json[] }).streams;
}

export const LEVELS_278_334: readonly LevelChange[] = [
  {
    level: 278,
    endpoints: ['Markdown'],
    change: 'data-original-dimensions on image-loading placeholders (a 9.2 backport of level 287).',
    status: 'nothing-to-do',
    note: 'chatref renders no image previews or thumbnail placeholders (markdown/)',
  },
  noChange(279, 'Reserved for 9.x maintenance releases.'),
  realmGroupSetting(280, ['can_create_web_public_channel_group'], 'create_web_public_stream_policy'),
  realmGroupSetting(281, ['can_delete_any_message_group'], null),
  {
    level: 282,
    endpoints: ['POST /users/me/tutorial_status'],
    change: 'The undocumented POST /users/me/tutorial_status was removed (onboarding_steps replaced it).',
    status: 'implemented',
    note: 'endpoints/legacy/fl282-tutorial-status.ts: accepts started/finished and stores nothing chatref shows',
    downgrade: { removesEndpoints: [fl282TutorialStatus] },
  },
  userGroupSetting(283, 'can_manage_group', 'who may manage the group'),
  {
    level: 284,
    endpoints: ['GET /messages', 'GET /messages/{message_id}', 'GET /events'],
    change: 'prev_rendered_content_version was removed from edit_history entries and update_message events.',
    status: 'approximate',
    note: 'chatref sends prev_rendered_content_version in edit_history at every level (present/message.ts), as the level below did; from this level on the real server no longer does',
  },
  {
    level: 285,
    endpoints: ['PATCH /messages/{message_id}'],
    change: 'detached_uploads in the response.',
    status: 'implemented',
    note: 'declared: response key',
    downgrade: { addsResponseKeys: { 'update-message': ['detached_uploads'] } },
  },
  {
    level: 286,
    endpoints: ['POST /user_uploads'],
    change: 'filename in the response.',
    status: 'implemented',
    note: 'declared: response key',
    downgrade: { addsResponseKeys: { 'upload-file': ['filename'] } },
  },
  {
    level: 287,
    endpoints: ['Markdown'],
    change: 'data-original-dimensions on image-loading placeholders.',
    status: 'nothing-to-do',
    note: 'chatref renders no image previews or thumbnail placeholders (markdown/)',
  },
  {
    level: 288,
    endpoints: ['POST /register', 'POST /users/me/presence'],
    change: 'presence_history_limit_days (register) and history_limit_days (presence updates).',
    status: 'implemented',
    note: 'declared: parameters',
    downgrade: { addsParams: { 'register-queue': ['presence_history_limit_days'], 'update-presence': ['history_limit_days'] } },
  },
  {
    level: 289,
    endpoints: ['POST /users/me/subscriptions'],
    change: 'subscribed and already_subscribed are keyed by user id; before, by Zulip API email.',
    status: 'implemented',
    note: 'response walk: the keys back to rules/users.ts apiEmail',
    downgrade: {
      response: {
        subscribe: (body, { state }) =>
          editKey(
            editKey(body, 'subscribed', (value) => byEmail(state, value)),
            'already_subscribed',
            (value) => byEmail(state, value),
          ),
      },
    },
  },
  {
    level: 290,
    endpoints: ['POST /user_groups/{user_group_id}/deactivate', 'GET /user_groups', 'POST /register', 'GET /events'],
    change: 'User groups can be deactivated: the endpoint, the deactivated key of group objects, the allow_deactivated parameter of GET /user_groups.',
    status: 'approximate',
    note: 'declared; below the level a deactivated group of the fixture is left out as a deleted one would be (the include_deactivated_groups capability reads as absent, level 294)',
    downgrade: {
      addsEndpoints: ['deactivate-user-group'],
      ...groupKeysAdded(['deactivated']),
    },
  },
  realmGroupSetting(291, ['can_delete_own_message_group'], 'delete_own_message_policy'),
  {
    level: 292,
    endpoints: ['GET /user_groups', 'POST /register', 'GET /events'],
    change: 'creator_id and date_created in user group objects.',
    status: 'implemented',
    note: 'declared: group object keys',
    downgrade: groupKeysAdded(['creator_id', 'date_created']),
  },
  userSetting(293, 'allow_private_data_export', 'whether administrators may export the user’s private data', false),
  {
    level: 294,
    endpoints: ['POST /register', 'GET /events', 'GET /user_groups', 'DELETE /user_groups/{user_group_id}'],
    change:
      'The include_deactivated_groups client capability; allow_deactivated of GET /user_groups renamed include_deactivated_groups; DELETE /user_groups/{user_group_id} removed.',
    status: 'approximate',
    note: 'request walks: between 290 and 293 every client reads as having the capability (deactivated groups are sent, with an update event on deactivation), below 290 none does; endpoints/legacy/fl294-delete-user-group.ts deactivates the group instead of deleting it (clients without the capability get the remove event the deletion sent; the group stays, deactivated)',
    downgrade: {
      removesEndpoints: [fl294DeleteUserGroup],
      addsParams: { 'get-user-groups': ['include_deactivated_groups'] },
      request: {
        'register-queue': (params, state) => withCapability(params, 'include_deactivated_groups', state.featureLevel >= 290 ? true : undefined),
        // Below 290 allow_deactivated stays unknown, so the newest endpoint reports it ignored.
        'get-user-groups': (params, state) => {
          if (!('allow_deactivated' in params) || state.featureLevel < 290) return params;
          const { allow_deactivated: value, ...rest } = params;
          return { ...rest, include_deactivated_groups: value! };
        },
      },
    },
  },
  {
    level: 295,
    endpoints: ['GET /export/realm/consents', '/api/v1/tus'],
    change: 'GET /export/realm/consents; the tus resumable-upload endpoint.',
    status: 'implemented',
    note: 'declared: get-realm-export-consents is an unknown path below the level; chatref serves no tus endpoint at any level',
    downgrade: { addsEndpoints: ['get-realm-export-consents'] },
  },
  {
    level: 296,
    endpoints: ['POST /realm/profile_fields', 'GET /realm/profile_fields', 'POST /register', 'GET /events'],
    change: 'editable_by_user in custom profile field objects and parameters.',
    status: 'implemented',
    note: 'declared: parameter, and the key dropped from register, GET /realm/profile_fields and custom_profile_fields events',
    downgrade: {
      addsParams: { 'create-custom-profile-field': ['editable_by_user'], 'update-custom-profile-field': ['editable_by_user'] },
      ...profileFields(without(['editable_by_user'])),
    },
  },
  {
    level: 297,
    endpoints: ['GET /saved_snippets', 'POST /saved_snippets', 'DELETE /saved_snippets/{saved_snippet_id}', 'POST /register', 'GET /events'],
    change: 'Saved snippets: the endpoints, saved_snippets in register and saved_snippets events.',
    status: 'implemented',
    note: 'declared endpoints and event type; endpoints/register/fetch-types.ts keySince (SAVED_SNIPPETS_FEATURE_LEVEL); editing them came later (its own row)',
    downgrade: { addsEndpoints: ['get-saved-snippets', 'create-saved-snippet', 'delete-saved-snippet'], addsEventTypes: ['saved_snippets'] },
  },
  {
    level: 298,
    endpoints: ['POST /user_groups/{user_group_id}/deactivate'],
    change: 'A group in use fails with CANNOT_DEACTIVATE_GROUP_IN_USE and the objections.',
    status: 'approximate',
    note: 'error walk: below the level the same message with code BAD_REQUEST and no objections (the message of the level below is assumed unchanged)',
    downgrade: {
      error: {
        // Every endpoint, so that the legacy DELETE /user_groups/{id} (below 294) answers the same.
        '*': withoutInUseCode,
      },
    },
  },
  realmGroupSetting(299, ['can_create_groups', 'can_manage_all_groups'], 'user_group_edit_policy'),
  {
    level: 300,
    endpoints: ['GET /messages'],
    change: 'The message_ids parameter.',
    status: 'implemented',
    note: 'declared: parameter',
    downgrade: { addsParams: { 'get-messages': ['message_ids'] } },
  },
  userGroupSetting(301, 'can_join_group', 'whose members may join the group'),
  {
    level: 302,
    endpoints: ['GET /users/{email}'],
    change: 'Which emails find a user follows the email visibility setting more closely.',
    status: 'approximate',
    note: 'chatref looks users up by the rules of this level at every level (rules/users.ts)',
  },
  {
    level: 303,
    endpoints: ['GET /user_groups', 'GET /user_groups/{user_group_id}/members', 'POST /register', 'GET /events'],
    change: 'Deactivated users are no longer members of groups, nor in anonymous group-setting values; membership events on (de)activation.',
    status: 'approximate',
    note: 'chatref leaves deactivated users out of groups and settings at every level (present/user-group.ts, rules/group-settings.ts presentGroupSetting) and sends the membership events at every level',
  },
  {
    level: 304,
    endpoints: ['GET /export/realm', 'POST /export/realm', 'GET /events'],
    change: 'export_type of exports and of POST /export/realm.',
    status: 'implemented',
    note: 'declared: parameter, and the key dropped from GET /export/realm exports',
    downgrade: {
      addsParams: { 'export-realm': ['export_type'] },
      response: { 'get-realm-exports': (body) => editKey(body, 'exports', (list) => editEach(list, (item) => omitKeys(item, ['export_type']))) },
      event: { realm_export: (event) => editKey(event, 'exports', (list) => editEach(list, (item) => omitKeys(item, ['export_type']))) },
    },
  },
  {
    ...userGroupSetting(305, 'can_add_members_group', 'who may add members'),
    note: 'declared: parameter and group object key; below the level chatref still decides the permission from the stored can_add_members_group (its default), and can_manage_all_groups keeps its newer meaning',
  },
  {
    level: 306,
    endpoints: ['GET /events'],
    change: 'realm/update lost extra_data (plan_type changes use update_dict, with max_file_upload_size_mib).',
    status: 'nothing-to-do',
    note: 'chatref never changes plan_type, so sends neither form',
  },
  realmGroupSetting(307, ['can_add_custom_emoji_group'], 'add_custom_emoji_policy'),
  userGroupSetting(308, 'can_leave_group', 'whose members may leave the group'),
  {
    level: 309,
    endpoints: ['group-setting values'],
    change:
      'Group-setting values may be any named group or an anonymous group; before, production servers took only system groups (can_mention_group excepted).',
    status: 'implemented',
    note: 'rules/feature-levels.ts takesOnlySystemGroups, read by rules/group-settings.ts checkGroupSettingValue: SystemGroupRequired below the level',
  },
  realmGroupSetting(310, ['can_move_messages_between_channels_group'], 'move_messages_between_streams_policy'),
  {
    level: 311,
    endpoints: ['POST /user_groups/{user_group_id}/members', 'POST /user_groups/create'],
    change: 'add_subgroups and delete_subgroups on members; subgroups on create.',
    status: 'implemented',
    note: 'declared: parameters',
    downgrade: { addsParams: { 'update-user-group-members': ['add_subgroups', 'delete_subgroups'], 'create-user-group': ['subgroups'] } },
  },
  {
    level: 312,
    endpoints: ['GET /events'],
    change: 'realm_export_consent events.',
    status: 'nothing-to-do',
    note: 'declared event type; chatref sends no realm_export_consent events at any level',
    downgrade: { addsEventTypes: ['realm_export_consent'] },
  },
  {
    level: 313,
    endpoints: ['PATCH /users/{user_id}', 'PATCH /users/{email}'],
    change: 'new_email on PATCH /users/{user_id}; PATCH /users/{email}.',
    status: 'implemented',
    note: 'declared: parameter and endpoint',
    downgrade: { addsEndpoints: ['update-user-by-email'], addsParams: { 'update-user': ['new_email'] } },
  },
  {
    level: 314,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'create_multiuse_invite_group and can_access_all_users_group became group-setting values; before, a group id.',
    status: 'approximate',
    note: 'rules/feature-levels.ts takesOnlyGroupIds refuses anonymous values below the level; register and update_dict show a stored anonymous value as role:nobody’s id; PATCH /realm takes the old bare group id (the request walk wraps it as {"new": id})',
    downgrade: {
      request: {
        'update-realm': (params) => {
          let walked = params;
          for (const setting of ['create_multiuse_invite_group', 'can_access_all_users_group']) {
            const raw = walked[setting];
            if (raw === undefined || !/^-?[0-9]+$/.test(raw.trim())) continue;
            walked = { ...walked, [setting]: JSON.stringify({ new: Number(raw) }) };
          }
          return walked;
        },
      },
      response: {
        'register-queue': atTop(['realm_create_multiuse_invite_group', 'realm_can_access_all_users_group'], (body, { state }) =>
          editKey(
            editKey(body, 'realm_create_multiuse_invite_group', (value) => plainGroupId(state, value)),
            'realm_can_access_all_users_group',
            (value) => plainGroupId(state, value),
          ),
        ),
      },
    },
  },
  {
    level: 315,
    endpoints: ['POST /register', 'GET /streams', 'GET /streams/{stream_id}', 'GET /users/me/subscriptions', 'GET /events'],
    change: 'is_archived in channel and subscription objects; exclude_archived of GET /streams; the archived_channels client capability.',
    status: 'approximate',
    note: 'declared key and parameter; the capability reads as absent below the level (request walk), so archived channels are left out; GET /streams without exclude_archived lists archived channels from this level on only',
    downgrade: {
      addsParams: { 'get-streams': ['exclude_archived'] },
      request: {
        'register-queue': (params) => withCapability(params, 'archived_channels', undefined),
        'get-streams': (params) => ({ ...params, exclude_archived: 'true' }),
      },
      ...channelKeysAdded(['is_archived']),
    },
  },
  realmGroupSetting(316, ['can_move_messages_between_topics_group'], 'edit_topic_policy'),
  {
    level: 317,
    endpoints: ['POST /user_groups/create'],
    change: 'group_id in the response.',
    status: 'implemented',
    note: 'declared: response key',
    downgrade: { addsResponseKeys: { 'create-user-group': ['group_id'] } },
  },
  {
    level: 318,
    endpoints: ['POST /register'],
    change: 'config of realm_incoming_webhook_bots renamed config_options.',
    status: 'nothing-to-do',
    note: 'chatref lists no incoming webhook integrations (realm_incoming_webhook_bots is empty)',
  },
  {
    level: 319,
    endpoints: ['Markdown'],
    change: 'The message-link format for links to messages.',
    status: 'approximate',
    note: 'chatref renders message links the newest way at every level (markdown/zulip/channel-links.ts)',
  },
  {
    level: 320,
    endpoints: ['POST /users/me/subscriptions', 'PATCH /streams/{stream_id}', 'GET /streams', 'POST /register', 'GET /events'],
    change: 'can_remove_subscribers_group became a group-setting value; before, a group id.',
    status: 'approximate',
    note: 'rules/feature-levels.ts takesOnlyGroupIds refuses anonymous values below the level; a stored anonymous value reads as role:nobody’s id in answers (events carry it unchanged)',
    downgrade: {
      response: channelObjects((channel, state) =>
        state === null ? channel : editKey(channel, 'can_remove_subscribers_group', (value) => plainGroupId(state, value)),
      ).response!,
    },
  },
  realmGroupSetting(321, ['can_invite_users_group'], 'invite_to_realm_policy'),
  {
    level: 322,
    endpoints: ['POST /invites', 'POST /invites/multiuse'],
    change: 'The group_ids parameter.',
    status: 'implemented',
    note: 'declared: parameter',
    downgrade: { addsParams: { 'send-invites': ['group_ids'], 'create-invite-link': ['group_ids'] } },
  },
  {
    level: 323,
    endpoints: ['POST /register', 'GET /streams', 'GET /streams/{stream_id}', 'GET /events'],
    change: 'is_recently_active in channel objects.',
    status: 'implemented',
    note: 'declared: channel object key and its stream update events',
    downgrade: channelKeysAdded(['is_recently_active']),
  },
  userGroupSetting(324, 'can_remove_members_group', 'who may remove members'),
  {
    level: 325,
    endpoints: ['POST /users/me/subscriptions', 'PATCH /streams/{stream_id}', 'GET /streams', 'POST /register', 'GET /events'],
    change: 'The channel setting can_administer_channel_group.',
    status: 'approximate',
    note: 'declared: parameter, channel object key and its stream update events; below the level chatref still lets the stored value (its default) grant administration',
    downgrade: {
      addsParams: { subscribe: ['can_administer_channel_group'], 'update-stream': ['can_administer_channel_group'] },
      ...channelKeysAdded(['can_administer_channel_group']),
    },
  },
  {
    level: 326,
    endpoints: ['POST /register'],
    change: 'allow_owners_group and id_field_name left server_supported_permission_settings.',
    status: 'nothing-to-do',
    note: 'chatref does not send server_supported_permission_settings',
  },
  {
    level: 327,
    endpoints: ['GET /messages', 'GET /messages/{message_id}', 'GET /events'],
    change: 'recipient_id of an incoming 1:1 direct message is that of the conversation as the reader sends to it.',
    status: 'approximate',
    note: 'chatref gives the newest recipient_id at every level (present/message.ts)',
  },
  {
    level: 328,
    endpoints: ['GET /messages', 'GET /events'],
    change: 'The deprecated user object left reactions.',
    status: 'approximate',
    note: 'response walk adds user {id, email, full_name} back to the reactions of GET /messages and GET /messages/{id}; reaction events keep theirs at every level (level 339 restored it there)',
    downgrade: {
      response: {
        'get-messages': (body, { state }) => editKey(body, 'messages', (list) => editEach(list, (message) => withReactionUsers(state, message))),
        'get-message': (body, { state }) => editKey(body, 'message', (message) => withReactionUsers(state, message as Json)),
      },
    },
  },
  userSetting(329, 'web_suggest_update_timezone', 'offer to update the profile time zone', true),
  {
    level: 330,
    endpoints: ['POST /register', 'GET /events'],
    change: 'Default channels (and default channel groups) are channel ids; before, channel objects.',
    status: 'approximate',
    note: 'register’s realm_default_streams walks back to channel objects (present/channel.ts); and so do default_streams events; default channel groups are always empty',
    downgrade: {
      response: {
        'register-queue': atTop(['realm_default_streams'], (body, { state }) =>
          editKey(body, 'realm_default_streams', (ids) => (Array.isArray(ids) ? defaultChannelObjects(state, ids) : ids)),
        ),
      },
      event: {
        default_streams: (event, state) => editKey(event, 'default_streams', (ids) => (Array.isArray(ids) ? defaultChannelObjects(state, ids) : ids)),
      },
    },
  },
  {
    level: 331,
    endpoints: ['PATCH /realm', 'POST /register', 'GET /events'],
    change: 'The realm setting moderation_request_channel_id.',
    status: 'implemented',
    note: 'declared: parameter, register key and update_dict key',
    downgrade: {
      addsParams: { 'update-realm': ['moderation_request_channel_id'] },
      addsResponseKeys: { 'register-queue': ['realm_moderation_request_channel_id'] },
      event: { realm: realmEventWithout(['moderation_request_channel_id']) },
    },
  },
  {
    level: 332,
    endpoints: ['POST /register', 'POST /realm/deactivate'],
    change: 'server_min/max_deactivated_realm_deletion_days; deletion_delay_days of POST /realm/deactivate.',
    status: 'implemented',
    note: 'declared: register keys; chatref has no POST /realm/deactivate',
    downgrade: { addsResponseKeys: { 'register-queue': ['server_min_deactivated_realm_deletion_days', 'server_max_deactivated_realm_deletion_days'] } },
  },
  {
    level: 333,
    endpoints: ['POST /users/me/subscriptions', 'PATCH /streams/{stream_id}', 'GET /streams', 'POST /register', 'GET /events', 'Markdown'],
    change:
      'The channel setting can_send_message_group; stream_post_policy and is_announcement_only stopped being parameters of subscribe and update; system groups can be silently mentioned.',
    status: 'approximate',
    note: 'declared key and parameter; rules/feature-levels.ts channelPostPolicyParam turns stream_post_policy (or is_announcement_only) into the group it names below the level; silent mentions of system groups render at every level',
    downgrade: {
      addsParams: { subscribe: ['can_send_message_group'], 'update-stream': ['can_send_message_group'] },
      request: {
        subscribe: (params, state) => channelPostPolicyParam(state, params, 'value'),
        'update-stream': (params, state) => channelPostPolicyParam(state, params, 'change'),
      },
      ...channelKeysAdded(['can_send_message_group']),
    },
  },
  {
    level: 334,
    endpoints: [
      'POST /register',
      'GET /events',
      'GET /messages',
      'GET /messages/{message_id}',
      'GET /messages/{message_id}/history',
      'GET /users/me/{stream_id}/topics',
    ],
    change: 'Empty topic names: realm_empty_topic_display_name, the empty_topic_name client capability, allow_empty_topic_name.',
    status: 'approximate',
    note: 'declared key and parameters; the capability reads as absent below the level (request walk), so an empty topic shows as the display name, which chatref names as the newest server does (the level below stored “(no topic)” instead)',
    downgrade: {
      addsResponseKeys: { 'register-queue': ['realm_empty_topic_display_name'] },
      addsParams: {
        'get-messages': ['allow_empty_topic_name'],
        'get-message': ['allow_empty_topic_name'],
        'get-message-history': ['allow_empty_topic_name'],
        'get-stream-topics': ['allow_empty_topic_name'],
      },
      request: { 'register-queue': (params) => withCapability(params, 'empty_topic_name', undefined) },
    },
  },
];

/** A message's reactions with the user object the level below still sent. */
function withReactionUsers(state: State, message: Json): Json {
  return editKey(message, 'reactions', (list) =>
    editEach(list, (reaction) => {
      if ('user' in reaction) return reaction;
      const user = getRow(state.users, Number(reaction['user_id']));
      if (user === undefined) return reaction;
      return { ...reaction, user: { id: user.id, email: apiEmail(state, user), full_name: user.fullName } };
    }),
  );
}
