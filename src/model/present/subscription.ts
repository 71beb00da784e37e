/**
 * The subscription dict of GET /users/me/subscriptions: the channel's fields
 * (without is_default) plus the user's personal settings for it.
 */
import { rows } from '../tables/table.js';
import { getRow } from '../tables/table.js';
import type { State, Subscription } from '../state.js';
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

export function presentSubscription(state: State, subscription: Subscription, options: SubscriptionViewOptions): Record<string, unknown> {
  const channel = getRow(state.channels, subscription.channelId);
  if (channel === undefined) throw new Error(`subscription to a missing channel ${subscription.channelId}`);
  const { is_default: _isDefault, ...channelFields } = presentChannel(state, channel);
  const dict: Record<string, unknown> = {
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
  };
  if (options.includeSubscribers === true) {
    dict['subscribers'] = selectSubscriberIds(state, channel.id);
  } else if (options.includeSubscribers === 'partial') {
    const subscriberIds = selectSubscriberIds(state, channel.id);
    if (subscriberIds.length < PARTIAL_SUBSCRIBERS_THRESHOLD) {
      dict['subscribers'] = subscriberIds;
    } else {
      // For big channels the real server sends only a subset clients need at once: the bots among the subscribers.
      dict['partial_subscribers'] = subscriberIds.filter((userId) => getRow(state.users, userId)?.botType !== null);
    }
  }
  return dict;
}
