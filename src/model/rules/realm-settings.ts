/**
 * The organization's settings as PATCH /realm changes them and POST /register
 * reports them: which API name maps to which stored field, who may change
 * what (administrators; owners for a few), and the value rules the real
 * server applies beyond the parameter types.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { GroupSettingInput } from '../params/group-setting.js';
import type { GroupSettingValue, RealmGroupSettingName, RealmSettings, State, User } from '../state.js';
import { accessChannelById } from './channels.js';
import { checkGroupSettingChange } from './group-settings.js';
import { REALM_GROUP_SETTINGS } from './realm-group-settings.js';
import { isAdministrator, isOwner } from './roles.js';

/** Realm.MAX_REALM_NAME_LENGTH, MAX_REALM_DESCRIPTION_LENGTH, MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH. */
export const MAX_REALM_NAME_LENGTH = 40;
export const MAX_REALM_DESCRIPTION_LENGTH = 1000;
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;
export const JITSI_SERVER_URL_MAX_LENGTH = 200;
/** The server's own Jitsi server (the JITSI_SERVER_URL setting's default). */
export const SERVER_JITSI_SERVER_URL = 'https://meet.jit.si';

/** The settings stored as plain fields, by API name (register reports each as `realm_<name>`). */
export const REALM_PROPERTIES = {
  allow_message_editing: 'allowMessageEditing',
  avatar_changes_disabled: 'avatarChangesDisabled',
  default_code_block_language: 'defaultCodeBlockLanguage',
  default_language: 'defaultLanguage',
  description: 'description',
  digest_emails_enabled: 'digestEmailsEnabled',
  digest_weekday: 'digestWeekday',
  disallow_disposable_email_addresses: 'disallowDisposableEmailAddresses',
  email_changes_disabled: 'emailChangesDisabled',
  emails_restricted_to_domains: 'emailsRestrictedToDomains',
  enable_guest_user_dm_warning: 'enableGuestUserDmWarning',
  enable_guest_user_indicator: 'enableGuestUserIndicator',
  enable_read_receipts: 'enableReadReceipts',
  enable_spectator_access: 'enableSpectatorAccess',
  giphy_rating: 'giphyRating',
  inline_image_preview: 'inlineImagePreview',
  inline_url_embed_preview: 'inlineUrlEmbedPreview',
  invite_required: 'inviteRequired',
  jitsi_server_url: 'jitsiServerUrl',
  message_content_allowed_in_email_notifications: 'messageContentAllowedInEmailNotifications',
  message_content_delete_limit_seconds: 'messageContentDeleteLimitSeconds',
  message_content_edit_limit_seconds: 'messageContentEditLimitSeconds',
  message_edit_history_visibility_policy: 'messageEditHistoryVisibilityPolicy',
  message_retention_days: 'messageRetentionDays',
  move_messages_between_streams_limit_seconds: 'moveMessagesBetweenStreamsLimitSeconds',
  move_messages_within_stream_limit_seconds: 'moveMessagesWithinStreamLimitSeconds',
  name_changes_disabled: 'nameChangesDisabled',
  org_type: 'orgType',
  require_e2ee_push_notifications: 'requireE2eePushNotifications',
  require_unique_names: 'requireUniqueNames',
  send_channel_events_messages: 'sendChannelEventsMessages',
  send_welcome_emails: 'sendWelcomeEmails',
  topics_policy: 'topicsPolicy',
  video_chat_provider: 'videoChatProvider',
  waiting_period_threshold: 'waitingPeriodThreshold',
  want_advertise_in_communities_directory: 'wantAdvertiseInCommunitiesDirectory',
  welcome_message_custom_text: 'welcomeMessageCustomText',
} as const satisfies Record<string, keyof RealmSettings>;

export type RealmPropertyName = keyof typeof REALM_PROPERTIES;

/** The channel-valued settings: -1 (any negative number) unsets them; register reports -1 when unset. */
export const REALM_CHANNEL_SETTINGS = {
  moderation_request_channel_id: 'moderationRequestChannelId',
  new_stream_announcements_stream_id: 'newStreamAnnouncementsStreamId',
  signup_announcements_stream_id: 'signupAnnouncementsStreamId',
  zulip_update_announcements_stream_id: 'zulipUpdateAnnouncementsStreamId',
} as const satisfies Record<string, keyof RealmSettings>;

export type RealmChannelSettingName = keyof typeof REALM_CHANNEL_SETTINGS;

/** The order the real server walks its group settings in (the first failing one is reported). */
export const REALM_GROUP_SETTING_ORDER: readonly RealmGroupSettingName[] = [
  'create_multiuse_invite_group',
  'can_access_all_users_group',
  'can_add_subscribers_group',
  'can_add_custom_emoji_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
];

/**
 * Parameters only organization owners may change; every other one needs an
 * administrator (PATCH /realm checks that before anything else).
 */
export const OWNER_ONLY_REALM_PARAMETERS: ReadonlySet<string> = new Set([
  'message_retention_days',
  'invite_required',
  'create_multiuse_invite_group',
  'can_create_groups',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
  'emails_restricted_to_domains',
  'disallow_disposable_email_addresses',
  'waiting_period_threshold',
]);

/** Whether the actor may change this setting: owners always, administrators all but the owner-only ones. */
export function canChangeRealmSetting(actor: User, parameter: string): boolean {
  if (isOwner(actor)) return true;
  return isAdministrator(actor) && !OWNER_ONLY_REALM_PARAMETERS.has(parameter);
}

/** get_available_language_codes(): the languages the real server ships translations for. */
export const AVAILABLE_LANGUAGES: ReadonlySet<string> = new Set([
  'ar',
  'be',
  'bg',
  'bn',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en',
  'en-gb',
  'eo',
  'es',
  'fa',
  'fi',
  'fr',
  'gl',
  'gu',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ml',
  'mn',
  'nl',
  'no',
  'pa',
  'pl',
  'pt',
  'pt-br',
  'pt-pt',
  'ro',
  'ru',
  'si',
  'sr',
  'sv',
  'ta',
  'te',
  'tl',
  'tr',
  'uk',
  'uz',
  'vi',
  'zh-hans',
  'zh-hant',
  'zh-tw',
]);

/** The video providers a server without Zoom or BigBlueButton credentials offers: none and Jitsi Meet. */
export const VIDEO_CHAT_PROVIDERS = {
  disabled: { name: 'None', id: 0 },
  jitsi_meet: { name: 'Jitsi Meet', id: 1 },
} as const;

export const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
} as const;

/** OrgTypeEnum ids. */
export const ORG_TYPES = [0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100, 1000] as const;

export function checkDefaultLanguage(language: string): Checked<string> {
  return AVAILABLE_LANGUAGES.has(language) ? accept(language) : reject(Errors.invalidLanguage(language));
}

export function checkVideoChatProvider(provider: number): Checked<number> {
  const ids: readonly number[] = Object.values(VIDEO_CHAT_PROVIDERS).map((entry) => entry.id);
  return ids.includes(provider) ? accept(provider) : reject(Errors.invalidVideoChatProvider(provider));
}

export function checkGiphyRating(rating: number): Checked<number> {
  const ids: readonly number[] = Object.values(GIPHY_RATING_OPTIONS).map((entry) => entry.id);
  return ids.includes(rating) ? accept(rating) : reject(Errors.invalidGiphyRating(rating));
}

/** A message time limit: a positive number of seconds, or "unlimited" (stored as null). */
export function parseTimeLimitSetting(name: string, value: number | string): Checked<number | null> {
  if (value === 'unlimited') return accept(null);
  if (typeof value === 'string' || value <= 0) return reject(Errors.badValue(name, value));
  return accept(value);
}

/** The organization's retention: a positive number of days, or "unlimited" (stored as -1). */
export function parseRealmRetentionDays(value: number | string): Checked<number> {
  if (value === 'unlimited') return accept(-1);
  if (typeof value === 'string' || value <= 0) return reject(Errors.badValue('message_retention_days', value));
  return accept(value);
}

/** jitsi_server_url: "default" goes back to the server's; otherwise an http(s) URL of at most 200 characters. */
export function parseJitsiServerUrl(value: string): Checked<string | null> {
  if (value === 'default') return accept(null);
  let valid = value.length <= JITSI_SERVER_URL_MAX_LENGTH;
  if (valid) {
    try {
      const url = new URL(value);
      valid = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      valid = false;
    }
  }
  return valid ? accept(value) : reject(Errors.invalidJitsiServerUrl());
}

/**
 * A `{new, old?}` change of an organization group setting: `old`, when given,
 * must equal the current value (EXPECTATION_MISMATCH otherwise); a value equal
 * to the current one changes nothing (undefined); a new value must pass the
 * setting's rules.
 */
export function checkRealmGroupSettingChange(
  state: State,
  setting: RealmGroupSettingName,
  change: { readonly new: GroupSettingInput; readonly old?: GroupSettingInput | undefined },
): Checked<GroupSettingValue | undefined> {
  return checkGroupSettingChange(state, setting, REALM_GROUP_SETTINGS[setting], state.realm.settings.groups[setting], change);
}

/**
 * A channel for a channel-valued setting: negative ids unset it (null); any
 * other id must name a channel the actor may know of, else "Invalid channel ID".
 */
export function checkRealmChannelSetting(state: State, actor: User, channelId: number, now: number): Checked<number | null> {
  if (channelId < 0) return accept(null);
  const channel = accessChannelById(state, actor, channelId, now);
  return channel.ok ? accept(channel.value.id) : reject(channel.error);
}

/** A channel-valued setting as register reports it: the id, or -1 when unset. */
export function presentRealmChannelSetting(value: number | null): number {
  return value ?? -1;
}
