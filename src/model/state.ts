/**
 * The model's State: one realm, its settings and sharded tables. Everything
 * here is immutable data; reducers change it only inside one immer `produce`.
 */
import type { IdTree } from './tables/id-tree.js';
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
  /** Personal settings (rules/user-settings.ts); timezone, emailAddressVisibility and presenceEnabled above are settings too. */
  readonly settings: UserSettings;
}

/**
 * A user's personal settings (the real server's UserBaseSettings), keyed by
 * their API names. Three settings live on User under their own names:
 * email_address_visibility, presence_enabled and timezone.
 */
export interface UserSettings {
  readonly allow_private_data_export: boolean;
  readonly automatically_follow_topics_policy: 1 | 2 | 3 | 4;
  readonly automatically_follow_topics_where_mentioned: boolean;
  readonly automatically_unmute_topics_in_muted_streams_policy: 1 | 2 | 3 | 4;
  readonly color_scheme: 1 | 2 | 3;
  readonly default_language: string;
  readonly demote_inactive_streams: 1 | 2 | 3;
  readonly desktop_icon_count_display: 1 | 2 | 3 | 4;
  readonly display_emoji_reaction_users: boolean;
  readonly email_notifications_batching_period_seconds: number;
  readonly emojiset: 'google' | 'twitter' | 'text' | 'google-blob';
  readonly enable_desktop_notifications: boolean;
  readonly enable_digest_emails: boolean;
  readonly enable_drafts_synchronization: boolean;
  readonly enable_followed_topic_audible_notifications: boolean;
  readonly enable_followed_topic_desktop_notifications: boolean;
  readonly enable_followed_topic_email_notifications: boolean;
  readonly enable_followed_topic_push_notifications: boolean;
  readonly enable_followed_topic_wildcard_mentions_notify: boolean;
  readonly enable_login_emails: boolean;
  readonly enable_marketing_emails: boolean;
  readonly enable_offline_email_notifications: boolean;
  readonly enable_offline_push_notifications: boolean;
  readonly enable_online_push_notifications: boolean;
  readonly enable_sounds: boolean;
  readonly enable_stream_audible_notifications: boolean;
  readonly enable_stream_desktop_notifications: boolean;
  readonly enable_stream_email_notifications: boolean;
  readonly enable_stream_push_notifications: boolean;
  readonly enter_sends: boolean;
  readonly fluid_layout_width: boolean;
  readonly hide_ai_features: boolean;
  readonly high_contrast_mode: boolean;
  readonly left_side_userlist: boolean;
  readonly message_content_in_email_notifications: boolean;
  readonly notification_sound: string;
  readonly pm_content_in_desktop_notifications: boolean;
  readonly realm_name_in_email_notifications_policy: 1 | 2 | 3;
  readonly receives_typing_notifications: boolean;
  readonly resolved_topic_notice_auto_read_policy: 'always' | 'except_followed' | 'never';
  readonly send_private_typing_notifications: boolean;
  readonly send_read_receipts: boolean;
  readonly send_stream_typing_notifications: boolean;
  readonly starred_message_counts: boolean;
  readonly translate_emoticons: boolean;
  readonly twenty_four_hour_time: boolean;
  readonly user_list_style: 1 | 2 | 3;
  readonly web_animate_image_previews: 'always' | 'on_hover' | 'never';
  readonly web_channel_default_view: 1 | 2 | 3 | 4;
  readonly web_escape_navigates_to_home_view: boolean;
  readonly web_font_size_px: number;
  readonly web_home_view: 'recent' | 'inbox' | 'all_messages';
  readonly web_inbox_show_channel_folders: boolean;
  readonly web_left_sidebar_show_channel_folders: boolean;
  readonly web_left_sidebar_unreads_count_summary: boolean;
  readonly web_line_height_percent: number;
  readonly web_mark_read_on_scroll_policy: 1 | 2 | 3;
  readonly web_navigate_to_sent_message: boolean;
  readonly web_stream_unreads_count_display_policy: 1 | 2 | 3;
  readonly web_suggest_update_timezone: boolean;
  readonly wildcard_mentions_notify: boolean;
  /** Not a setting: the settings the user changed themselves (PATCH /settings target_users skip_if_already_edited reads it). */
  readonly edited_by_user: readonly string[];
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

/** A user's saved snippet: Markdown they can insert into messages (reference server-messages-channels §11). */
export interface SavedSnippet {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  /** UNIX seconds. */
  readonly dateCreated: number;
}

/**
 * A user's token with the video call provider, where it differs from the
 * default every human user starts with (rules/video-calls.ts).
 */
export interface ProviderToken {
  readonly held: boolean;
}

/**
 * A user's presence (the real server's UserPresence): when a client last
 * reported them active, and last connected at all (UNIX seconds; null:
 * never). `lastUpdateId` is the realm-wide presence sequence number of the
 * row's last change, which incremental presence fetches compare against.
 */
export interface Presence {
  readonly lastActiveTime: number | null;
  readonly lastConnectedTime: number | null;
  readonly lastUpdateId: number;
}

/** A mobile device's push token (the real server's PushDeviceToken), stored even when the server cannot push. */
export interface PushDeviceToken {
  readonly kind: 'apns' | 'fcm';
  readonly token: string;
  /** The iOS app id an APNs token was registered for; null for FCM. */
  readonly iosAppId: string | null;
  /** UNIX seconds. */
  readonly dateCreated: number;
}

/**
 * A linkifier (the real server's RealmFilter): a RE2 pattern whose matches in
 * message bodies and topics link to its RFC 6570 URL template; the last
 * three fields serve reverse linkification (reference server-messages-channels §10).
 */
export interface Linkifier {
  readonly id: number;
  readonly pattern: string;
  readonly urlTemplate: string;
  readonly exampleInput: string | null;
  readonly reverseTemplate: string | null;
  readonly alternativeUrlTemplates: readonly string[];
}

export interface OutboxEmail {
  readonly id: number;
  readonly to: string;
  readonly template: 'user_deactivated' | 'invitation';
  readonly subject: string;
  readonly body: string;
  readonly sentAt: number;
}

/** A folder the organization sorts channels into (the real server's ChannelFolder). */
export interface ChannelFolder {
  readonly id: number;
  readonly name: string;
  /** Raw Markdown. */
  readonly description: string;
  readonly renderedDescription: string;
  /** Display position, lowest first; a new folder takes its id. */
  readonly order: number;
  readonly creatorId: number | null;
  /** UNIX seconds. */
  readonly dateCreated: number;
  readonly isArchived: boolean;
}

/** What an invitation (by e-mail or by link) gives the user who accepts it. */
export interface InvitationTerms {
  readonly invitedBy: number;
  /** UNIX seconds the invitation was made. */
  readonly invitedAt: number;
  /** UNIX seconds after which it no longer works; null never expires. */
  readonly expiresAt: number | null;
  readonly invitedAs: Role;
  readonly channelIds: readonly number[];
  readonly groupIds: readonly number[];
  readonly includeRealmDefaultSubscriptions: boolean;
  readonly welcomeMessageCustomText: string | null;
}

/** An e-mail invitation (the real server's PreregistrationUser with its confirmation). */
export interface EmailInvitation extends InvitationTerms {
  readonly id: number;
  readonly email: string;
  readonly notifyReferrerOnJoin: boolean;
  /** The confirmation key of the link the e-mail carries. */
  readonly key: string;
}

/** A reusable invitation link (the real server's MultiuseInvite); its ids are counted apart from e-mail invitations'. */
export interface InvitationLink extends InvitationTerms {
  readonly id: number;
  readonly key: string;
  /** Revoked links are kept, as the real server keeps them, so that revoking again says so. */
  readonly revoked: boolean;
}

/** Pending invitations, changed only by actions/invitations.ts. */
export interface Invitations {
  readonly byEmail: Table<number, EmailInvitation>;
  readonly links: Table<number, InvitationLink>;
  /** Referrer id → (invitation id → invitation id), for each kind. */
  readonly emailIdsByReferrer: Table<number, Table<number, number>>;
  readonly linkIdsByReferrer: Table<number, Table<number, number>>;
}

/** A code playground that code blocks of one language link to (the real server's RealmPlayground). */
export interface RealmPlayground {
  readonly id: number;
  readonly name: string;
  readonly pygmentsLanguage: string;
  /** RFC 6570 template whose one variable is `code`. */
  readonly urlTemplate: string;
}

/** A requested export of the organization's data; chatref never runs the job, so it stays pending. */
export interface RealmExport {
  readonly id: number;
  readonly actingUserId: number;
  /** UNIX seconds. */
  readonly requestedAt: number;
  /** 1 public data, 2 standard (with consent). */
  readonly exportType: 1 | 2;
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

/** 1 muted, 2 unmuted, 3 followed (0, inherit, is the absence of a row). */
export type VisibilityPolicy = 1 | 2 | 3;

/** A user's visibility policy for one topic (the real server's UserTopic). */
export interface UserTopic {
  readonly channelId: number;
  /** The topic as first set; later changes keep this case, as the real server's upsert does. */
  readonly topicName: string;
  readonly visibilityPolicy: VisibilityPolicy;
  /** UNIX seconds of the last change. */
  readonly lastUpdated: number;
}

/** Settings of the server installation rather than the organization. */
export interface ServerSettings {
  /** The server setting WEB_PUBLIC_STREAMS_ENABLED. */
  readonly webPublicStreamsEnabled: boolean;
  readonly maxFileUploadSizeMib: number;
  /** The video call provider integration (POST /calls/provider/create): chatref's deterministic fake, or none configured. */
  readonly videoCallProvider: VideoCallProviderSetting;
  /**
   * The development server's password-less logins (its DevAuthBackend):
   * dev_fetch_api_key, dev_list_users and the session they open for /json/
   * paths. Off unless a fixture or the operator turns it on.
   */
  readonly devAuthBackend: boolean;
}

export type VideoCallProviderSetting = 'fake' | 'none';

/**
 * A logged-in browser session (the real server's Django session): the user it
 * logs in, the CSRF secret its unsafe requests must echo in X-CSRFToken, and
 * when it lapses. Only the development login opens one.
 */
export interface Session {
  readonly userId: number;
  readonly csrfToken: string;
  /** UNIX seconds. */
  readonly expiresAt: number;
}

export interface Realm {
  readonly id: number;
  readonly name: string;
  /** Host used for placeholder addresses (user<id>@host) and bot addresses. */
  readonly host: string;
  /** The realm's subdomain (sender_realm_str); '' for a realm at the server's root domain. */
  readonly stringId: string;
  readonly dateCreated: number;
  readonly deactivated: boolean;
  readonly passwordAuthEnabled: boolean;
  /** Shared HS256 secret for /jwt/fetch_api_key, or null when JWT login is off. */
  readonly jwtKey: string | null;
  readonly settings: RealmSettings;
}

export interface Reaction {
  readonly emojiName: string;
  readonly emojiCode: string;
  readonly reactionType: ReactionType;
  readonly userId: number;
}

/** One edit or move, as the message's edit history lists it (newest first). */
export interface MessageEdit {
  readonly userId: number | null;
  readonly timestamp: number;
  readonly prevContent?: string;
  readonly prevRenderedContent?: string;
  readonly prevTopic?: string;
  readonly topic?: string;
  readonly prevChannelId?: number;
  readonly channelId?: number;
}

/**
 * A message, channel or direct. Flags are per user (State.userMessages); what
 * the renderer found (mentions) is kept so that a recipient's flags can be
 * worked out again after an edit.
 */
export interface Message {
  readonly id: number;
  /** A realm user, or a system bot (State.systemBots). */
  readonly senderId: number;
  /** The channel of a channel message; null for a direct message. */
  readonly channelId: number | null;
  /** The topic of a channel message ('' is the empty topic); '' for a direct message. */
  readonly topic: string;
  /** Every participant of a direct message, sender included, ascending; empty for a channel message. */
  readonly directUserIds: readonly number[];
  readonly recipientId: number;
  /** Raw Markdown. */
  readonly content: string;
  readonly renderedContent: string;
  /** UNIX seconds. */
  readonly dateSent: number;
  /** The sending client's name (`client` in the message object). */
  readonly client: string;
  readonly isMeMessage: boolean;
  /** Users mentioned by name, ascending (not silently). */
  readonly mentionedUserIds: readonly number[];
  /** Groups mentioned (not silently): their members, at send time, are mentioned. */
  readonly mentionedGroupIds: readonly number[];
  readonly streamWildcard: boolean;
  readonly topicWildcard: boolean;
  readonly hasLink: boolean;
  readonly hasImage: boolean;
  readonly hasAttachment: boolean;
  readonly reactions: readonly Reaction[];
  /** Newest first. */
  readonly editHistory: readonly MessageEdit[];
  readonly lastEditTimestamp: number | null;
  readonly lastMovedTimestamp: number | null;
}

/**
 * An uploaded file (the real server's Attachment). Its bytes live in the
 * content store beside the model under `contentKey`; the model keeps only
 * this record (reference server-messages-channels §12).
 */
export interface Attachment {
  readonly id: number;
  /** The name the client gave, URL-unquoted and not sanitised. */
  readonly fileName: string;
  /** `<realm_id>/<hex>/<token>/<sanitised name>`; the file's URL is /user_uploads/<pathId>. */
  readonly pathId: string;
  readonly ownerId: number;
  /** Bytes. */
  readonly size: number;
  readonly contentType: string;
  readonly contentKey: string;
  /** UNIX seconds. */
  readonly createTime: number;
  /** Ascending ids of the messages that claimed it. */
  readonly messageIds: readonly number[];
}

/** A short-lived link to an upload that needs no authentication (GET /user_uploads/temporary/…). */
export interface TemporaryUploadToken {
  readonly pathId: string;
  /** UNIX seconds after which the link no longer works. */
  readonly expiresAt: number;
}

/** Uploads and their indexes, changed only by actions/attachments.ts. */
export interface Uploads {
  readonly attachments: Table<number, Attachment>;
  readonly attachmentIdByPath: Table<string, number>;
  /** Owner id → ids of the files they uploaded. */
  readonly attachmentIdsByOwner: Table<number, IdTree>;
  /** Message id → ids of the files it claimed. */
  readonly attachmentIdsByMessage: Table<number, readonly number[]>;
  readonly temporaryTokens: Table<string, TemporaryUploadToken>;
  /** Issue number → token, so expired tokens are dropped oldest first. */
  readonly temporaryTokenOrder: Table<number, string>;
  readonly nextTokenNumber: number;
  readonly oldestTokenNumber: number;
  /** Bytes of all the realm's attachments (upload_space_used). */
  readonly spaceUsed: number;
}

/**
 * A custom emoji of the organization (the real server's RealmEmoji). Its
 * image lives in the content store under `contentKey`, and stays there once
 * the emoji is deactivated, as the real server keeps the file.
 */
export interface RealmEmoji {
  readonly id: number;
  /** Lower-case letters, digits, `-` and `_`; unique among active emoji. */
  readonly name: string;
  /** Null when the uploader is unknown. */
  readonly authorId: number | null;
  /** `<8 hex digits>.<ext>`: the image is /user_avatars/<realm_id>/emoji/images/<fileName>. */
  readonly fileName: string;
  readonly contentType: string;
  readonly contentKey: string;
  /** Bytes. */
  readonly size: number;
  readonly deactivated: boolean;
  /** UNIX seconds. */
  readonly dateCreated: number;
}

/** Custom emoji and their indexes, changed only by actions/realm-emoji.ts. */
export interface RealmEmojiTables {
  readonly byId: Table<number, RealmEmoji>;
  /** Name → id of the active emoji with that name. */
  readonly activeIdByName: Table<string, number>;
  /** Image file name → id, for serving the image. */
  readonly idByFileName: Table<string, number>;
}

/**
 * The server's cross-realm bots. They are not members of the realm (GET
 * /users does not list them), so they live here and not in State.users; their
 * ids lie outside the realm's user ids.
 */
/** An outgoing webhook's endpoint, or an embedded bot's program (the real server's Service). */
export interface BotService {
  /** The embedded bot's name, or the outgoing webhook's service name. */
  readonly name: string;
  readonly baseUrl: string;
  /** 1 Zulip's own format, 2 Slack's. */
  readonly interface: 1 | 2;
  /** Sent with each outgoing request so the receiver can check it came from us. */
  readonly token: string;
}

/** What a bot has beyond its user row (the real server keeps it on UserProfile, Service and BotConfigData). */
export interface BotProfile {
  readonly defaultSendingChannelId: number | null;
  readonly defaultEventsRegisterChannelId: number | null;
  readonly defaultAllPublicStreams: boolean;
  /** Outgoing webhook and embedded bots have one; other bots none. */
  readonly service: BotService | null;
  /** Key → value (embedded bots' config_data; an incoming webhook's integration_id and settings). */
  readonly config: { readonly [key: string]: string };
}

export interface SystemBots {
  readonly notificationBot: User;
}

/** A user's draft, synchronised across their clients (the real server's Draft, zerver/lib/drafts.py). */
export interface Draft {
  readonly id: number;
  /** '' for an unaddressed draft. */
  readonly type: 'stream' | 'private' | '';
  /** The channel (one id), the users a direct message addresses, or none. */
  readonly to: readonly number[];
  readonly topic: string;
  readonly content: string;
  /** UNIX seconds, fractional: the client's last edit. */
  readonly lastEditTime: number;
}

/** A user's setting for one view of the web app's left sidebar (the real server's NavigationView). */
export interface NavigationView {
  readonly fragment: string;
  readonly isPinned: boolean;
  /** Null for the built-in views. */
  readonly name: string | null;
}

/**
 * A message to be sent later, or a reminder (the real server's
 * ScheduledMessage with delivery type SEND_LATER or REMIND). Delivered ones
 * stay, as the real server keeps their rows; only pending ones are due.
 */
export interface ScheduledMessage {
  readonly id: number;
  readonly kind: 'send_later' | 'remind';
  readonly senderId: number;
  /** The channel of a channel message; null for a direct message (and every reminder). */
  readonly channelId: number | null;
  readonly topic: string;
  /** Direct messages: the users addressed (the sender may be among them), ascending. */
  readonly directUserIds: readonly number[];
  readonly content: string;
  readonly renderedContent: string;
  /** UNIX seconds. */
  readonly deliverAt: number;
  readonly readBySender: boolean;
  /** The sending client's name, kept for the delivery. */
  readonly client: string;
  /** Where the sender reached the server: the delivery renders links against it. */
  readonly origin: string;
  readonly status: 'pending' | 'failed' | 'delivered';
  readonly failureMessage: string | null;
  readonly reminderTargetMessageId: number | null;
  readonly reminderNote: string | null;
}

/** Scheduled messages and reminders with the indexes their listings and delivery read (tables/scheduled-messages.ts). */
export interface ScheduledMessageTables {
  readonly byId: Table<number, ScheduledMessage>;
  /** Sender id → ids of their scheduled messages and reminders. */
  readonly idsBySender: Table<number, IdTree>;
  /** Delivery times with pending messages, as keys (UNIX seconds lie beyond a Table's key range). */
  readonly dueTimes: IdTree;
  /** Delivery time (decimal text) → ids of the pending messages due then, ascending. */
  readonly dueIdsByTime: Table<string, readonly number[]>;
}

export interface Counters {
  readonly nextUserId: number;
  readonly nextProfileFieldId: number;
  readonly nextEmailId: number;
  readonly nextGroupId: number;
  readonly nextChannelId: number;
  readonly nextMessageId: number;
  readonly nextRecipientId: number;
  readonly nextSavedSnippetId: number;
  readonly nextAttachmentId: number;
  readonly nextLinkifierId: number;
  readonly nextRealmEmojiId: number;
  /** The next presence sequence number (the real server's PresenceSequence.last_update_id + 1). */
  readonly nextPresenceUpdateId: number;
  readonly nextChannelFolderId: number;
  readonly nextInvitationId: number;
  readonly nextInvitationLinkId: number;
  readonly nextPlaygroundId: number;
  readonly nextRealmExportId: number;
  readonly nextDraftId: number;
  readonly nextScheduledMessageId: number;
}

export interface State {
  /** The API feature level the server answers at (feature-levels/table.ts); its version name follows from it. */
  readonly featureLevel: number;
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
  /** The organization's linkifiers in processing order; a realm has a handful, so a plain array. */
  readonly linkifiers: readonly Linkifier[];
  /** Field id → (user id → user id): the users holding a value of the field, kept by putUserMutably. */
  readonly profileValueHolderIds: Table<number, Table<number, number>>;
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
  /** Channel id → its messages' ids. */
  readonly messageIdsByChannel: Table<number, IdTree>;
  /** Channel id → topic key (lower-cased) → the topic's message ids. */
  readonly messageIdsByTopic: Table<number, Table<string, IdTree>>;
  /** Direct-message conversation key (participant ids) → its message ids. */
  readonly messageIdsByConversation: Table<string, IdTree>;
  /** User id → (message id → flag bits): the user's message rows (rules/message-flags.ts). */
  readonly userMessages: Table<number, IdTree>;
  /** User id → ids of their unread rows; likewise starred, mentioned (any kind) and direct-message rows. */
  readonly unreadMessageIds: Table<number, IdTree>;
  readonly starredMessageIds: Table<number, IdTree>;
  readonly mentionedMessageIds: Table<number, IdTree>;
  readonly directMessageIds: Table<number, IdTree>;
  /** User id → the users they share a one-to-one conversation with (a guest may see those users). */
  readonly directMessagePartnerIds: Table<number, Table<number, number>>;
  /** Channel id → users who hold or held a row of one of its messages: whose rows a deletion must look at. */
  readonly rowHolderIdsByChannel: Table<number, Table<number, number>>;
  /** Conversation key ('channel:<id>', 'user:<id>', 'group:<ids>') → recipient_id. */
  readonly recipientIds: Table<string, number>;
  readonly systemBots: SystemBots;
  readonly uploads: Uploads;
  /** User id → (snippet id → snippet): each user's own saved snippets. */
  readonly savedSnippetsByUser: Table<number, Table<number, SavedSnippet>>;
  /** User id → their video call provider token, for users whose token is not the default one. */
  readonly providerTokens: Table<number, ProviderToken>;
  /** User id → presence, for users some client reported (tables/presence.ts). */
  readonly presenceByUser: Table<number, Presence>;
  /** Presence sequence number → the user whose row carries it: what an incremental presence fetch walks. */
  readonly presenceUserIdByUpdateId: Table<number, number>;
  /** User id → (`<kind>:<token>` → token): the push tokens each user registered. */
  readonly pushDeviceTokensByUser: Table<number, Table<string, PushDeviceToken>>;
  /** The organization's custom emoji, active and deactivated. */
  readonly realmEmoji: RealmEmojiTables;
  /** Bot id → what it has beyond its user row; a bot without a row has the defaults (rules/bots.ts). */
  readonly botProfiles: Table<number, BotProfile>;
  /** User id → their alert words, in the order they were added. */
  readonly alertWordsByUser: Table<number, readonly string[]>;
  /** User id → (muted user id → UNIX seconds the mute began). */
  readonly mutedUsersByUser: Table<number, Table<number, number>>;
  /** User id → (channel id → (topic key → the user's visibility policy for the topic)). */
  readonly userTopicsByUser: Table<number, Table<number, Table<string, UserTopic>>>;
  /** Channel id → (user id → user id): the users with a visibility policy for some topic of the channel. */
  readonly userTopicUserIdsByChannel: Table<number, Table<number, number>>;
  /** Channel folders, archived ones included. */
  readonly channelFolders: Table<number, ChannelFolder>;
  /** Folder id → (channel id → channel id): the channels in each folder, archived ones included (kept by putChannelMutably). */
  readonly channelIdsByFolder: Table<number, Table<number, number>>;
  readonly invitations: Invitations;
  /** A realm has a handful, in creation order, so a plain array. */
  readonly realmPlaygrounds: readonly RealmPlayground[];
  readonly realmExports: readonly RealmExport[];
  /** The organization's defaults for new users' settings, where they differ from the server's (setting name → value). */
  readonly realmUserSettingsDefaults: { readonly [name: string]: boolean | number | string };
  /** Session key (the sessionid cookie) → session. */
  readonly sessions: Table<string, Session>;
  /** User id → (draft id → draft): each user's synchronised drafts. */
  readonly draftsByUser: Table<number, Table<number, Draft>>;
  /** User id → their navigation views in creation order (a handful each). */
  readonly navigationViewsByUser: Table<number, readonly NavigationView[]>;
  readonly scheduledMessages: ScheduledMessageTables;
}

/** State with its top-level fields assignable: for the tables' *Mutably writers and for building a State outside a request. */
export type WritableState = { -readonly [K in keyof State]: State[K] };
