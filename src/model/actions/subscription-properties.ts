/**
 * Changing a user's own setting for one subscription (the real server's
 * do_change_subscription_property): a `subscription` update event to the
 * user, sent even when the value is unchanged. is_muted is stored; the
 * legacy in_home_view is its inverse, and a change of either sends an
 * in_home_view event first, then an is_muted one.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { Subscription } from '../state.js';
import { putSubscriptionMutably } from '../tables/channels.js';

export type SubscriptionProperty =
  | 'color'
  | 'is_muted'
  | 'in_home_view'
  | 'pin_to_top'
  | 'desktop_notifications'
  | 'audible_notifications'
  | 'push_notifications'
  | 'email_notifications'
  | 'wildcard_mentions_notify';

export type SubscriptionPropertyValue = boolean | string;

const FIELDS = {
  color: 'color',
  pin_to_top: 'pinToTop',
  desktop_notifications: 'desktopNotifications',
  audible_notifications: 'audibleNotifications',
  push_notifications: 'pushNotifications',
  email_notifications: 'emailNotifications',
  wildcard_mentions_notify: 'wildcardMentionsNotify',
} as const satisfies Partial<Record<SubscriptionProperty, keyof Subscription>>;

/** Applies one change to the subscription as it now stands in the draft and returns it changed. */
export function changeSubscriptionProperty(tx: Tx, subscription: Subscription, property: SubscriptionProperty, value: SubscriptionPropertyValue): Subscription {
  const to = Audiences.users([subscription.userId]);
  const update = (name: string, eventValue: SubscriptionPropertyValue) =>
    tx.emit({ type: 'subscription', op: 'update', property: name, value: eventValue, stream_id: subscription.channelId }, to);
  let changed: Subscription;
  if (property === 'is_muted' || property === 'in_home_view') {
    const isMuted = property === 'is_muted' ? value === true : value !== true;
    changed = { ...subscription, isMuted };
    putSubscriptionMutably(tx.draft, changed);
    update('in_home_view', !isMuted);
    update('is_muted', isMuted);
    return changed;
  }
  changed = { ...subscription, [FIELDS[property]]: value };
  putSubscriptionMutably(tx.draft, changed);
  update(property, value);
  return changed;
}
