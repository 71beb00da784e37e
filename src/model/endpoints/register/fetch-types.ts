/**
 * The fetch types of POST /register: every name the real server's
 * fetch_initial_state_data (zerver/lib/events.py) asks `want(...)` about,
 * with the keys it fills. register-queue.ts serves from this table alone:
 * for each name asked for, its presenter runs and only the keys listed here
 * are kept. Any other name is accepted and fills nothing, as on the real
 * server (which does not check the names, so that one client can talk to
 * servers of several versions).
 */
import { presentLinkifiers } from '../../present/linkifiers.js';
import { presentProfileField } from '../../present/profile-data.js';
import { presentRealmEmojiDict } from '../../present/realm-emoji.js';
import { presentSavedSnippet } from '../../present/saved-snippets.js';
import { presentUserGroup } from '../../present/user-group.js';
import { presentLegacyUserSettings, presentUserSettings } from '../../present/user-settings.js';
import {
  CHANNEL_FOLDERS_FEATURE_LEVEL,
  keepsArchivedChannelsForCapableClients,
  NAVIGATION_TOUR_VIDEO_FEATURE_LEVEL,
  NAVIGATION_VIEWS_FEATURE_LEVEL,
  PRESENCE_LAST_UPDATE_ID_FEATURE_LEVEL,
  PUSH_DEVICES_FEATURE_LEVEL,
  PUSH_DEVICES_REMOVED_FEATURE_LEVEL,
  REALM_BILLING_FEATURE_LEVEL,
  REMINDERS_FEATURE_LEVEL,
  SAVED_SNIPPETS_FEATURE_LEVEL,
  WEBEX_TOKEN_FEATURE_LEVEL,
} from '../../rules/feature-levels.js';
import { selectSavedSnippets } from '../../rules/saved-snippets.js';
import { LEGACY_USER_SETTINGS_REMOVED_FEATURE_LEVEL, USER_SETTINGS } from '../../rules/user-settings.js';
import { hasProviderToken } from '../../rules/video-calls.js';
import { rows } from '../../tables/table.js';
import { presentChannelFolderState, presentPlaygroundState, presentRealmUserSettingsDefaults } from './admin-state.js';
import { presentBotState } from './bot-state.js';
import { presentDefaultStreamState, presentStreamState, presentSubscriptionState } from './channel-state.js';
import { presentDraftState, presentNavigationViewState, presentReminderState, presentScheduledMessageState } from './compose-state.js';
import { presentMaxMessageId, presentRecentConversations, presentStarredMessages, presentUnreadMessages } from './message-state.js';
import { presentAlertWords, presentMutedTopicState, presentMutedUserState, presentUserTopicState } from './personal-state.js';
import { presentPresenceState } from './presence-state.js';
import { presentRealmState, REALM_STATE_KEYS } from './realm-state.js';
import type { RegisterContext } from './register-context.js';
import {
  presentDefaultStreamGroups,
  presentEmbeddedBots,
  presentGiphy,
  presentIncomingWebhookBots,
  presentOnboardingSteps,
  presentPushDevices,
  presentRealmBilling,
  presentRealmDomains,
  presentStopWords,
} from './server-state.js';
import { presentUserState, presentUserStatusState } from './user-state.js';

export interface FetchType {
  /** The register keys the name fills (those of every capability and feature level that has them). */
  readonly keys: readonly string[];
  /** Keys the real server added at a feature level: left out below it. */
  readonly keySince?: Readonly<Record<string, number>>;
  /** The name fills its keys only below this feature level (the real server dropped them there). */
  readonly until?: number;
  /** The name fills its keys only when this other name is asked for as well. */
  readonly needs?: string;
  /** The name fills nothing when the client named this other one too (the newer form of the same data). */
  readonly yieldsTo?: string;
  /** The section; it may leave keys out (a capability, a feature level), never add any. */
  present(ctx: RegisterContext): Record<string, unknown>;
}

/** Sent whatever is asked for (the real server shows its version unconditionally). */
export const ALWAYS_SENT_KEYS = ['queue_id', 'zulip_version', 'zulip_feature_level', 'zulip_merge_base', 'last_event_id'] as const;

/** CustomProfileField.ALL_FIELD_TYPES as register reports them: constant name → {id, name}. */
const CUSTOM_PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date picker' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Person picker' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
} as const;

const REALM_USER_KEYS = [
  'realm_users',
  'realm_non_active_users',
  'cross_realm_bots',
  'avatar_source',
  'avatar_url_medium',
  'avatar_url',
  'can_create_private_streams',
  'can_create_public_streams',
  'can_create_web_public_streams',
  'can_create_streams',
  'can_invite_others_to_realm',
  'is_admin',
  'is_owner',
  'is_moderator',
  'is_guest',
  'user_id',
  'email',
  'delivery_email',
  'full_name',
];

function legacySettingKeys(group: 'display' | 'notification'): string[] {
  const names = USER_SETTINGS.filter((setting) => setting.legacy === group && setting.name !== 'timezone').map((setting) => setting.name);
  return group === 'display' ? [...names, 'emojiset_choices', 'timezone'] : [...names, 'available_notification_sounds'];
}

/** The legacy top-level settings: only for clients without user_settings_object (the table's `until` stops them at FL 439). */
function legacySettings(group: 'display' | 'notification'): (ctx: RegisterContext) => Record<string, unknown> {
  return (ctx) => (ctx.capabilities['user_settings_object'] === true ? {} : presentLegacyUserSettings(ctx.actor, group));
}

/** The spec's has_provider_token is the real server's has_zoom_token. */
function providerTokens({ state, actor }: RegisterContext): Record<string, unknown> {
  const token = hasProviderToken(state, actor);
  return { has_zoom_token: token, has_provider_token: token };
}

/** chatref offers no Webex calls: nobody holds a Webex token. */
function videoCallTokens(ctx: RegisterContext): Record<string, unknown> {
  return { ...providerTokens(ctx), has_webex_token: false };
}

export const FETCH_TYPES: Readonly<Record<string, FetchType>> = {
  alert_words: { keys: ['alert_words'], present: presentAlertWords },
  custom_profile_fields: {
    keys: ['custom_profile_fields', 'custom_profile_field_types'],
    present: ({ state }) => ({ custom_profile_fields: state.profileFields.map(presentProfileField), custom_profile_field_types: CUSTOM_PROFILE_FIELD_TYPES }),
  },
  onboarding_steps: {
    keys: ['onboarding_steps', 'navigation_tour_video_url'],
    keySince: { navigation_tour_video_url: NAVIGATION_TOUR_VIDEO_FEATURE_LEVEL },
    present: presentOnboardingSteps,
  },
  message: { keys: ['max_message_id'], present: presentMaxMessageId },
  saved_snippets: {
    keys: ['saved_snippets'],
    keySince: { saved_snippets: SAVED_SNIPPETS_FEATURE_LEVEL },
    present: ({ state, actor }) => ({ saved_snippets: selectSavedSnippets(state, actor).map(presentSavedSnippet) }),
  },
  navigation_views: { keys: ['navigation_views'], keySince: { navigation_views: NAVIGATION_VIEWS_FEATURE_LEVEL }, present: presentNavigationViewState },
  drafts: { keys: ['drafts'], present: presentDraftState },
  scheduled_messages: { keys: ['scheduled_messages'], present: presentScheduledMessageState },
  reminders: { keys: ['reminders'], keySince: { reminders: REMINDERS_FEATURE_LEVEL }, present: presentReminderState },
  muted_topics: { keys: ['muted_topics'], yieldsTo: 'user_topic', present: presentMutedTopicState },
  muted_users: { keys: ['muted_users'], present: presentMutedUserState },
  presence: {
    keys: ['presences', 'server_timestamp', 'presence_last_update_id'],
    keySince: { presence_last_update_id: PRESENCE_LAST_UPDATE_ID_FEATURE_LEVEL },
    present: (ctx) =>
      presentPresenceState(ctx.state, ctx.actor, { slimPresence: ctx.slimPresence, historyLimitDays: ctx.presenceHistoryLimitDays, now: ctx.now }),
  },
  realm_user_groups: {
    keys: ['realm_user_groups'],
    present: ({ state, capabilities, now }) => ({
      realm_user_groups: [...rows(state.groups)]
        .filter((group) => capabilities['include_deactivated_groups'] === true || !group.deactivated)
        .map((group) => presentUserGroup(state, group, now)),
    }),
  },
  realm: { keys: REALM_STATE_KEYS, present: ({ state, origin, serverGeneration }) => presentRealmState(state, origin, serverGeneration) },
  realm_user_settings_defaults: { keys: ['realm_user_settings_defaults'], present: presentRealmUserSettingsDefaults },
  realm_domains: { keys: ['realm_domains'], present: presentRealmDomains },
  realm_emoji: { keys: ['realm_emoji'], present: ({ state }) => ({ realm_emoji: presentRealmEmojiDict(state) }) },
  realm_linkifiers: {
    keys: ['realm_linkifiers'],
    // Clients without linkifier_url_template get an empty list: the templates would break their old format.
    present: ({ state, capabilities }) => ({ realm_linkifiers: capabilities['linkifier_url_template'] === true ? presentLinkifiers(state) : [] }),
  },
  // The legacy name: always empty, as on the real server since FL 176.
  realm_filters: { keys: ['realm_filters'], present: () => ({ realm_filters: [] }) },
  realm_playgrounds: { keys: ['realm_playgrounds'], present: presentPlaygroundState },
  realm_billing: { keys: ['realm_billing'], keySince: { realm_billing: REALM_BILLING_FEATURE_LEVEL }, present: presentRealmBilling },
  realm_user: {
    keys: REALM_USER_KEYS,
    present: ({ state, actor, capabilities, clientGravatar, now }) =>
      presentUserState(state, actor, { clientGravatar, userListIncomplete: capabilities['user_list_incomplete'] === true, now }),
  },
  realm_bot: { keys: ['realm_bots'], present: ({ state, actor }) => presentBotState(state, actor) },
  realm_embedded_bots: { keys: ['realm_embedded_bots'], present: presentEmbeddedBots },
  realm_incoming_webhook_bots: { keys: ['realm_incoming_webhook_bots'], present: presentIncomingWebhookBots },
  recent_private_conversations: { keys: ['recent_private_conversations'], present: presentRecentConversations },
  subscription: {
    keys: ['subscriptions', 'unsubscribed', 'never_subscribed'],
    present: (ctx) => presentSubscriptionState(ctx.state, ctx.actor, channelOptions(ctx)),
  },
  channel_folders: { keys: ['channel_folders'], keySince: { channel_folders: CHANNEL_FOLDERS_FEATURE_LEVEL }, present: presentChannelFolderState },
  // Only with `message` too: new messages change unread_msgs through message events, not flag events.
  update_message_flags: { keys: ['unread_msgs'], needs: 'message', present: presentUnreadMessages },
  starred_messages: { keys: ['starred_messages'], present: presentStarredMessages },
  stream: {
    keys: ['streams'],
    present: (ctx) => presentStreamState(ctx.state, ctx.actor, channelOptions(ctx, keepsArchivedChannelsForCapableClients(ctx.state))),
  },
  default_streams: { keys: ['realm_default_streams'], present: ({ state, actor }) => presentDefaultStreamState(state, actor) },
  default_stream_groups: { keys: ['realm_default_stream_groups'], present: presentDefaultStreamGroups },
  stop_words: { keys: ['stop_words'], present: presentStopWords },
  update_display_settings: {
    keys: legacySettingKeys('display'),
    until: LEGACY_USER_SETTINGS_REMOVED_FEATURE_LEVEL,
    present: legacySettings('display'),
  },
  update_global_notifications: {
    keys: legacySettingKeys('notification'),
    until: LEGACY_USER_SETTINGS_REMOVED_FEATURE_LEVEL,
    present: legacySettings('notification'),
  },
  user_settings: { keys: ['user_settings'], present: ({ actor }) => ({ user_settings: presentUserSettings(actor) }) },
  user_status: { keys: ['user_status'], present: ({ state, actor }) => presentUserStatusState(state, actor) },
  user_topic: { keys: ['user_topics'], present: presentUserTopicState },
  video_calls: {
    keys: ['has_zoom_token', 'has_provider_token', 'has_webex_token'],
    keySince: { has_webex_token: WEBEX_TOKEN_FEATURE_LEVEL },
    present: videoCallTokens,
  },
  // chatref's own name, after the spec's has_provider_token event: the video_calls keys the spec knows.
  has_provider_token: { keys: ['has_zoom_token', 'has_provider_token'], present: providerTokens },
  giphy: { keys: ['giphy_api_key'], present: presentGiphy },
  push_device: {
    keys: ['push_devices'],
    keySince: { push_devices: PUSH_DEVICES_FEATURE_LEVEL },
    until: PUSH_DEVICES_REMOVED_FEATURE_LEVEL,
    present: presentPushDevices,
  },
  // chatref registers no client devices (POST /register_client_device): a user without any.
  device: { keys: ['devices'], present: () => ({ devices: {} }) },
};

/** `archivedListed`: whether the level lists archived channels in this key at all (`streams` only from 378). */
function channelOptions(ctx: RegisterContext, archivedListed = true) {
  return {
    includeSubscribers: ctx.includeSubscribers,
    archivedChannels: ctx.capabilities['archived_channels'] === true && archivedListed,
    now: ctx.now,
  } as const;
}

/** The keys a name fills at a feature level (ignoring `needs` and the capabilities that leave keys out). */
export function fetchTypeKeys(type: FetchType, featureLevel: number): string[] {
  if (type.until !== undefined && featureLevel >= type.until) return [];
  return type.keys.filter((key) => (type.keySince?.[key] ?? 0) <= featureLevel);
}

/** The register sections asked for, each cut to its listed keys. */
export function presentFetchedState(ctx: RegisterContext): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(FETCH_TYPES)) {
    if (!ctx.want(name) || (type.needs !== undefined && !ctx.want(type.needs))) continue;
    if (type.yieldsTo !== undefined && ctx.typesNamed && ctx.want(type.yieldsTo)) continue;
    const keys = fetchTypeKeys(type, ctx.state.featureLevel);
    if (keys.length === 0) continue;
    const section = type.present(ctx);
    for (const key of keys) if (key in section) data[key] = section[key];
  }
  return data;
}
