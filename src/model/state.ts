/**
 * The model's State: one realm, its settings and sharded tables. Everything
 * here is immutable data; reducers change it only inside one immer `produce`.
 */
import type { Table } from './tables/table.js';

/** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export type Role = 100 | 200 | 300 | 400 | 600;

/** 1 everyone, 2 members, 3 administrators, 4 nobody, 5 moderators. */
export type EmailVisibility = 1 | 2 | 3 | 4 | 5;

/** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
export type BotType = 1 | 2 | 3 | 4;

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

export interface UserStatus {
  readonly statusText: string;
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
}

export interface User {
  readonly id: number;
  /** The real address; logins and Basic auth use it. */
  readonly deliveryEmail: string;
  readonly fullName: string;
  readonly role: Role;
  readonly isActive: boolean;
  readonly isDeleted: boolean;
  readonly isImportedStub: boolean;
  readonly botType: BotType | null;
  readonly botOwnerId: number | null;
  readonly timezone: string;
  readonly avatarSource: 'G' | 'U';
  readonly avatarVersion: number;
  /** UNIX seconds the account was created. */
  readonly dateCreated: number;
  /** UNIX seconds of the first login (key fetch), or null before it. */
  readonly firstLoginAt: number | null;
  /** Whether the account was made through the API or an import (date_joined follows the first login). */
  readonly joinedByFirstLogin: boolean;
  readonly apiKey: string;
  /** scrypt hash record, or null when password login is impossible. */
  readonly passwordHash: string | null;
  readonly emailAddressVisibility: EmailVisibility;
  /** Special permissions the real server sets only with a management command. */
  readonly canCreateUsers: boolean;
  readonly canChangeUserEmails: boolean;
  readonly presenceEnabled: boolean;
  readonly status: UserStatus;
  /** Custom profile field id → stored value (Users fields keep their JSON text). */
  readonly profileData: { readonly [fieldId: string]: string };
}

export type ProfileFieldType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface ProfileField {
  readonly id: number;
  readonly type: ProfileFieldType;
  readonly order: number;
  readonly name: string;
  readonly hint: string;
  /** JSON text, as the real server stores and returns it ("" when the type has none). */
  readonly fieldData: string;
  readonly displayInProfileSummary: boolean;
  readonly required: boolean;
  readonly editableByUser: boolean;
}

export interface OutboxEmail {
  readonly id: number;
  readonly to: string;
  readonly template: 'user_deactivated';
  readonly subject: string;
  readonly body: string;
  readonly sentAt: number;
}

/** An anonymous group: explicit users and groups, the object form of a group-setting value. */
export interface AnonymousGroup {
  /** Sorted, without duplicates. May hold deactivated users; presentation leaves them out. */
  readonly directMembers: readonly number[];
  /** Sorted, without duplicates. */
  readonly directSubgroups: readonly number[];
}

/**
 * A group-setting value in its one stored normal form: a group id, or an
 * anonymous group that is not reducible to one (see rules/group-settings.ts).
 */
export type GroupSettingValue = number | AnonymousGroup;

export type SystemGroupName =
  | 'role:internet'
  | 'role:everyone'
  | 'role:members'
  | 'role:fullmembers'
  | 'role:moderators'
  | 'role:administrators'
  | 'role:owners'
  | 'role:nobody';

/** The organization's group settings, keyed by their API names. */
export type RealmGroupSettingName =
  | 'can_access_all_users_group'
  | 'can_add_custom_emoji_group'
  | 'can_add_subscribers_group'
  | 'can_create_bots_group'
  | 'can_create_groups'
  | 'can_create_private_channel_group'
  | 'can_create_public_channel_group'
  | 'can_create_web_public_channel_group'
  | 'can_create_write_only_bots_group'
  | 'can_delete_any_message_group'
  | 'can_delete_own_message_group'
  | 'can_invite_users_group'
  | 'can_manage_all_groups'
  | 'can_manage_billing_group'
  | 'can_mention_many_users_group'
  | 'can_move_messages_between_channels_group'
  | 'can_move_messages_between_topics_group'
  | 'can_resolve_topics_group'
  | 'can_set_delete_message_policy_group'
  | 'can_set_topics_policy_group'
  | 'can_summarize_topics_group'
  | 'create_multiuse_invite_group'
  | 'direct_message_initiator_group'
  | 'direct_message_permission_group';

export type RealmTopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic';

export interface RealmSettings {
  readonly requireUniqueNames: boolean;
  readonly nameChangesDisabled: boolean;
  readonly emailChangesDisabled: boolean;
  readonly avatarChangesDisabled: boolean;
  readonly emailsRestrictedToDomains: boolean;
  readonly disallowDisposableEmailAddresses: boolean;
  readonly allowMessageEditing: boolean;
  /** Seconds; null means no limit. */
  readonly messageContentEditLimitSeconds: number | null;
  readonly messageContentDeleteLimitSeconds: number | null;
  readonly moveMessagesWithinStreamLimitSeconds: number | null;
  readonly moveMessagesBetweenStreamsLimitSeconds: number | null;
  /** Days; -1 keeps messages forever. */
  readonly messageRetentionDays: number;
  readonly enableSpectatorAccess: boolean;
  /** Days a new member waits before counting as a full member. */
  readonly waitingPeriodThreshold: number;
  readonly topicsPolicy: RealmTopicsPolicy;
  /** Channel ids; null when unset. */
  readonly moderationRequestChannelId: number | null;
  readonly newStreamAnnouncementsStreamId: number | null;
  readonly signupAnnouncementsStreamId: number | null;
  readonly zulipUpdateAnnouncementsStreamId: number | null;
  readonly sendChannelEventsMessages: boolean;
  readonly groups: { readonly [name in RealmGroupSettingName]: GroupSettingValue };
  /** Markdown shown on the login page. */
  readonly description: string;
  readonly inviteRequired: boolean;
  readonly messageEditHistoryVisibilityPolicy: MessageEditHistoryVisibilityPolicy;
  /** 0 none, 1 Jitsi Meet (the providers a server without integrations offers). */
  readonly videoChatProvider: number;
  /** Null uses the server's Jitsi server. */
  readonly jitsiServerUrl: string | null;
  /** 0 disabled, 1 Y, 2 G, 3 PG, 4 PG-13, 5 R. */
  readonly giphyRating: number;
  readonly defaultLanguage: string;
  readonly defaultCodeBlockLanguage: string;
  readonly digestEmailsEnabled: boolean;
  /** 0 Monday … 6 Sunday. */
  readonly digestWeekday: number;
  readonly enableGuestUserDmWarning: boolean;
  readonly enableGuestUserIndicator: boolean;
  readonly enableReadReceipts: boolean;
  readonly inlineImagePreview: boolean;
  readonly inlineUrlEmbedPreview: boolean;
  readonly messageContentAllowedInEmailNotifications: boolean;
  readonly requireE2eePushNotifications: boolean;
  readonly sendWelcomeEmails: boolean;
  readonly wantAdvertiseInCommunitiesDirectory: boolean;
  readonly welcomeMessageCustomText: string;
  /** The real server's OrgTypeEnum id (0 unspecified). */
  readonly orgType: number;
}

export type MessageEditHistoryVisibilityPolicy = 'all' | 'moves' | 'none';

/** The user-group settings of one group, keyed by their API names. */
export type UserGroupSettingName =
  | 'can_add_members_group'
  | 'can_join_group'
  | 'can_leave_group'
  | 'can_manage_group'
  | 'can_mention_group'
  | 'can_remove_members_group';

export interface UserGroup {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  /** Null for system groups. */
  readonly creatorId: number | null;
  /** UNIX seconds; null for system groups. */
  readonly dateCreated: number | null;
  readonly isSystemGroup: boolean;
  readonly deactivated: boolean;
  /**
   * Sorted user ids. System groups keep none here: their direct members
   * follow from roles (rules/groups.ts), so a role change touches no group.
   */
  readonly directMemberIds: readonly number[];
  /** Sorted group ids. */
  readonly directSubgroupIds: readonly number[];
  readonly settings: { readonly [name in UserGroupSettingName]: GroupSettingValue };
}

export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/** A channel's group settings, keyed by their API names. */
export type ChannelGroupSettingName =
  | 'can_add_subscribers_group'
  | 'can_administer_channel_group'
  | 'can_create_topic_group'
  | 'can_delete_any_message_group'
  | 'can_delete_own_message_group'
  | 'can_move_messages_out_of_channel_group'
  | 'can_move_messages_within_channel_group'
  | 'can_remove_subscribers_group'
  | 'can_resolve_topics_group'
  | 'can_send_message_group'
  | 'can_subscribe_group';

export interface Channel {
  readonly id: number;
  readonly name: string;
  /** Raw Markdown. */
  readonly description: string;
  readonly renderedDescription: string;
  /** UNIX seconds. */
  readonly dateCreated: number;
  readonly creatorId: number | null;
  readonly inviteOnly: boolean;
  readonly isWebPublic: boolean;
  readonly historyPublicToSubscribers: boolean;
  readonly isArchived: boolean;
  /** Null inherits the organization's setting; -1 keeps forever. */
  readonly messageRetentionDays: number | null;
  readonly topicsPolicy: TopicsPolicy;
  readonly firstMessageId: number | null;
  readonly folderId: number | null;
  readonly isRecentlyActive: boolean;
  /** Active subscribers, kept by the subscription writers in tables/channels.ts. */
  readonly subscriberCount: number;
  readonly settings: { readonly [name in ChannelGroupSettingName]: GroupSettingValue };
}

/** One user's subscription to one channel, with their personal settings for it. */
export interface Subscription {
  readonly userId: number;
  readonly channelId: number;
  /** `#rrggbb`. */
  readonly color: string;
  readonly isMuted: boolean;
  readonly pinToTop: boolean;
  /** Null inherits the user's default. */
  readonly desktopNotifications: boolean | null;
  readonly emailNotifications: boolean | null;
  readonly pushNotifications: boolean | null;
  readonly audibleNotifications: boolean | null;
  readonly wildcardMentionsNotify: boolean | null;
}

/** Settings of the server installation rather than the organization. */
export interface ServerSettings {
  /** The server setting WEB_PUBLIC_STREAMS_ENABLED. */
  readonly webPublicStreamsEnabled: boolean;
  readonly maxFileUploadSizeMib: number;
}

export interface Realm {
  readonly id: number;
  readonly name: string;
  /** Host used for placeholder addresses (user<id>@host) and bot addresses. */
  readonly host: string;
  readonly dateCreated: number;
  readonly deactivated: boolean;
  readonly passwordAuthEnabled: boolean;
  /** Shared HS256 secret for /jwt/fetch_api_key, or null when JWT login is off. */
  readonly jwtKey: string | null;
  readonly settings: RealmSettings;
}

/**
 * A channel message. Minimal for now (what the notification bot posts);
 * the messages work extends it with recipients, edits, reactions and flags.
 */
export interface Message {
  readonly id: number;
  /** A realm user, or a system bot (State.systemBots). */
  readonly senderId: number;
  readonly channelId: number;
  readonly topic: string;
  /** Raw Markdown. */
  readonly content: string;
  readonly renderedContent: string;
  /** UNIX seconds. */
  readonly dateSent: number;
}

/**
 * The server's cross-realm bots. They are not members of the realm (GET
 * /users does not list them), so they live here and not in State.users; their
 * ids lie outside the realm's user ids.
 */
export interface SystemBots {
  readonly notificationBot: User;
}

export interface Counters {
  readonly nextUserId: number;
  readonly nextProfileFieldId: number;
  readonly nextEmailId: number;
  readonly nextGroupId: number;
  readonly nextChannelId: number;
  readonly nextMessageId: number;
}

export interface State {
  readonly featureLevel: number;
  readonly zulipVersion: string;
  readonly realm: Realm;
  readonly counters: Counters;
  readonly users: Table<number, User>;
  /** Lower-cased delivery email → user id. */
  readonly userIdByEmail: Table<string, number>;
  /** Name key (NFKC, lower-cased) → ids of users with that name: the unique-names rule reads it. */
  readonly userIdsByName: Table<string, readonly number[]>;
  /** Ids of active human owners, kept by every reducer that changes a role or deactivates (a handful). */
  readonly activeHumanOwnerIds: readonly number[];
  /** Owner id → ids of the bots they own. */
  readonly botIdsByOwner: Table<number, readonly number[]>;
  /** Ordered by `order`; a realm has a handful of fields, so a plain array is right here. */
  readonly profileFields: readonly ProfileField[];
  /** Notification e-mails the server "sent", for inspection. */
  readonly outbox: Table<number, OutboxEmail>;
  readonly server: ServerSettings;
  /** System and user-defined groups. */
  readonly groups: Table<number, UserGroup>;
  /** Lower-cased group name → id. */
  readonly groupIdByName: Table<string, number>;
  /** System group name → id (fixed at realm creation). */
  readonly systemGroupIds: { readonly [name in SystemGroupName]: number };
  readonly channels: Table<number, Channel>;
  /** Lower-cased channel name → id (names are unique case-insensitively, archived channels included). */
  readonly channelIdByName: Table<string, number>;
  /** User id → (channel id → subscription). */
  readonly subscriptionsByUser: Table<number, Table<number, Subscription>>;
  /** Channel id → (user id → user id): the channel's subscribers. */
  readonly subscriberIdsByChannel: Table<number, Table<number, number>>;
  /**
   * User id → (channel id → the subscription as it was when the user left).
   * The real server keeps such rows inactive: register lists them as
   * `unsubscribed`, and subscribing again restores their settings.
   */
  readonly formerSubscriptionsByUser: Table<number, Table<number, Subscription>>;
  /** Channels new users are subscribed to, in the order they were added. */
  readonly defaultChannelIds: readonly number[];
  readonly messages: Table<number, Message>;
  /** Channel id → its newest message id, so a user's newest message is found from their subscriptions. */
  readonly lastMessageIdByChannel: Table<number, number>;
  readonly systemBots: SystemBots;
}

/** State with its top-level fields assignable: for the tables' *Mutably writers and for building a State outside a request. */
export type WritableState = { -readonly [K in keyof State]: State[K] };
