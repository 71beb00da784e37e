/** What researchers import from the pure model: the entry, the state type, the rules, the endpoint list. */

export { basicAuthorization, parseBasicAuthorization } from './auth.js';
export type { Endpoint } from './endpoint.js';
export { Audiences, audienceIncludes } from './events/audience.js';
export { commit, type Tx, type Written } from './events/commit.js';
export type { ApiEvent, Audience, AudienceRule, Capability, Emission, QueueSpec } from './events/event.js';
export { queueAccepts } from './events/queue-filter.js';
export { type HandleResult, handle } from './handle.js';
export type { ModelRequest, ModelResponse, UploadedFile } from './request.js';
export { ENDPOINTS, matchRoute } from './routes.js';
export * as channelAdministrationRules from './rules/channel-administration.js';
export * as channelDescriptionRules from './rules/channel-descriptions.js';
export * as channelNameRules from './rules/channel-names.js';
export * as channelRules from './rules/channels.js';
export * as featureLevelRules from './rules/feature-levels.js';
export * as groupMembershipRules from './rules/group-membership.js';
export * as groupSettingRules from './rules/group-settings.js';
export * as groupRules from './rules/groups.js';
export * as messageDeletionRules from './rules/message-deletion.js';
export * as messageEditingRules from './rules/message-editing.js';
export * as messageFlagRules from './rules/message-flags.js';
export * as messageMovingRules from './rules/message-moving.js';
export * as messageReportRules from './rules/message-reports.js';
export * as messageSendingRules from './rules/message-sending.js';
export * as messageRules from './rules/messages.js';
export * as profileFieldRules from './rules/profile-fields.js';
export * as reactionRules from './rules/reactions.js';
export * as realmPermissionRules from './rules/realm-group-settings.js';
export * as realmSettingRules from './rules/realm-settings.js';
export * as roleRules from './rules/roles.js';
export * as subscriptionRules from './rules/subscriptions.js';
export * as systemGroupRules from './rules/system-groups.js';
export * as typingRules from './rules/typing.js';
export * as userRules from './rules/users.js';
export type {
  Channel,
  GroupSettingValue,
  OutboxEmail,
  ProfileField,
  RealmSettings,
  Role,
  State,
  Subscription,
  User,
  UserGroup,
} from './state.js';
export { getRow, rows } from './tables/table.js';
export { FEATURE_LEVEL, ZULIP_VERSION } from './version.js';
