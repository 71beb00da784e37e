/**
 * Where answers differ between server versions. The realm's feature level
 * picks the version, so each rule here names the level at which the real
 * server changed; the rest of the model asks these and never compares levels.
 */
import type { State } from '../state.js';

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

// ── 335–371 ──────────────────────────────────────────────────────────────

// ── 372–421 ──────────────────────────────────────────────────────────────

// ── 422–460 ──────────────────────────────────────────────────────────────

// ── 461–496 ──────────────────────────────────────────────────────────────
