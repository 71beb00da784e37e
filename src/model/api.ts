/** What researchers import from the pure model: the entry, the state type, the rules, the endpoint list. */

export { withProviderToken, withVideoCallProvider } from './actions/video-calls.js';
export { basicAuthorization, parseBasicAuthorization } from './auth.js';
export type { Endpoint } from './endpoint.js';
export { serveEmojiImage } from './endpoints/realm-emoji/emoji-image.js';
export { Audiences, audienceIncludes } from './events/audience.js';
export { commit, type Tx, type Written } from './events/commit.js';
export type { ApiEvent, Audience, AudienceRule, Capability, Emission, QueueSpec } from './events/event.js';
export { queueAccepts } from './events/queue-filter.js';
/** Server versions: the feature-level table, the releases, withFeatureLevel and the walks between forms. */
export * as featureLevels from './feature-levels/index.js';
export { type HandleResult, handle } from './handle.js';
export type { ModelRequest, ModelResponse, ServedFile, UploadedFile } from './request.js';
export { ENDPOINTS, matchRoute } from './routes.js';
export * as alertWordRules from './rules/alert-words.js';
export * as botRules from './rules/bots.js';
export * as channelAdministrationRules from './rules/channel-administration.js';
export * as channelContentRules from './rules/channel-content.js';
export * as channelCreationRules from './rules/channel-creation.js';
export * as channelDescriptionRules from './rules/channel-descriptions.js';
export * as channelEmailRules from './rules/channel-email.js';
export * as channelFolderRules from './rules/channel-folders.js';
export * as channelNameRules from './rules/channel-names.js';
export * as channelRules from './rules/channels.js';
export * as checkMessageRules from './rules/check-message.js';
export * as defaultChannelRules from './rules/default-channels.js';
export * as draftRules from './rules/drafts.js';
export * as featureLevelRules from './rules/feature-levels.js';
export * as groupMembershipRules from './rules/group-membership.js';
export * as groupSettingRules from './rules/group-settings.js';
export * as groupRules from './rules/groups.js';
export * as invitationRules from './rules/invitations.js';
export * as linkifierRules from './rules/linkifiers.js';
export * as messageDeletionRules from './rules/message-deletion.js';
export * as messageEditingRules from './rules/message-editing.js';
export * as messageFlagRules from './rules/message-flags.js';
export * as messageMovingRules from './rules/message-moving.js';
export * as messageReportRules from './rules/message-reports.js';
export * as messageSendingRules from './rules/message-sending.js';
export * as messageRules from './rules/messages.js';
export * as mutedUserRules from './rules/muted-users.js';
export * as navigationViewRules from './rules/navigation-views.js';
export * as playgroundRules from './rules/playgrounds.js';
export * as profileFieldDefinitionRules from './rules/profile-field-definitions.js';
export * as profileFieldRules from './rules/profile-fields.js';
export * as reactionRules from './rules/reactions.js';
export * as readReceiptRules from './rules/read-receipts.js';
export * as realmEmojiRules from './rules/realm-emoji.js';
export * as realmExportRules from './rules/realm-exports.js';
export * as realmPermissionRules from './rules/realm-group-settings.js';
export * as realmSettingRules from './rules/realm-settings.js';
export * as realmUserDefaultRules from './rules/realm-user-defaults.js';
export * as reminderRules from './rules/reminders.js';
export * as roleRules from './rules/roles.js';
export * as savedSnippetRules from './rules/saved-snippets.js';
export * as scheduledMessageRules from './rules/scheduled-messages.js';
export * as subscriptionRules from './rules/subscriptions.js';
export * as systemGroupRules from './rules/system-groups.js';
export * as topicHistoryRules from './rules/topic-history.js';
export * as typingRules from './rules/typing.js';
export * as uploadRules from './rules/uploads.js';
export * as userTopicRules from './rules/user-topics.js';
export * as userRules from './rules/users.js';
export * as videoCallRules from './rules/video-calls.js';
export { deliverDueScheduledMessages } from './scheduled-delivery.js';
export type {
  Attachment,
  Channel,
  Draft,
  GroupSettingValue,
  Linkifier,
  NavigationView,
  OutboxEmail,
  ProfileField,
  ProviderToken,
  RealmEmoji,
  RealmSettings,
  Role,
  SavedSnippet,
  ScheduledMessage,
  State,
  Subscription,
  User,
  UserGroup,
  VideoCallProviderSetting,
} from './state.js';
export { getRow, rows } from './tables/table.js';
export { serveFile } from './uploads/serve.js';
export { FEATURE_LEVEL, ZULIP_VERSION } from './version.js';
