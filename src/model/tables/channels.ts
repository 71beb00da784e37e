/**
 * Writing channels and subscriptions: rows and every index that depends on
 * them (name → id, user → subscriptions, channel → subscribers, the
 * subscriber count) change together, here and nowhere else.
 */
import type { Draft } from 'immer';
import type { Channel, State, Subscription } from '../state.js';
import { emptyTable, getRow, hasRow, withIndexKey, withoutRow, withRow, type Table } from './table.js';

type WritableState = { -readonly [K in keyof State]: State[K] };

export function channelNameKey(name: string): string {
  return name.toLowerCase();
}

/** Inserts or replaces a channel row, keeping the name index in step. */
export function putChannelMutably(draft: Draft<State> | WritableState, channel: Channel): void {
  const state = draft as WritableState;
  const previous = getRow(state.channels, channel.id);
  state.channels = withRow(state.channels, channel.id, Object.freeze(channel));
  state.channelIdByName = withIndexKey(
    state.channelIdByName,
    previous === undefined ? undefined : channelNameKey(previous.name),
    channelNameKey(channel.name),
    channel.id,
  );
}

function adjustSubscriberCount(state: WritableState, channelId: number, delta: number): void {
  const channel = getRow(state.channels, channelId);
  if (channel !== undefined) state.channels = withRow(state.channels, channelId, Object.freeze({ ...channel, subscriberCount: channel.subscriberCount + delta }));
}

/** Adds or replaces a subscription; a new one counts towards the channel's subscribers. */
export function putSubscriptionMutably(draft: Draft<State> | WritableState, subscription: Subscription): void {
  const state = draft as WritableState;
  const { userId, channelId } = subscription;
  const ofUser: Table<number, Subscription> = getRow(state.subscriptionsByUser, userId) ?? emptyTable();
  const isNew = !hasRow(ofUser, channelId);
  state.subscriptionsByUser = withRow(state.subscriptionsByUser, userId, withRow(ofUser, channelId, Object.freeze(subscription)));
  if (isNew) {
    const subscribers: Table<number, number> = getRow(state.subscriberIdsByChannel, channelId) ?? emptyTable();
    state.subscriberIdsByChannel = withRow(state.subscriberIdsByChannel, channelId, withRow(subscribers, userId, userId));
    const user = getRow(state.users, userId);
    if (user?.isActive === true) adjustSubscriberCount(state, channelId, 1);
  }
}

/** Removes a subscription if there is one. */
export function removeSubscriptionMutably(draft: Draft<State> | WritableState, userId: number, channelId: number): void {
  const state = draft as WritableState;
  const ofUser = getRow(state.subscriptionsByUser, userId);
  if (ofUser === undefined || !hasRow(ofUser, channelId)) return;
  state.subscriptionsByUser = withRow(state.subscriptionsByUser, userId, withoutRow(ofUser, channelId));
  const subscribers = getRow(state.subscriberIdsByChannel, channelId);
  if (subscribers !== undefined) state.subscriberIdsByChannel = withRow(state.subscriberIdsByChannel, channelId, withoutRow(subscribers, userId));
  const user = getRow(state.users, userId);
  if (user?.isActive === true) adjustSubscriberCount(state, channelId, -1);
}
