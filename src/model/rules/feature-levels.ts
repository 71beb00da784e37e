/**
 * Where answers differ between server versions. The realm's feature level
 * picks the version, so each rule here names the level at which the real
 * server changed; the rest of the model asks these and never compares levels.
 */
import type { ApiError } from '../errors.js';
import type { NarrowTerm } from '../narrow/terms.js';
import type { Channel, Message, State, User } from '../state.js';
import { rows } from '../tables/table.js';
import { isSubscribed, selectChannel } from './channels.js';

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

/** Bots became able to change group membership here. */
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

// ── 278–334 ──────────────────────────────────────────────────────────────

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

// ── 422–460 ──────────────────────────────────────────────────────────────

// ── 461–496 ──────────────────────────────────────────────────────────────
