/**
 * The subscription dict of GET /users/me/subscriptions: the channel's fields
 * (without is_default) plus the user's personal settings for it.
 */

import type { State, Subscription } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { presentChannel } from './channel.js';

/** Channels with at least this many subscribers get only partial_subscribers with include_subscribers=partial. */
export const PARTIAL_SUBSCRIBERS_THRESHOLD = 250;

export interface SubscriptionViewOptions {
  readonly includeSubscribers: boolean | 'partial';
}

/** Active subscribers of a channel, ascending by id. */
export function selectSubscriberIds(state: State, channelId: number): number[] {
  const subscribers = getRow(state.subscriberIdsByChannel, channelId);
  if (subscribers === undefined) return [];
  const ids: number[] = [];
  for (const userId of rows(subscribers)) if (getRow(state.users, userId)?.isActive === true) ids.push(userId);
  return ids;
}

/**
 * The subscriber key of a channel dict: `subscribers`, or for big channels
 * with include_subscribers=partial only `partial_subscribers` (the bots
 * among them, which clients need at once); nothing without include_subscribers.
 */
export function presentSubscribers(state: State, channelId: number, includeSubscribers: boolean | 'partial'): Record<string, number[]> {
  if (includeSubscribers === false) return {};
  const subscriberIds = selectSubscriberIds(state, channelId);
  if (includeSubscribers === true || subscriberIds.length < PARTIAL_SUBSCRIBERS_THRESHOLD) return { subscribers: subscriberIds };
  return { partial_subscribers: subscriberIds.filter((userId) => getRow(state.users, userId)?.botType !== null) };
}

/** A subscription, current or former (register's `unsubscribed`), as the API shows it. */
export function presentSubscription(state: State, subscription: Subscription, options: SubscriptionViewOptions): Record<string, unknown> {
  const channel = getRow(state.channels, subscription.channelId);
  if (channel === undefined) throw new Error(`subscription to a missing channel ${subscription.channelId}`);
  const { is_default: _isDefault, ...channelFields } = presentChannel(state, channel);
  return {
    ...channelFields,
    color: subscription.color,
    is_muted: subscription.isMuted,
    // Legacy inverse of is_muted.
    in_home_view: !subscription.isMuted,
    pin_to_top: subscription.pinToTop,
    desktop_notifications: subscription.desktopNotifications,
    email_notifications: subscription.emailNotifications,
    push_notifications: subscription.pushNotifications,
    audible_notifications: subscription.audibleNotifications,
    wildcard_mentions_notify: subscription.wildcardMentionsNotify,
    ...presentSubscribers(state, channel.id, options.includeSubscribers),
  };
}
