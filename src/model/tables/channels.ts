/**
 * Writing channels and subscriptions: rows and every index that depends on
 * them (name → id, user → subscriptions, channel → subscribers, the
 * subscriber count, former subscriptions) change together, here and nowhere else.
 */
import type { Draft } from 'immer';
import type { Channel, State, Subscription, WritableState } from '../state.js';
import { emptyTable, getRow, hasRow, type Table, withIndexKey, withoutRow, withRow } from './table.js';

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
  const previousFolder = previous?.folderId ?? null;
  if (previousFolder !== channel.folderId) {
    if (previousFolder !== null) state.channelIdsByFolder = withSetMember(state.channelIdsByFolder, previousFolder, channel.id, false);
    if (channel.folderId !== null) state.channelIdsByFolder = withSetMember(state.channelIdsByFolder, channel.folderId, channel.id, true);
  }
}

/** A table of key → (id → id) with `id` added to or removed from the set under `key`. */
function withSetMember(table: Table<number, Table<number, number>>, key: number, id: number, present: boolean): Table<number, Table<number, number>> {
  const members: Table<number, number> = getRow(table, key) ?? emptyTable();
  return withRow(table, key, present ? withRow(members, id, id) : withoutRow(members, id));
}

function adjustSubscriberCount(state: WritableState, channelId: number, delta: number): void {
  const channel = getRow(state.channels, channelId);
  if (channel !== undefined)
    state.channels = withRow(state.channels, channelId, Object.freeze({ ...channel, subscriberCount: channel.subscriberCount + delta }));
}

/** A table of user id → (channel id → subscription) with one row set or, for `undefined`, removed. */
function withSubscriptionRow(
  table: Table<number, Table<number, Subscription>>,
  userId: number,
  channelId: number,
  subscription: Subscription | undefined,
): Table<number, Table<number, Subscription>> {
  const ofUser: Table<number, Subscription> = getRow(table, userId) ?? emptyTable();
  if (subscription === undefined) return hasRow(ofUser, channelId) ? withRow(table, userId, withoutRow(ofUser, channelId)) : table;
  return withRow(table, userId, withRow(ofUser, channelId, Object.freeze(subscription)));
}

/**
 * Adds or replaces a subscription; a new one counts towards the channel's
 * subscribers and takes the place of the user's former subscription there.
 */
export function putSubscriptionMutably(draft: Draft<State> | WritableState, subscription: Subscription): void {
  const state = draft as WritableState;
  const { userId, channelId } = subscription;
  const isNew = !hasRow(getRow(state.subscriptionsByUser, userId) ?? emptyTable(), channelId);
  state.subscriptionsByUser = withSubscriptionRow(state.subscriptionsByUser, userId, channelId, subscription);
  if (isNew) {
    state.formerSubscriptionsByUser = withSubscriptionRow(state.formerSubscriptionsByUser, userId, channelId, undefined);
    const subscribers: Table<number, number> = getRow(state.subscriberIdsByChannel, channelId) ?? emptyTable();
    state.subscriberIdsByChannel = withRow(state.subscriberIdsByChannel, channelId, withRow(subscribers, userId, userId));
    const user = getRow(state.users, userId);
    if (user?.isActive === true) adjustSubscriberCount(state, channelId, 1);
  }
}

/** Removes a subscription if there is one, keeping it as the user's former subscription to the channel. */
export function removeSubscriptionMutably(draft: Draft<State> | WritableState, userId: number, channelId: number): void {
  const state = draft as WritableState;
  const subscription = getRow(getRow(state.subscriptionsByUser, userId) ?? emptyTable<number, Subscription>(), channelId);
  if (subscription === undefined) return;
  state.subscriptionsByUser = withSubscriptionRow(state.subscriptionsByUser, userId, channelId, undefined);
  state.formerSubscriptionsByUser = withSubscriptionRow(state.formerSubscriptionsByUser, userId, channelId, subscription);
  const subscribers = getRow(state.subscriberIdsByChannel, channelId);
  if (subscribers !== undefined) state.subscriberIdsByChannel = withRow(state.subscriberIdsByChannel, channelId, withoutRow(subscribers, userId));
  const user = getRow(state.users, userId);
  if (user?.isActive === true) adjustSubscriberCount(state, channelId, -1);
}
