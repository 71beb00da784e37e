import { z } from 'zod';
import { changeRealmSetting, type RealmSettingChange } from '../../actions/realm.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { groupSettingChangeParam } from '../../params/group-setting.js';
import { json, maxChars, wire } from '../../params/wire.js';
import { presentGroupSetting } from '../../rules/group-settings.js';
import {
  canChangeRealmSetting,
  checkDefaultLanguage,
  checkGiphyRating,
  checkRealmChannelSetting,
  checkRealmGroupSettingChange,
  checkVideoChatProvider,
  MAX_REALM_DESCRIPTION_LENGTH,
  MAX_REALM_NAME_LENGTH,
  MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH,
  ORG_TYPES,
  OWNER_ONLY_REALM_PARAMETERS,
  parseJitsiServerUrl,
  parseRealmRetentionDays,
  parseTimeLimitSetting,
  REALM_CHANNEL_SETTINGS,
  REALM_GROUP_SETTING_ORDER,
  REALM_PROPERTIES,
  type RealmChannelSettingName,
  type RealmPropertyName,
} from '../../rules/realm-settings.js';
import type { GroupSettingValue, RealmGroupSettingName, RealmSettings } from '../../state.js';

const bool = () => wire.bool().optional();
const groupChange = () => groupSettingChangeParam().optional();
/** A JSON integer, or a JSON string naming a special value ("unlimited"). */
const intOrSpecial = () => json(z.union([z.int(), z.string()])).optional();
const oneOf = (values: readonly number[]) => json(z.int().refine((value) => values.includes(value))).optional();

export const updateRealmParams = z.object({
  allow_message_editing: bool(),
  avatar_changes_disabled: bool(),
  can_access_all_users_group: groupChange(),
  can_add_custom_emoji_group: groupChange(),
  can_add_subscribers_group: groupChange(),
  can_create_bots_group: groupChange(),
  can_create_groups: groupChange(),
  can_create_private_channel_group: groupChange(),
  can_create_public_channel_group: groupChange(),
  can_create_web_public_channel_group: groupChange(),
  can_create_write_only_bots_group: groupChange(),
  can_delete_any_message_group: groupChange(),
  can_delete_own_message_group: groupChange(),
  can_invite_users_group: groupChange(),
  can_manage_all_groups: groupChange(),
  can_manage_billing_group: groupChange(),
  can_mention_many_users_group: groupChange(),
  can_move_messages_between_channels_group: groupChange(),
  can_move_messages_between_topics_group: groupChange(),
  can_resolve_topics_group: groupChange(),
  can_set_delete_message_policy_group: groupChange(),
  can_set_topics_policy_group: groupChange(),
  can_summarize_topics_group: groupChange(),
  create_multiuse_invite_group: groupChange(),
  default_code_block_language: z.string().optional(),
  default_language: z.string().optional(),
  description: maxChars(MAX_REALM_DESCRIPTION_LENGTH).optional(),
  digest_emails_enabled: bool(),
  digest_weekday: oneOf([0, 1, 2, 3, 4, 5, 6]),
  direct_message_initiator_group: groupChange(),
  direct_message_permission_group: groupChange(),
  disallow_disposable_email_addresses: bool(),
  email_changes_disabled: bool(),
  emails_restricted_to_domains: bool(),
  enable_guest_user_dm_warning: bool(),
  enable_guest_user_indicator: bool(),
  enable_read_receipts: bool(),
  enable_spectator_access: bool(),
  giphy_rating: wire.int().optional(),
  inline_image_preview: bool(),
  inline_url_embed_preview: bool(),
  invite_required: bool(),
  jitsi_server_url: json(z.string()).optional(),
  message_content_allowed_in_email_notifications: bool(),
  message_content_delete_limit_seconds: intOrSpecial(),
  message_content_edit_limit_seconds: intOrSpecial(),
  message_edit_history_visibility_policy: z.enum(['all', 'moves', 'none']).optional(),
  message_retention_days: intOrSpecial(),
  moderation_request_channel_id: wire.int().optional(),
  move_messages_between_streams_limit_seconds: intOrSpecial(),
  move_messages_within_stream_limit_seconds: intOrSpecial(),
  name: maxChars(MAX_REALM_NAME_LENGTH).optional(),
  name_changes_disabled: bool(),
  new_stream_announcements_stream_id: wire.int().optional(),
  org_type: oneOf(ORG_TYPES),
  require_e2ee_push_notifications: bool(),
  require_unique_names: bool(),
  send_channel_events_messages: bool(),
  send_welcome_emails: bool(),
  signup_announcements_stream_id: wire.int().optional(),
  topics_policy: z.enum(['allow_empty_topic', 'disable_empty_topic']).optional(),
  video_chat_provider: wire.int().optional(),
  waiting_period_threshold: json(z.int().min(0)).optional(),
  want_advertise_in_communities_directory: bool(),
  welcome_message_custom_text: maxChars(MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH).optional(),
  zulip_update_announcements_stream_id: wire.int().optional(),
});

type Params = z.output<typeof updateRealmParams>;
type PropertyValue = RealmSettings[(typeof REALM_PROPERTIES)[RealmPropertyName]];

const TIME_LIMITS = [
  'message_content_delete_limit_seconds',
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
] as const;

const PARSED_PROPERTIES: ReadonlySet<string> = new Set([...TIME_LIMITS, 'message_retention_days', 'jitsi_server_url']);

/** Settings whose changed value the response reports as "updated" rather than the value, as the real server does for text. */
const TEXT_PROPERTIES: ReadonlySet<string> = new Set([
  'default_code_block_language',
  'default_language',
  'description',
  'jitsi_server_url',
  'welcome_message_custom_text',
]);

/**
 * PATCH /realm: the organization's settings, by administrators (owners for a
 * few). Every value is checked before anything changes; the response lists
 * the settings that actually changed, as the real server's does.
 */
export const updateRealm = defineEndpoint({
  operation: 'update-realm',
  method: 'PATCH',
  path: '/realm',
  auth: 'basic',
  requiresAdministrator: true,
  params: updateRealmParams,
  reduce(state, { actor, params, now }) {
    const current = state.realm.settings;

    if (params.default_language !== undefined) {
      const language = checkDefaultLanguage(params.default_language);
      if (!language.ok) return fail(language.error);
    }
    if (params.video_chat_provider !== undefined) {
      const provider = checkVideoChatProvider(params.video_chat_provider);
      if (!provider.ok) return fail(provider.error);
    }
    if (params.giphy_rating !== undefined) {
      const rating = checkGiphyRating(params.giphy_rating);
      if (!rating.ok) return fail(rating.error);
    }
    for (const parameter of OWNER_ONLY_REALM_PARAMETERS) {
      if (params[parameter as keyof Params] !== undefined && !canChangeRealmSetting(actor, parameter)) return fail(Errors.mustBe('owner'));
    }

    // Plain properties: the parsed new value of each one given.
    const values: Partial<Record<RealmPropertyName, PropertyValue>> = {};
    for (const name of Object.keys(REALM_PROPERTIES) as RealmPropertyName[]) {
      const raw = params[name];
      if (raw !== undefined && !PARSED_PROPERTIES.has(name)) values[name] = raw as PropertyValue;
    }
    if (params.message_retention_days !== undefined) {
      const days = parseRealmRetentionDays(params.message_retention_days);
      if (!days.ok) return fail(days.error);
      values.message_retention_days = days.value;
    }
    for (const name of TIME_LIMITS) {
      const raw = params[name];
      if (raw === undefined) continue;
      const limit = parseTimeLimitSetting(name, raw);
      if (!limit.ok) return fail(limit.error);
      values[name] = limit.value;
    }
    if (params.jitsi_server_url !== undefined) {
      const url = parseJitsiServerUrl(params.jitsi_server_url);
      if (!url.ok) return fail(url.error);
      values.jitsi_server_url = url.value;
    }

    const groups: Partial<Record<RealmGroupSettingName, GroupSettingValue>> = {};
    for (const setting of REALM_GROUP_SETTING_ORDER) {
      const change = params[setting];
      if (change === undefined) continue;
      const checked = checkRealmGroupSettingChange(state, setting, change);
      if (!checked.ok) return fail(checked.error);
      if (checked.value !== undefined) groups[setting] = checked.value;
    }

    const channels: Partial<Record<RealmChannelSettingName, number | null>> = {};
    const channelRequests: Partial<Record<RealmChannelSettingName, number>> = {};
    for (const name of Object.keys(REALM_CHANNEL_SETTINGS) as RealmChannelSettingName[]) {
      const requested = params[name];
      if (requested === undefined || requested === current[REALM_CHANNEL_SETTINGS[name]]) continue;
      const channel = checkRealmChannelSetting(state, actor, requested, now);
      if (!channel.ok) return fail(channel.error);
      if (channel.value === current[REALM_CHANNEL_SETTINGS[name]]) continue;
      channels[name] = channel.value;
      channelRequests[name] = requested;
    }

    // Only what differs from the current value changes and is reported; the events follow this order.
    const changes: RealmSettingChange[] = [];
    const reported: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values) as [RealmPropertyName, PropertyValue][]) {
      const key = REALM_PROPERTIES[name];
      if (current[key] === value) continue;
      changes.push({ kind: 'field', name, key, value });
      reported[name] = TEXT_PROPERTIES.has(name) && typeof value === 'string' ? 'updated' : value;
    }
    if (params.name !== undefined && params.name !== state.realm.name) {
      changes.push({ kind: 'name', name: 'name', value: params.name });
      reported['name'] = 'updated';
    }
    for (const [setting, value] of Object.entries(groups) as [RealmGroupSettingName, GroupSettingValue][]) {
      changes.push({ kind: 'group', name: setting, value });
      reported[setting] = presentGroupSetting(state, value);
    }
    for (const [name, value] of Object.entries(channels) as [RealmChannelSettingName, number | null][]) {
      changes.push({ kind: 'field', name, key: REALM_CHANNEL_SETTINGS[name], value });
      reported[name] = channelRequests[name];
    }

    if (changes.length === 0) return succeed(state);
    const written = commit(state, now, (tx) => {
      for (const change of changes) changeRealmSetting(tx, change);
    });
    return succeed(written, reported);
  },
});
