/**
 * Where answers differ between server versions. The realm's feature level
 * picks the version, so each rule here names the level at which the real
 * server changed; the rest of the model asks these and never compares levels.
 */
import type { ApiError } from '../errors.js';
import type { NarrowTerm } from '../narrow/terms.js';
import type { Channel, Message, RealmGroupSettingName, State, SystemGroupName, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { canAccessChannelContent, canAccessChannelMetadata, isSubscribed, selectChannel } from './channels.js';
import { canPostInChannel } from './message-moving.js';
import { systemGroupNameOf } from './system-groups.js';

/** Unknown or deactivated principals became 400 BAD_REQUEST here; before, they were 403 UNAUTHORIZED_PRINCIPAL. */
export const PRINCIPAL_ERROR_FEATURE_LEVEL = 208;

export function hasLegacyPrincipalErrors(state: State): boolean {
  return state.featureLevel < PRINCIPAL_ERROR_FEATURE_LEVEL;
}

/** Subscriptions in archived channels became changeable here; before, they were frozen. */
export const ARCHIVED_SUBSCRIPTIONS_FEATURE_LEVEL = 362;

export function canChangeArchivedSubscriptions(state: State): boolean {
  return state.featureLevel >= ARCHIVED_SUBSCRIPTIONS_FEATURE_LEVEL;
}

/** Members and subgroups of deactivated groups became changeable here. */
export const DEACTIVATED_GROUP_MEMBERSHIP_FEATURE_LEVEL = 391;

export function canChangeDeactivatedGroupMembership(state: State): boolean {
  return state.featureLevel >= DEACTIVATED_GROUP_MEMBERSHIP_FEATURE_LEVEL;
}

/** The topics_policy value empty_topic_only appeared here; before, it was an invalid value. */
export const EMPTY_TOPIC_ONLY_FEATURE_LEVEL = 404;

export function knowsEmptyTopicOnlyPolicy(state: State): boolean {
  return state.featureLevel >= EMPTY_TOPIC_ONLY_FEATURE_LEVEL;
}

/** Up to this level every new channel got a channel-events message; after it, the realm's send_channel_events_messages decides. */
export const LAST_FEATURE_LEVEL_ALWAYS_SENDING_CHANNEL_EVENTS = 433;

export function alwaysSendsChannelEventsMessages(state: State): boolean {
  return state.featureLevel <= LAST_FEATURE_LEVEL_ALWAYS_SENDING_CHANNEL_EVENTS;
}

/** Bots became able to create, list, update and change the membership of user groups here. */
export const BOT_GROUP_MEMBERSHIP_FEATURE_LEVEL = 496;

export function canBotsChangeGroupMembership(state: State): boolean {
  return state.featureLevel >= BOT_GROUP_MEMBERSHIP_FEATURE_LEVEL;
}

/*
 * Register keys the real server added at a feature level (its OpenAPI's
 * "New in" notes): below the level the key is not sent
 * (endpoints/register/fetch-types.ts).
 */

/** presence_last_update_id in the presence section. */
export const PRESENCE_LAST_UPDATE_ID_FEATURE_LEVEL = 263;
/** saved_snippets. */
export const SAVED_SNIPPETS_FEATURE_LEVEL = 297;
/** realm_billing. */
export const REALM_BILLING_FEATURE_LEVEL = 363;
/** navigation_tour_video_url with onboarding_steps. */
export const NAVIGATION_TOUR_VIDEO_FEATURE_LEVEL = 369;
/** channel_folders. */
export const CHANNEL_FOLDERS_FEATURE_LEVEL = 389;
/** navigation_views. */
export const NAVIGATION_VIEWS_FEATURE_LEVEL = 390;
/** reminders. */
export const REMINDERS_FEATURE_LEVEL = 399;
/** push_devices. */
export const PUSH_DEVICES_FEATURE_LEVEL = 406;
/** has_webex_token with video_calls. */
export const WEBEX_TOKEN_FEATURE_LEVEL = 493;

/*
 * Behaviour that changed at a level, one section per table file
 * (feature-levels/levels-*.ts): each rule is named for what it answers.
 */

// ── 185–236 ──────────────────────────────────────────────────────────────

/** Bots (and the system bots) became mutable here; before, muting or unmuting one was "No such user". */
export const MUTE_BOTS_FEATURE_LEVEL = 188;

export function canMuteBots(state: State): boolean {
  return state.featureLevel >= MUTE_BOTS_FEATURE_LEVEL;
}

/** Deactivating a custom emoji that does not exist became 404 here; before, 400. */
export const MISSING_EMOJI_404_FEATURE_LEVEL = 190;

export function missingCustomEmojiStatus(state: State): number {
  return state.featureLevel >= MISSING_EMOJI_404_FEATURE_LEVEL ? 404 : 400;
}

/** The `id` narrow operator took an integer operand here; before, only a string (a JSON integer failed the old string check). */
export const INTEGER_ID_OPERAND_FEATURE_LEVEL = 194;

export function legacyNarrowOperandError(state: State, terms: readonly NarrowTerm[]): ApiError | null {
  if (state.featureLevel >= INTEGER_ID_OPERAND_FEATURE_LEVEL) return null;
  const integer = terms.some((term) => term.operator === 'id' && typeof term.operand === 'number');
  return integer ? { status: 400, code: 'BAD_REQUEST', msg: 'elem["operand"] is not a string' } : null;
}

/** Members could create reusable invitation links here (create_multiuse_invite_group); before, administrators only. */
export const MEMBER_INVITATION_LINKS_FEATURE_LEVEL = 209;

export function invitationLinksNeedAdministrator(state: State): boolean {
  return state.featureLevel < MEMBER_INVITATION_LINKS_FEATURE_LEVEL;
}

/** The followed visibility policy (3) appeared here; before, an invalid value. */
export const FOLLOWED_TOPICS_FEATURE_LEVEL = 219;

export function legacyVisibilityPolicyError(state: State, policy: number): ApiError | null {
  if (state.featureLevel >= FOLLOWED_TOPICS_FEATURE_LEVEL || policy !== 3) return null;
  return { status: 400, code: 'BAD_REQUEST', msg: 'Invalid visibility_policy' };
}

/** A user's deactivation and reactivation became realm_user update {is_active} here; before, realm_user remove and add. */
export const ACTIVATION_UPDATE_EVENTS_FEATURE_LEVEL = 222;

export function sendsActivationAsRemoveAndAdd(state: State): boolean {
  return state.featureLevel < ACTIVATION_UPDATE_EVENTS_FEATURE_LEVEL;
}

/** Topic wildcard mentions (@topic) became subject to the wildcard mention policy here; before, never refused. */
export const TOPIC_WILDCARD_POLICY_FEATURE_LEVEL = 229;

export function restrictsTopicWildcardMentions(state: State): boolean {
  return state.featureLevel >= TOPIC_WILDCARD_POLICY_FEATURE_LEVEL;
}

// ── 237–277 ──────────────────────────────────────────────────────────────

/** `@**channel**` became a wildcard mention (like `@**stream**`) here; before, it named a user called "channel". */
export const CHANNEL_WILDCARD_MENTION_FEATURE_LEVEL = 247;

export function knowsChannelWildcardMention(state: State): boolean {
  return state.featureLevel >= CHANNEL_WILDCARD_MENTION_FEATURE_LEVEL;
}

/** The narrow operators `channel` and `channels` (aliases of `stream` and `streams`) appeared here. */
export const CHANNEL_NARROW_OPERATORS_FEATURE_LEVEL = 250;
/** The narrow filter `has:reaction` appeared here. */
export const HAS_REACTION_FEATURE_LEVEL = 249;
/** The narrow filter `is:followed` appeared here. */
export const IS_FOLLOWED_FEATURE_LEVEL = 265;
/** The narrow operator `with` appeared here. */
export const WITH_OPERATOR_FEATURE_LEVEL = 271;

/**
 * Why a narrow term is refused at the realm's level when the newest server
 * knows it (the real server's BadNarrowOperatorError text), or null. Terms the
 * level knows go on to the newest checks; `with` below its level is simply an
 * unknown operator (knowsWithOperator keeps it from being rewritten).
 */
export function narrowTermUnknownAtLevel(state: State, term: { readonly operator: string; readonly operand: unknown }): string | null {
  const level = state.featureLevel;
  if (level >= WITH_OPERATOR_FEATURE_LEVEL) return null;
  const { operator, operand } = term;
  if ((operator === 'channel' || operator === 'channels') && level < CHANNEL_NARROW_OPERATORS_FEATURE_LEVEL) return `unknown operator ${operator}`;
  if (operator === 'has' && operand === 'reaction' && level < HAS_REACTION_FEATURE_LEVEL) return "unknown 'has' operand reaction";
  if (operator === 'is' && operand === 'followed' && level < IS_FOLLOWED_FEATURE_LEVEL) return "unknown 'is' operand followed";
  return null;
}

/** Whether GET /messages rewrites a `with` term into its conversation (below the level, `with` is an unknown operator). */
export function knowsWithOperator(state: State): boolean {
  return state.featureLevel >= WITH_OPERATOR_FEATURE_LEVEL;
}

/** From here the user who deletes a message always gets its delete_message event, subscribed to its channel or not. */
export const DELETE_MESSAGE_TO_DELETER_FEATURE_LEVEL = 274;

/** The users a deletion's delete_message events go to: from the level, the deleter as well. */
export function deletionAudienceAtLevel(state: State, userIds: readonly number[], deleterId: number | undefined): readonly number[] {
  if (deleterId === undefined || state.featureLevel < DELETE_MESSAGE_TO_DELETER_FEATURE_LEVEL || userIds.includes(deleterId)) return userIds;
  return [...userIds, deleterId].sort((a, b) => a - b);
}

// ── 278–334 ──────────────────────────────────────────────────────────────

/** Before this level a production server took only system groups for group settings (can_mention_group excepted). */
export const ANY_GROUP_SETTING_VALUE_FEATURE_LEVEL = 309;

/** Settings that took a plain group id, not a group-setting value, below the level given. */
const PLAIN_GROUP_ID_SETTINGS: Readonly<Record<string, number>> = {
  create_multiuse_invite_group: 314,
  can_access_all_users_group: 314,
  can_remove_subscribers_group: 320,
};

/** Whether a server of the state's level takes only a system group for the setting (the real server's SystemGroupRequiredError). */
export function takesOnlySystemGroups(state: State, settingName: string): boolean {
  return state.featureLevel < ANY_GROUP_SETTING_VALUE_FEATURE_LEVEL && settingName !== 'can_mention_group';
}

/** Whether a server of the state's level takes only a plain group id (no anonymous group) for the setting. */
export function takesOnlyGroupIds(state: State, settingName: string): boolean {
  const since = PLAIN_GROUP_ID_SETTINGS[settingName];
  return since !== undefined && state.featureLevel < since;
}

/**
 * The organization policies that group settings replaced in 10.0: the group
 * setting(s) each became, and the system group each policy value names.
 */
export const LEGACY_REALM_POLICIES = {
  create_web_public_stream_policy: {
    setting: 'can_create_web_public_channel_group',
    settings: ['can_create_web_public_channel_group'],
    values: { 2: 'role:administrators', 4: 'role:moderators', 6: 'role:nobody', 7: 'role:owners' },
    fallback: 7,
  },
  delete_own_message_policy: {
    setting: 'can_delete_own_message_group',
    settings: ['can_delete_own_message_group'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators', 5: 'role:everyone' },
    fallback: 1,
  },
  user_group_edit_policy: {
    setting: 'can_manage_all_groups',
    settings: ['can_create_groups', 'can_manage_all_groups'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators' },
    fallback: 1,
  },
  add_custom_emoji_policy: {
    setting: 'can_add_custom_emoji_group',
    settings: ['can_add_custom_emoji_group'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators' },
    fallback: 1,
  },
  move_messages_between_streams_policy: {
    setting: 'can_move_messages_between_channels_group',
    settings: ['can_move_messages_between_channels_group'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators', 6: 'role:nobody' },
    fallback: 1,
  },
  edit_topic_policy: {
    setting: 'can_move_messages_between_topics_group',
    settings: ['can_move_messages_between_topics_group'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators', 5: 'role:everyone', 6: 'role:nobody' },
    fallback: 5,
  },
  invite_to_realm_policy: {
    setting: 'can_invite_users_group',
    settings: ['can_invite_users_group'],
    values: { 1: 'role:members', 2: 'role:administrators', 3: 'role:fullmembers', 4: 'role:moderators', 6: 'role:nobody' },
    fallback: 1,
  },
} as const satisfies Readonly<
  Record<
    string,
    {
      readonly setting: RealmGroupSettingName;
      readonly settings: readonly RealmGroupSettingName[];
      readonly values: Readonly<Record<number, SystemGroupName>>;
      readonly fallback: number;
    }
  >
>;

export type LegacyRealmPolicy = keyof typeof LEGACY_REALM_POLICIES;

/** The policy value a server of the level below showed for the group setting that replaced it; `fallback` when no value names the group. */
export function legacyPolicyFor(state: State, policy: LegacyRealmPolicy): number {
  const { setting, values, fallback } = LEGACY_REALM_POLICIES[policy];
  const value = state.realm.settings.groups[setting];
  if (typeof value !== 'number') return fallback;
  const name = systemGroupNameOf(state, value);
  for (const [number, group] of Object.entries(values)) if (group === name) return Number(number);
  return fallback;
}

/**
 * PATCH /realm as the level below took it: the policy parameter becomes a
 * change of the group setting(s) to the system group it names. An unknown
 * value is left as it came (then ignored), where the real server refused it.
 */
export function policyGroupParam(state: State, params: Readonly<Record<string, string>>, policy: LegacyRealmPolicy): Readonly<Record<string, string>> {
  const raw = params[policy];
  if (raw === undefined) return params;
  const { settings, values } = LEGACY_REALM_POLICIES[policy];
  const group = (values as Readonly<Record<number, SystemGroupName>>)[Number(raw)];
  if (group === undefined || !/^\d+$/.test(raw)) return params;
  const { [policy]: _policy, ...rest } = params;
  const change = JSON.stringify({ new: state.systemGroupIds[group] });
  return { ...rest, ...Object.fromEntries(settings.map((name) => [name, change])) };
}

/**
 * The realm/update events a server below the level sent when the policy that
 * a group setting replaced changed (none at and above the level, or for
 * settings that replaced no policy).
 */
export function legacyRealmPolicyEvents(state: State, settingName: string): { type: 'realm'; op: 'update'; property: string; value: number }[] {
  const events: { type: 'realm'; op: 'update'; property: string; value: number }[] = [];
  for (const [policy, { setting }] of Object.entries(LEGACY_REALM_POLICIES)) {
    if (setting !== settingName || state.featureLevel >= LEGACY_REALM_POLICY_LEVELS[policy as LegacyRealmPolicy]) continue;
    events.push({ type: 'realm', op: 'update', property: policy, value: legacyPolicyFor(state, policy as LegacyRealmPolicy) });
  }
  return events;
}

/** The level at which each policy gave way to its group setting. */
export const LEGACY_REALM_POLICY_LEVELS: { readonly [policy in LegacyRealmPolicy]: number } = {
  create_web_public_stream_policy: 280,
  delete_own_message_policy: 291,
  user_group_edit_policy: 299,
  add_custom_emoji_policy: 307,
  move_messages_between_streams_policy: 310,
  edit_topic_policy: 316,
  invite_to_realm_policy: 321,
};

/** The last level whose subscribe and channel update took stream_post_policy and is_announcement_only. */
export const CHANNEL_POST_POLICY_PARAMS_FEATURE_LEVEL = 333;

const STREAM_POST_POLICY_GROUPS: Readonly<Record<string, SystemGroupName>> = {
  1: 'role:everyone',
  2: 'role:administrators',
  3: 'role:fullmembers',
  4: 'role:moderators',
};

/**
 * POST /users/me/subscriptions and PATCH /streams/{id} as the level below
 * took them: stream_post_policy (or is_announcement_only) becomes the
 * can_send_message_group it names (plain on subscribe, {new} on update).
 */
export function channelPostPolicyParam(state: State, params: Readonly<Record<string, string>>, form: 'value' | 'change'): Readonly<Record<string, string>> {
  if (!('stream_post_policy' in params) && !('is_announcement_only' in params)) return params;
  const { stream_post_policy: policy, is_announcement_only: announcementOnly, ...rest } = params;
  let group: SystemGroupName | undefined;
  if (policy !== undefined) group = STREAM_POST_POLICY_GROUPS[policy];
  else if (announcementOnly === 'true') group = 'role:administrators';
  else if (announcementOnly === 'false') group = 'role:everyone';
  if (group === undefined) return params;
  const id = state.systemGroupIds[group];
  return { ...rest, can_send_message_group: JSON.stringify(form === 'value' ? id : { new: id }) };
}

// ── 335–371 ──────────────────────────────────────────────────────────────

/** Description and permission settings of deactivated groups became changeable here; before, only their name. */
export const DEACTIVATED_GROUP_SETTINGS_FEATURE_LEVEL = 340;

export function canChangeDeactivatedGroupSettings(state: State): boolean {
  return state.featureLevel >= DEACTIVATED_GROUP_SETTINGS_FEATURE_LEVEL;
}

/** Invitations may always name default channels from here; before, they needed the right to subscribe others like any channel. */
export const INVITE_DEFAULT_CHANNELS_FEATURE_LEVEL = 342;

export function mayAlwaysInviteToDefaultChannels(state: State): boolean {
  return state.featureLevel >= INVITE_DEFAULT_CHANNELS_FEATURE_LEVEL;
}

/** A new bot owner stopped costing the bot its private channels here. */
export const BOT_OWNER_KEEPS_CHANNELS_FEATURE_LEVEL = 359;

/**
 * The private channels a bot leaves when its owner changes: below 359 those
 * the new owner is not subscribed to (the real server's old do_change_bot_owner);
 * none from 359 on.
 */
export function selectBotOwnerChangeUnsubscriptions(state: State, bot: User, newOwner: User): readonly { user: User; channel: Channel }[] {
  if (state.featureLevel >= BOT_OWNER_KEEPS_CHANNELS_FEATURE_LEVEL) return [];
  const lost: { user: User; channel: Channel }[] = [];
  for (const channel of rows(state.channels)) {
    if (channel.inviteOnly && isSubscribed(state, bot.id, channel.id) && !isSubscribed(state, newOwner.id, channel.id)) lost.push({ user: bot, channel });
  }
  return lost;
}

/** Messages of archived channels became readable one by one (GET /messages/{id}, read receipts) here. */
export const ARCHIVED_CHANNEL_MESSAGES_FEATURE_LEVEL = 360;

/** Whether GET /messages/{id} and its read receipts refuse the message because its channel is archived (below 360). */
export function hidesArchivedChannelMessage(state: State, message: Message): boolean {
  if (state.featureLevel >= ARCHIVED_CHANNEL_MESSAGES_FEATURE_LEVEL || message.channelId === null) return false;
  return selectChannel(state, message.channelId)?.isArchived === true;
}

/** The narrow `is:muted` appeared here; before, an unknown `is` operand. */
export const IS_MUTED_NARROW_FEATURE_LEVEL = 366;

export function knowsNarrowIsOperand(state: State, operand: string): boolean {
  return operand !== 'muted' || state.featureLevel >= IS_MUTED_NARROW_FEATURE_LEVEL;
}

/** Links to a whole topic gained `/with/<first message id>` here (they follow the topic when it moves). */
export const TOPIC_LINKS_WITH_FEATURE_LEVEL = 347;

export function topicLinksFollowMoves(state: State): boolean {
  return state.featureLevel >= TOPIC_LINKS_WITH_FEATURE_LEVEL;
}

/** A sent or scheduled topic `(no topic)` became the empty topic here; before, it was a topic of that name. */
export const NO_TOPIC_IS_EMPTY_FEATURE_LEVEL = 370;

/** The literal topic name `(no topic)` a server below 370 keeps where a newer one reads the empty topic. */
export const NO_TOPIC = '(no topic)';

/** Whether the level keeps this sent topic as the name `(no topic)` (below 370) instead of normalizing it. */
export function keepsNoTopicLiteral(state: State, raw: string): boolean {
  return state.featureLevel < NO_TOPIC_IS_EMPTY_FEATURE_LEVEL && raw.trim() === NO_TOPIC;
}

// ── 372–421 ──────────────────────────────────────────────────────────────

/** `(no topic)` as a typing notification's topic became the empty topic here; before, it was a topic of that name. */
export const TYPING_NO_TOPIC_FEATURE_LEVEL = 372;

export function readsNoTopicAsEmptyInTyping(state: State): boolean {
  return state.featureLevel >= TYPING_NO_TOPIC_FEATURE_LEVEL;
}

/** Deactivating a user began telling the subscribers of the user's channels (peer_remove) here. */
export const PEER_REMOVE_ON_DEACTIVATION_FEATURE_LEVEL = 377;

export function sendsPeerRemoveOnDeactivation(state: State): boolean {
  return state.featureLevel >= PEER_REMOVE_ON_DEACTIVATION_FEATURE_LEVEL;
}

/**
 * register's never_subscribed began listing archived channels for queues
 * with the archived_channels capability here; before, no register key
 * showed a client an archived channel it was not subscribed to, and no
 * event announced one.
 */
export const ARCHIVED_NEVER_SUBSCRIBED_FEATURE_LEVEL = 362;

export function listsArchivedChannelsForCapableClients(state: State): boolean {
  return state.featureLevel >= ARCHIVED_NEVER_SUBSCRIBED_FEATURE_LEVEL;
}

/**
 * Archiving a channel began sending a stream update (is_archived) to queues
 * with the archived_channels capability, and register began listing archived
 * channels in `streams` for them, here; before, every queue got stream delete
 * and `streams` held only active channels.
 */
export const ARCHIVED_CHANNEL_UPDATES_FEATURE_LEVEL = 378;

export function keepsArchivedChannelsForCapableClients(state: State): boolean {
  return state.featureLevel >= ARCHIVED_CHANNEL_UPDATES_FEATURE_LEVEL;
}

/** register's is_moderator became true for administrators and owners too here; before, for the moderator role only. */
export const MODERATOR_FLAG_FOR_ADMINISTRATORS_FEATURE_LEVEL = 380;

export function flagsAdministratorsAsModerators(state: State): boolean {
  return state.featureLevel >= MODERATOR_FLAG_FOR_ADMINISTRATORS_FEATURE_LEVEL;
}

// ── 422–460 ──────────────────────────────────────────────────────────────

/** From here a deactivated user's peer_remove covers archived channels too; before, only unarchived ones. */
export const ARCHIVED_CHANNEL_PEER_REMOVE_FEATURE_LEVEL = 428;

/** The channels (of those the user was subscribed to) whose peers learn of a deactivation. */
export function deactivationPeerRemoveChannelIds(state: State, channelIds: readonly number[]): readonly number[] {
  if (state.featureLevel >= ARCHIVED_CHANNEL_PEER_REMOVE_FEATURE_LEVEL) return channelIds;
  return channelIds.filter((id) => getRow(state.channels, id)?.isArchived === false);
}

/** GET /users stopped listing inaccessible users as "Unknown user" placeholders here (a bug since FL 232); before, a guest got them. */
export const NO_INACCESSIBLE_USER_PLACEHOLDERS_FEATURE_LEVEL = 437;

export function listsInaccessibleUsersAsPlaceholders(state: State): boolean {
  return state.featureLevel < NO_INACCESSIBLE_USER_PLACEHOLDERS_FEATURE_LEVEL;
}

/** A channel's email address became reserved to users who may post there; before, metadata access sufficed. */
export const CHANNEL_EMAIL_NEEDS_POSTING_FEATURE_LEVEL = 448;

export function canGetChannelEmailAddress(state: State, user: User, channel: Channel, now: number): boolean {
  if (state.featureLevel < CHANNEL_EMAIL_NEEDS_POSTING_FEATURE_LEVEL) return canAccessChannelMetadata(state, user, channel, now);
  return canAccessChannelContent(state, user, channel, now) && canPostInChannel(state, user, channel, now);
}

/** Subscription status and group membership of bot users became answerable here; before, a bot was "No such user". */
export const BOT_TARGETS_FEATURE_LEVEL = 458;

export function answersAboutBotUsers(state: State): boolean {
  return state.featureLevel >= BOT_TARGETS_FEATURE_LEVEL;
}

// ── 461–496 ──────────────────────────────────────────────────────────────

/** A bot's new address came in a realm_bot update {email} from here (until bot dicts lost their user fields at 474). */
export const BOT_EMAIL_UPDATE_FEATURE_LEVEL = 461;
/** Bot dicts (realm_bots, realm_bot events) lost api_key and the user fields here, and realm_bot update stopped for them. */
export const LEAN_BOT_DICTS_FEATURE_LEVEL = 474;

/** Whether bot dicts carry the user fields (email, full_name, bot_type, is_active, api_key, avatar_url, owner_id). */
export function hasLegacyBotDictFields(state: State): boolean {
  return state.featureLevel < LEAN_BOT_DICTS_FEATURE_LEVEL;
}

/** Whether a change of a bot's name, owner, key, avatar or activity also goes out as a realm_bot update. */
export function sendsRealmBotUserFieldUpdates(state: State): boolean {
  return state.featureLevel < LEAN_BOT_DICTS_FEATURE_LEVEL;
}

/** Whether a bot's new address also goes out as a realm_bot update {email}. */
export function sendsRealmBotEmailUpdates(state: State): boolean {
  return state.featureLevel >= BOT_EMAIL_UPDATE_FEATURE_LEVEL && state.featureLevel < LEAN_BOT_DICTS_FEATURE_LEVEL;
}

/** Attachments list their messages as message_ids from here; before, as messages [{id, date_sent}]. */
export const ATTACHMENT_MESSAGE_IDS_FEATURE_LEVEL = 472;

export function listsAttachmentMessageIds(state: State): boolean {
  return state.featureLevel >= ATTACHMENT_MESSAGE_IDS_FEATURE_LEVEL;
}

/** Bots with administrator rights became able to set another user's status here. */
export const BOT_STATUS_FOR_USER_FEATURE_LEVEL = 473;

export function canBotsSetStatusForUser(state: State): boolean {
  return state.featureLevel >= BOT_STATUS_FOR_USER_FEATURE_LEVEL;
}

/** date_joined of API-created accounts became the first login's time here (with a realm_user update); before, it stayed the creation time. */
export const DATE_JOINED_AT_FIRST_LOGIN_FEATURE_LEVEL = 475;

export function updatesDateJoinedAtFirstLogin(state: State): boolean {
  return state.featureLevel >= DATE_JOINED_AT_FIRST_LOGIN_FEATURE_LEVEL;
}

/** Paragraph (type 2) fields became allowed in the profile summary here; user fields (type 6) never are. */
export const PARAGRAPH_IN_SUMMARY_FEATURE_LEVEL = 476;

export function canShowInProfileSummary(state: State, fieldType: number): boolean {
  if (fieldType === 6) return false;
  return fieldType !== 2 || state.featureLevel >= PARAGRAPH_IN_SUMMARY_FEATURE_LEVEL;
}

/** Archived channels' details, subscribers and topics became fetchable here; before, they looked missing. */
export const ARCHIVED_CHANNEL_READS_FEATURE_LEVEL = 480;

export function canFetchArchivedChannels(state: State): boolean {
  return state.featureLevel >= ARCHIVED_CHANNEL_READS_FEATURE_LEVEL;
}

/**
 * reaction events carried a duplicate `user` object {user_id, email,
 * full_name} until 328, again from 339 (a temporary re-addition), and for
 * good no more from 484.
 */
export const REACTION_USER_REMOVED_FEATURE_LEVEL = 328;
export const REACTION_USER_READDED_FEATURE_LEVEL = 339;
export const REACTION_USER_GONE_FEATURE_LEVEL = 484;

export function reactionEventsCarryUser(state: State): boolean {
  const level = state.featureLevel;
  return level < REACTION_USER_REMOVED_FEATURE_LEVEL || (level >= REACTION_USER_READDED_FEATURE_LEVEL && level < REACTION_USER_GONE_FEATURE_LEVEL);
}

/** push_devices (register) went away here, for `devices`. */
export const PUSH_DEVICES_REMOVED_FEATURE_LEVEL = 468;
