/** The `subscription`, `stream` and `default_streams` parts of POST /register. */
import { presentChannel } from '../../present/channel.js';
import { presentSubscribers, presentSubscription } from '../../present/subscription.js';
import { canAccessChannelMetadata } from '../../rules/channels.js';
import { isGuest } from '../../rules/roles.js';
import { selectFormerSubscription, selectSubscription } from '../../rules/subscriptions.js';
import type { Channel, State, User } from '../../state.js';
import { rows } from '../../tables/table.js';

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

/**
 * The actor's subscriptions, the channels they left (`unsubscribed`, with
 * their former settings) and the other channels they may know. Whoever may
 * know a channel may also see its subscribers, so every entry lists them
 * when asked to.
 */
export function presentSubscriptionState(state: State, actor: User, options: ChannelStateOptions): Record<string, unknown> {
  const subscribed: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const neverSubscribed: Record<string, unknown>[] = [];
  const view = { includeSubscribers: options.includeSubscribers };
  for (const channel of visibleChannels(state, actor, options)) {
    const subscription = selectSubscription(state, actor.id, channel.id);
    if (subscription !== undefined) {
      subscribed.push(presentSubscription(state, subscription, view));
      continue;
    }
    const former = selectFormerSubscription(state, actor.id, channel.id);
    if (former !== undefined) {
      unsubscribed.push(presentSubscription(state, former, view));
      continue;
    }
    const { is_default: _isDefault, ...dict } = presentChannel(state, channel);
    neverSubscribed.push({ ...dict, ...presentSubscribers(state, channel.id, options.includeSubscribers) });
  }
  return { subscriptions: subscribed, unsubscribed, never_subscribed: neverSubscribed };
}

export function presentStreamState(state: State, actor: User, options: ChannelStateOptions): Record<string, unknown> {
  return { streams: visibleChannels(state, actor, options).map((channel) => presentChannel(state, channel)) };
}

export function presentDefaultStreamState(state: State, actor: User): Record<string, unknown> {
  // Guests are told the organization has no default channels, as the real server does.
  return { realm_default_streams: isGuest(actor) ? [] : [...state.defaultChannelIds] };
}
