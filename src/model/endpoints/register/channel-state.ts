/** The `subscription`, `stream` and `default_streams` parts of POST /register. */
import { presentChannel } from '../../present/channel.js';
import { presentSubscription, selectSubscriberIds } from '../../present/subscription.js';
import { canAccessChannelMetadata } from '../../rules/channels.js';
import { canAccessChannelContent, isSubscribed } from '../../rules/channels.js';
import { isGuest } from '../../rules/roles.js';
import type { Channel, State, User } from '../../state.js';
import { getRow, rows } from '../../tables/table.js';

export interface ChannelStateOptions {
  readonly includeSubscribers: boolean | 'partial';
  /** The client capability archived_channels: archived channels are listed too. */
  readonly archivedChannels: boolean;
  readonly now: number;
}

function byName(a: Channel, b: Channel): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function visibleChannels(state: State, actor: User, options: ChannelStateOptions): Channel[] {
  const found: Channel[] = [];
  for (const channel of rows(state.channels)) {
    if (channel.isArchived && !options.archivedChannels) continue;
    if (canAccessChannelMetadata(state, actor, channel, options.now)) found.push(channel);
  }
  return found.sort(byName);
}

export function presentSubscriptionState(state: State, actor: User, options: ChannelStateOptions): Record<string, unknown> {
  const subscribed: Record<string, unknown>[] = [];
  const neverSubscribed: Record<string, unknown>[] = [];
  for (const channel of visibleChannels(state, actor, options)) {
    const subscription = isSubscribed(state, actor.id, channel.id) ? getRow(getRow(state.subscriptionsByUser, actor.id)!, channel.id) : undefined;
    if (subscription !== undefined) {
      subscribed.push(presentSubscription(state, subscription, { includeSubscribers: options.includeSubscribers }));
      continue;
    }
    const { is_default: _isDefault, ...dict } = presentChannel(state, channel);
    // Subscriber lists of channels the actor is not in are shown only where the actor could read them.
    if (options.includeSubscribers !== false && canAccessChannelContent(state, actor, channel, options.now)) {
      dict['subscribers'] = selectSubscriberIds(state, channel.id);
    }
    neverSubscribed.push(dict);
  }
  // chatref keeps no record of past subscriptions, so nothing is "unsubscribed".
  return { subscriptions: subscribed, unsubscribed: [], never_subscribed: neverSubscribed };
}

export function presentStreamState(state: State, actor: User, options: ChannelStateOptions): Record<string, unknown> {
  return { streams: visibleChannels(state, actor, options).map((channel) => presentChannel(state, channel)) };
}

export function presentDefaultStreamState(state: State, actor: User): Record<string, unknown> {
  // Guests are told the organization has no default channels, as the real server does.
  return { realm_default_streams: isGuest(actor) ? [] : [...state.defaultChannelIds] };
}
