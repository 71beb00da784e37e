/**
 * Where answers differ between server versions. The realm's feature level
 * picks the version, so each rule here names the level at which the real
 * server changed; the rest of the model asks these and never compares levels.
 */
import type { ApiError } from '../errors.js';
import type { NarrowTerm } from '../narrow/terms.js';
import type { Channel, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { canAccessChannelContent, canAccessChannelMetadata } from './channels.js';
import { canPostInChannel } from './message-moving.js';

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

// ── 372–421 ──────────────────────────────────────────────────────────────

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
