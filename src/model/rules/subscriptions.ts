/**
 * Named rules of subscribing and unsubscribing: who may create which
 * channel, who may subscribe or unsubscribe others, and how principals (ids
 * or e-mails) resolve to users.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, Subscription, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { areWebPublicChannelsEnabled, canAccessChannelMetadata, isInChannelGroup } from './channels.js';
import { canChangeArchivedSubscriptions, hasLegacyPrincipalErrors } from './feature-levels.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isAdministrator, isBot, isGuest, isOwner } from './roles.js';
import { canAccessUser, selectUser, selectUserByVisibleEmail } from './users.js';

/** Above this many newly subscribed users, the real server sends no "you were subscribed" messages. */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

export interface ChannelCreationRequest {
  readonly inviteOnly: boolean;
  readonly isWebPublic: boolean;
  readonly isDefaultStream: boolean;
  /** Null inherits the organization's setting. */
  readonly messageRetentionDays: number | null;
}

/** The real server's checks before creating a channel, in its order. */
export function checkChannelCreation(state: State, actor: User, request: ChannelCreationRequest, now: number): Checked<true> {
  const creationGroup = request.inviteOnly ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
  if (!hasRealmPermission(state, actor, creationGroup, now)) return reject(Errors.insufficientPermission());
  if (request.isDefaultStream && !isAdministrator(actor)) return reject(Errors.insufficientPermission());
  if (request.inviteOnly && request.isDefaultStream) return reject(Errors.defaultChannelCannotBePrivate());
  if (request.isWebPublic) {
    if (!areWebPublicChannelsEnabled(state)) return reject(Errors.webPublicChannelsDisabled());
    if (!hasRealmPermission(state, actor, 'can_create_web_public_channel_group', now)) return reject(Errors.insufficientPermission());
  }
  if (request.messageRetentionDays !== null && !isOwner(actor)) return reject(Errors.mustBe('owner'));
  return accept(true);
}

/** New public channels always share their history; private ones protect it unless asked otherwise. */
export function historyPublicToSubscribers(inviteOnly: boolean, requested: boolean | undefined): boolean {
  return inviteOnly ? (requested ?? false) : true;
}

/** Before feature level 362 an archived channel's subscriptions are frozen. */
export function canChangeSubscriptionsIn(state: State, channel: Channel): boolean {
  return !channel.isArchived || canChangeArchivedSubscriptions(state);
}

/**
 * Whether `actor` may subscribe other users to a channel whose content they
 * can access: the organization's can_add_subscribers_group, administrators,
 * and the channel's administering and subscriber-adding groups. Members of
 * the channel's can_add_subscribers_group need no subscription of their own.
 */
export function canSubscribeOthers(state: State, actor: User, channel: Channel, now: number): boolean {
  if (isGuest(actor)) return false;
  if (hasRealmPermission(state, actor, 'can_add_subscribers_group', now)) return true;
  if (isAdministrator(actor)) return true;
  return (
    isInChannelGroup(state, actor, channel, 'can_administer_channel_group', now) || isInChannelGroup(state, actor, channel, 'can_add_subscribers_group', now)
  );
}

/**
 * Whether `actor` may unsubscribe others from all these channels, as the real
 * server decides it for the whole request: administrators may; otherwise it
 * is enough to administer every one of them, or else to see each one and be
 * in each one's can_remove_subscribers_group.
 */
export function canRemoveSubscribers(state: State, actor: User, channels: readonly Channel[], now: number): boolean {
  if (isAdministrator(actor)) return true;
  if (isGuest(actor)) return false;
  if (channels.every((channel) => isInChannelGroup(state, actor, channel, 'can_administer_channel_group', now))) return true;
  return channels.every(
    (channel) => canAccessChannelMetadata(state, actor, channel, now) && isInChannelGroup(state, actor, channel, 'can_remove_subscribers_group', now),
  );
}

export type Principals = readonly number[] | readonly string[];

/** Subscribing "others" means any principal but the actor's own id; even the actor's own e-mail counts. */
export function isSubscribingOthers(actor: User, principals: Principals | undefined): boolean {
  return principals !== undefined && principals.length > 0 && !principals.every((principal) => principal === actor.id);
}

/** Unsubscribing "others": anyone but oneself and the bots one owns. */
export function isUnsubscribingOthers(actor: User, targets: readonly User[]): boolean {
  return targets.some((target) => target.id !== actor.id && !(isBot(target) && target.botOwnerId === actor.id));
}

/**
 * Principals (all ids or all e-mails) → active users, without duplicates, in
 * order. E-mails resolve as the actor may see them; bots are allowed.
 */
export function resolvePrincipals(state: State, actor: User, principals: Principals): Checked<readonly User[]> {
  const legacy = hasLegacyPrincipalErrors(state);
  const users = new Map<number, User>();
  for (const principal of principals) {
    const found = typeof principal === 'number' ? selectUser(state, principal) : selectUserByVisibleEmail(state, actor, principal);
    if (found === undefined || !canAccessUser(state, actor, found)) {
      return reject(legacy ? Errors.legacyUnauthorizedPrincipal(principal) : Errors.noSuchUser());
    }
    if (!found.isActive) return reject(legacy ? Errors.legacyUnauthorizedPrincipal(principal) : Errors.userIsDeactivated());
    users.set(found.id, found);
  }
  return accept([...users.values()]);
}

export function selectSubscription(state: State, userId: number, channelId: number): Subscription | undefined {
  const ofUser = getRow(state.subscriptionsByUser, userId);
  return ofUser === undefined ? undefined : getRow(ofUser, channelId);
}

/** The subscription the user had to the channel before leaving it, unless they have rejoined. */
export function selectFormerSubscription(state: State, userId: number, channelId: number): Subscription | undefined {
  const ofUser = getRow(state.formerSubscriptionsByUser, userId);
  return ofUser === undefined ? undefined : getRow(ofUser, channelId);
}
