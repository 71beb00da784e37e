/** The `realm` part of POST /register: settings (as realm_<name>), server facts and limits. */
import { presentGroupSetting } from '../../rules/group-settings.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../rules/message-rendering.js';
import { REALM_GROUP_SETTING_NAMES } from '../../rules/realm-group-settings.js';
import {
  GIPHY_RATING_OPTIONS,
  presentRealmChannelSetting,
  REALM_CHANNEL_SETTINGS,
  REALM_PROPERTIES,
  SERVER_JITSI_SERVER_URL,
  VIDEO_CHAT_PROVIDERS,
} from '../../rules/realm-settings.js';
import type { State } from '../../state.js';
import { LIMIT_KEYS, presentLimits, REPORT_MESSAGE_TYPES } from './limits.js';

/** Every organization setting with its realm_ prefix, in API form. */
export function presentRealmSettings(state: State): Record<string, unknown> {
  const settings = state.realm.settings;
  const dict: Record<string, unknown> = { realm_name: state.realm.name };
  for (const [name, key] of Object.entries(REALM_PROPERTIES)) dict[`realm_${name}`] = settings[key];
  for (const name of REALM_GROUP_SETTING_NAMES) dict[`realm_${name}`] = presentGroupSetting(state, settings.groups[name]);
  for (const [name, key] of Object.entries(REALM_CHANNEL_SETTINGS)) dict[`realm_${name}`] = presentRealmChannelSetting(settings[key]);
  dict['realm_allow_edit_history'] = settings.messageEditHistoryVisibilityPolicy !== 'none';
  // Deprecated twin of realm_topics_policy.
  dict['realm_mandatory_topics'] = settings.topicsPolicy === 'disable_empty_topic';
  dict['realm_push_notifications_enabled'] = false;
  dict['realm_push_notifications_enabled_end_timestamp'] = null;
  return dict;
}

/** Register keys that restate another setting: a change of that setting carries them too. */
const REALM_SETTING_TWINS: Readonly<Record<string, readonly string[]>> = {
  topics_policy: ['mandatory_topics'],
  message_edit_history_visibility_policy: ['allow_edit_history'],
};

/**
 * The `data` of the realm update_dict event for one changed setting (by API
 * name): its value as register shows it on `state`, with its twins, so
 * that applying the event (realm_<key> = value) gives the register state.
 */
export function presentRealmSettingUpdate(state: State, name: string): Record<string, unknown> {
  const settings = presentRealmSettings(state);
  const data: Record<string, unknown> = {};
  for (const key of [name, ...(REALM_SETTING_TWINS[name] ?? [])]) data[key] = settings[`realm_${key}`];
  return data;
}

/** The keys of the realm section besides the settings (realm_<setting>): server facts, limits and derived values. */
const REALM_FACT_KEYS = [
  'realm_allow_edit_history',
  'realm_mandatory_topics',
  'realm_push_notifications_enabled',
  'realm_push_notifications_enabled_end_timestamp',
  'realm_authentication_methods',
  'realm_presence_disabled',
  'realm_upload_quota_mib',
  'realm_icon_url',
  'realm_icon_source',
  'realm_logo_url',
  'realm_logo_source',
  'realm_night_logo_url',
  'realm_night_logo_source',
  'realm_url',
  'realm_uri',
  'realm_bot_domain',
  'realm_available_video_chat_providers',
  'settings_send_digest_emails',
  'realm_email_auth_enabled',
  'realm_password_auth_enabled',
  'realm_plan_type',
  'zulip_plan_is_not_limited',
  'development_environment',
  'password_min_length',
  'password_max_length',
  'password_min_guesses',
  'server_inline_image_preview',
  'server_inline_url_embed_preview',
  'server_avatar_changes_disabled',
  'server_name_changes_disabled',
  'server_web_public_streams_enabled',
  'server_needs_upgrade',
  'server_can_summarize_topics',
  'giphy_rating_options',
  'event_queue_longpoll_timeout_seconds',
  'server_jitsi_server_url',
  'jitsi_server_url',
  'realm_date_created',
  ...LIMIT_KEYS,
  'server_report_message_types',
  'server_presence_ping_interval_seconds',
  'server_presence_offline_threshold_seconds',
  'server_typing_started_expiry_period_milliseconds',
  'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_wait_period_milliseconds',
  'server_min_deactivated_realm_deletion_days',
  'server_max_deactivated_realm_deletion_days',
  'realm_empty_topic_display_name',
  'server_generation',
] as const;

/** Every key of the realm section (the fetch-type table lists them; its test checks they are what is served). */
export const REALM_STATE_KEYS: readonly string[] = [
  'realm_name',
  ...Object.keys(REALM_PROPERTIES).map((name) => `realm_${name}`),
  ...REALM_GROUP_SETTING_NAMES.map((name) => `realm_${name}`),
  ...Object.keys(REALM_CHANNEL_SETTINGS).map((name) => `realm_${name}`),
  ...REALM_FACT_KEYS,
];

export function presentRealmState(state: State, origin: string, serverGeneration: number): Record<string, unknown> {
  const { realm } = state;
  return {
    ...presentRealmSettings(state),
    realm_authentication_methods: {
      Email: { enabled: realm.passwordAuthEnabled, available: true },
    },
    realm_presence_disabled: false,
    realm_upload_quota_mib: null,
    realm_icon_url: '/static/images/logo/zulip-icon-128x128.png',
    realm_icon_source: 'G',
    realm_logo_url: '/static/images/logo/zulip-org-logo.svg',
    realm_logo_source: 'D',
    realm_night_logo_url: '/static/images/logo/zulip-org-logo.svg',
    realm_night_logo_source: 'D',
    realm_url: origin,
    realm_uri: origin,
    realm_bot_domain: realm.host,
    realm_available_video_chat_providers: VIDEO_CHAT_PROVIDERS,
    settings_send_digest_emails: true,
    realm_email_auth_enabled: realm.passwordAuthEnabled,
    realm_password_auth_enabled: realm.passwordAuthEnabled,
    realm_org_type: realm.settings.orgType,
    // PLAN_TYPE_SELF_HOSTED: no plan limits.
    realm_plan_type: 1,
    zulip_plan_is_not_limited: true,
    development_environment: false,
    password_min_length: 6,
    password_max_length: 100,
    password_min_guesses: 10_000,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: true,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_web_public_streams_enabled: state.server.webPublicStreamsEnabled,
    server_needs_upgrade: false,
    server_can_summarize_topics: false,
    giphy_rating_options: GIPHY_RATING_OPTIONS,
    event_queue_longpoll_timeout_seconds: 90,
    server_jitsi_server_url: SERVER_JITSI_SERVER_URL,
    jitsi_server_url: realm.settings.jitsiServerUrl ?? SERVER_JITSI_SERVER_URL,
    realm_date_created: realm.dateCreated,
    ...presentLimits(state),
    server_report_message_types: REPORT_MESSAGE_TYPES.map((type) => ({ key: type.key, name: type.name })),
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 140,
    server_typing_started_expiry_period_milliseconds: 45_000,
    server_typing_stopped_wait_period_milliseconds: 5_000,
    server_typing_started_wait_period_milliseconds: 10_000,
    server_min_deactivated_realm_deletion_days: 14,
    server_max_deactivated_realm_deletion_days: null,
    realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
    server_generation: serverGeneration,
  };
}
