/**
 * The organization's defaults for new users' settings (the real server's
 * RealmUserDefault): which settings an administrator may set, and their values.
 */
import type { State, User } from '../state.js';
import { isUserSettingName, USER_SETTINGS, type UserSettingName, type UserSettingValue, userSettingSpec, withUserSetting } from './user-settings.js';

/**
 * The parameters of PATCH /realm/user_settings_defaults, in the real
 * server's order: every setting but the security-sensitive login and
 * marketing e-mails, private data export, the language and the time zone.
 */
export const REALM_DEFAULT_SETTING_PARAMETERS: readonly UserSettingName[] = [
  'automatically_follow_topics_policy',
  'automatically_follow_topics_where_mentioned',
  'automatically_unmute_topics_in_muted_streams_policy',
  'color_scheme',
  'demote_inactive_streams',
  'desktop_icon_count_display',
  'display_emoji_reaction_users',
  'email_address_visibility',
  'email_notifications_batching_period_seconds',
  'emojiset',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_drafts_synchronization',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enter_sends',
  'fluid_layout_width',
  'hide_ai_features',
  'high_contrast_mode',
  'left_side_userlist',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'receives_typing_notifications',
  'resolved_topic_notice_auto_read_policy',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
  'user_list_style',
  'web_animate_image_previews',
  'web_channel_default_view',
  'web_escape_navigates_to_home_view',
  'web_font_size_px',
  'web_home_view',
  'web_inbox_show_channel_folders',
  'web_left_sidebar_show_channel_folders',
  'web_left_sidebar_unreads_count_summary',
  'web_line_height_percent',
  'web_mark_read_on_scroll_policy',
  'web_navigate_to_sent_message',
  'web_stream_unreads_count_display_policy',
  'web_suggest_update_timezone',
  'wildcard_mentions_notify',
];

/** The settings register lists under realm_user_settings_defaults: every setting but the time zone. */
export const REALM_DEFAULT_SETTING_NAMES: readonly UserSettingName[] = USER_SETTINGS.map((setting) => setting.name).filter((name) => name !== 'timezone');

export function readRealmUserDefault(state: State, name: UserSettingName): UserSettingValue {
  return state.realmUserSettingsDefaults[name] ?? userSettingSpec(name)!.default;
}

/** A new account (a user or a bot) with the organization's defaults for new users applied, as the real server's copy_default_settings does. */
export function withRealmUserDefaults(state: State, user: User): User {
  let next = user;
  for (const [name, value] of Object.entries(state.realmUserSettingsDefaults)) {
    if (isUserSettingName(name)) next = withUserSetting(next, name, value, false);
  }
  return next;
}
