/**
 * Actions on channels and subscriptions, after the real server's
 * zerver/actions/streams.py and default_streams.py: each writes the draft,
 * then emits the stream, subscription and default_streams events that
 * describe the change, in the order the real server sends them.
 *
 * Events show channels and subscriptions as the write leaves them (the
 * real server sometimes sends values from before its own write, such as a
 * new channel's subscriber_count), so that a client applying them holds
 * what a fresh register shows.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { type ApiEvent, type Audience, keepingArchivedChannels } from '../events/event.js';
import { presentChannel, streamPostPolicy } from '../present/channel.js';
import { presentSubscription, selectSubscriberIds } from '../present/subscription.js';
import { type ChannelAccessFields, canAccessChannelMetadata, METADATA_ACCESS_GROUP_SETTINGS } from '../rules/channels.js';
import { keepsArchivedChannelsForCapableClients } from '../rules/feature-levels.js';
import { presentGroupSetting } from '../rules/group-settings.js';
import { REALM_CHANNEL_SETTINGS } from '../rules/realm-settings.js';
import { isGuest } from '../rules/roles.js';
import { canAccessUser, isUserAccessRestricted } from '../rules/users.js';
import { ascendingIds } from '../sorted-ids.js';
import type { Channel, ChannelGroupSettingName, State, Subscription, User } from '../state.js';
import { putChannelMutably, putSubscriptionMutably, removeSubscriptionMutably } from '../tables/channels.js';
import { getRow, withRow } from '../tables/table.js';
import { markChannelsRead } from './messages.js';
import { announcePeers } from './peer-events.js';
import { streamDeleteEvent, streamUpdateEvent } from './stream-events.js';
import { announceAccessibleUser, announceInaccessibleUser } from './users.js';

/**
 * The state as this request has written it so far. The channel tables are
 * persistent values, so reading them back from the draft copies nothing.
 */
function written(tx: Tx): State {
  const draft = tx.draft as unknown as State;
  return {
    ...tx.before,
    channels: draft.channels,
    channelIdByName: draft.channelIdByName,
    subscriptionsByUser: draft.subscriptionsByUser,
    subscriberIdsByChannel: draft.subscriberIdsByChannel,
    formerSubscriptionsByUser: draft.formerSubscriptionsByUser,
  };
}

function accessFields(channel: Channel): ChannelAccessFields {
  return { inviteOnly: channel.inviteOnly, isWebPublic: channel.isWebPublic, settings: channel.settings };
}

/** Who may know the channel with these access fields (everything else as the write leaves it). */
function whoCanSee(channel: Channel): Audience {
  const fields = accessFields(channel);
  return Audiences.channelAccessChange(channel.id, fields, fields, 'kept');
}

function groupedBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}

/** stream create; an archived channel reaches only the queues that list archived channels. */
function emitStreamCreate(tx: Tx, state: State, channel: Channel, to: Audience): void {
  tx.emit({ type: 'stream', op: 'create', streams: [presentChannel(state, channel)] }, to, channel.isArchived ? keepingArchivedChannels(true) : undefined);
}

function emitDefaultChannels(tx: Tx, channelIds: readonly number[]): void {
  tx.emit({ type: 'default_streams', default_streams: [...channelIds] }, Audiences.nonGuests());
}

/**
 * An event about some channels: queues that list archived channels get it
 * whole, the others without the archived channels (or not at all).
 */
function emitAboutChannels(tx: Tx, channels: readonly Channel[], build: (channels: readonly Channel[]) => ApiEvent, to: Audience): void {
  const live = channels.filter((channel) => !channel.isArchived);
  if (live.length === channels.length) {
    tx.emit(build(channels), to);
    return;
  }
  tx.emit(build(channels), to, keepingArchivedChannels(true));
  if (live.length > 0) tx.emit(build(live), to, keepingArchivedChannels(false));
}

/** Tells `viewer` of a user they gained or lost access to through a subscription change. */
function reportUserAccess(tx: Tx, after: State, viewer: User, user: User): void {
  const had = canAccessUser(tx.before, viewer, user);
  const has = canAccessUser(after, viewer, user);
  if (has && !had) announceAccessibleUser(tx, viewer, user, after);
  if (had && !has) announceInaccessibleUser(tx, [viewer.id], user);
}

/**
 * Where guests see only the users they share a channel with, a change of
 * subscriptions shows or hides users: first to the guests among the
 * channels' subscribers, then to each changed guest. Only the changed
 * users and the subscribers of their channels are looked at.
 */
function announceUserAccessChanges(tx: Tx, after: State, changedByUser: ReadonlyMap<number, readonly number[]>): void {
  if (!isUserAccessRestricted(tx.before)) return;
  const reported = new Set<string>();
  const report = (viewer: User, user: User) => {
    const key = `${viewer.id}:${user.id}`;
    if (reported.has(key)) return;
    reported.add(key);
    reportUserAccess(tx, after, viewer, user);
  };
  for (const [userId, channelIds] of changedByUser) {
    const changed = getRow(after.users, userId)!;
    const peers: User[] = [];
    for (const peerId of new Set(channelIds.flatMap((id) => [...selectSubscriberIds(tx.before, id), ...selectSubscriberIds(after, id)]))) {
      if (peerId !== userId) peers.push(getRow(after.users, peerId)!);
    }
    for (const peer of peers) if (isGuest(peer)) report(peer, changed);
    if (isGuest(changed)) for (const peer of peers) report(changed, peer);
  }
}

// ---------------------------------------------------------------- subscribing

export interface SubscriptionChange {
  /** Channels the request creates, in request order; nobody is subscribed to them yet. */
  readonly created: readonly Channel[];
  /** The new subscriptions (a former one restored where the user had one), user by user. */
  readonly subscriptions: readonly Subscription[];
  /** Whether the created channels become default channels. */
  readonly createdAreDefault: boolean;
}

/**
 * POST /users/me/subscriptions (create_streams_if_needed, do_add_default_stream,
 * bulk_add_subscriptions): stream create for each new channel to who may
 * know it; default_streams once per new default channel; stream create to
 * users who newly see an existing channel; subscription add to each
 * subscribed user; (where guests see only some users) realm_user changes;
 * peer_add to the other followers of each channel.
 */
export function subscribeToChannels(tx: Tx, change: SubscriptionChange): void {
  tx.draft.counters.nextChannelId += change.created.length;
  for (const channel of change.created) putChannelMutably(tx.draft, channel);
  const newDefaults = change.createdAreDefault ? change.created.map((channel) => channel.id) : [];
  if (newDefaults.length > 0) tx.draft.defaultChannelIds = [...tx.before.defaultChannelIds, ...newDefaults];
  for (const subscription of change.subscriptions) putSubscriptionMutably(tx.draft, subscription);
  const after = written(tx);
  const channelOf = (subscription: Subscription) => getRow(after.channels, subscription.channelId)!;

  for (const { id } of change.created) emitStreamCreate(tx, after, getRow(after.channels, id)!, Audiences.whoCanSeeChannel(id));
  newDefaults.forEach((_, index) => {
    emitDefaultChannels(tx, [...tx.before.defaultChannelIds, ...newDefaults.slice(0, index + 1)]);
  });
  showExistingChannelsToNewcomers(tx, after, change.subscriptions);
  const byUser = groupedBy(change.subscriptions, (subscription) => subscription.userId);
  for (const [userId, subscriptions] of byUser) {
    const channels = subscriptions.map(channelOf);
    const build = (shown: readonly Channel[]): ApiEvent => ({
      type: 'subscription',
      op: 'add',
      subscriptions: subscriptions
        .filter((subscription) => shown.some((channel) => channel.id === subscription.channelId))
        .map((subscription) => presentSubscription(after, subscription, { includeSubscribers: true })),
    });
    emitAboutChannels(tx, channels, build, Audiences.users([userId]));
  }
  announceUserAccessChanges(tx, after, new Map([...byUser].map(([userId, subscriptions]) => [userId, subscriptions.map((s) => s.channelId)])));
  const byChannel = groupedBy(change.subscriptions, (subscription) => subscription.channelId);
  announcePeers(tx, 'peer_add', after, new Map([...byChannel].map(([channelId, subscriptions]) => [channelId, subscriptions.map((s) => s.userId)])));
}

/**
 * Users subscribed to an existing channel they could not know of before (a
 * private one, or a public one for a guest) must have it before their
 * subscription arrives.
 */
function showExistingChannelsToNewcomers(tx: Tx, after: State, subscriptions: readonly Subscription[]): void {
  const newcomers = new Map<number, number[]>();
  for (const { userId, channelId } of subscriptions) {
    const channel = getRow(tx.before.channels, channelId);
    const user = getRow(tx.before.users, userId);
    if (channel === undefined || user === undefined || canAccessChannelMetadata(tx.before, user, channel, tx.now)) continue;
    newcomers.set(channelId, [...(newcomers.get(channelId) ?? []), userId]);
  }
  for (const [channelId, userIds] of newcomers) emitStreamCreate(tx, after, getRow(after.channels, channelId)!, Audiences.users(userIds));
}

// ---------------------------------------------------------------- unsubscribing

export interface Unsubscription {
  readonly user: User;
  readonly channel: Channel;
}

/**
 * DELETE /users/me/subscriptions (bulk_remove_subscriptions): per user,
 * subscription remove, then stream delete for the channels they may no
 * longer know of; peer_remove to the remaining followers; (where guests see
 * only some users) realm_user changes.
 */
export function unsubscribeFromChannels(tx: Tx, removals: readonly Unsubscription[]): void {
  for (const { user, channel } of removals) removeSubscriptionMutably(tx.draft, user.id, channel.id);
  const after = written(tx);
  const byUser = groupedBy(removals, (removal) => removal.user.id);
  for (const [userId, own] of byUser) {
    const to = Audiences.users([userId]);
    tx.emit({ type: 'subscription', op: 'remove', subscriptions: own.map(({ channel }) => ({ name: channel.name, stream_id: channel.id })) }, to);
    const user = getRow(after.users, userId)!;
    const lost = own.filter(({ channel }) => !canAccessChannelMetadata(after, user, channel, tx.now)).map(({ channel }) => channel.id);
    if (lost.length > 0) tx.emit(streamDeleteEvent(lost), to);
    markChannelsRead(
      tx,
      userId,
      own.map(({ channel }) => channel.id),
    );
  }
  const byChannel = groupedBy(removals, (removal) => removal.channel.id);
  announcePeers(tx, 'peer_remove', after, new Map([...byChannel].map(([channelId, own]) => [channelId, own.map(({ user }) => user.id)])));
  tellLeaversOfEachOther(tx, after, byChannel);
  announceUserAccessChanges(tx, after, new Map([...byUser].map(([userId, own]) => [userId, own.map(({ channel }) => channel.id)])));
}

/**
 * The real server tells none of the users it removes of the others removed
 * with them, so a leaver who still sees the channel would keep listing them
 * as subscribers of the channel it now shows as unsubscribed.
 */
function tellLeaversOfEachOther(tx: Tx, after: State, byChannel: ReadonlyMap<number, readonly Unsubscription[]>): void {
  for (const [channelId, own] of byChannel) {
    if (own.length < 2) continue;
    for (const { user, channel } of own) {
      if (!canAccessChannelMetadata(after, user, channel, tx.now)) continue;
      const others = ascendingIds(own.filter((removal) => removal.user.id !== user.id).map((removal) => removal.user.id));
      tx.emit({ type: 'subscription', op: 'peer_remove', stream_ids: [channelId], user_ids: others }, Audiences.users([user.id]));
    }
  }
}

// ---------------------------------------------------------------- archiving

/**
 * DELETE /streams/{stream_id} (do_deactivate_stream): organization settings
 * naming the channel are unset (realm update_dict, -1); a default channel
 * stops being one (default_streams); then stream update is_archived to
 * queues that list archived channels and stream delete to the others.
 */
export function archiveChannel(tx: Tx, channel: Channel): void {
  const settings = tx.before.realm.settings;
  const unset = Object.entries(REALM_CHANNEL_SETTINGS).filter(([, key]) => settings[key] === channel.id);
  if (unset.length > 0) {
    for (const [, key] of unset) (tx.draft.realm.settings as Record<string, unknown>)[key] = null;
    tx.emit({ type: 'realm', op: 'update_dict', property: 'default', data: Object.fromEntries(unset.map(([name]) => [name, -1])) }, Audiences.everyone());
  }
  if (tx.before.defaultChannelIds.includes(channel.id)) {
    const defaults = tx.before.defaultChannelIds.filter((id) => id !== channel.id);
    tx.draft.defaultChannelIds = defaults;
    emitDefaultChannels(tx, defaults);
  }
  putChannelMutably(tx.draft, { ...channel, isArchived: true });
  const modern = keepsArchivedChannelsForCapableClients(tx.before);
  if (modern) tx.emit(streamUpdateEvent(channel, 'is_archived', true), Audiences.whoCanSeeChannel(channel.id), keepingArchivedChannels(true));
  tx.emit(streamDeleteEvent([channel.id]), Audiences.whoCanSeeChannel(channel.id), modern ? keepingArchivedChannels(false) : undefined);
}

// ---------------------------------------------------------------- changing

/** What PATCH /streams/{stream_id} changes, as the real server's update_stream_backend walks it. */
export interface ChannelUpdate {
  readonly original: Channel;
  /** The channel as the whole request leaves it. */
  readonly updated: Channel;
  /** is_private, is_web_public or history_public_to_subscribers was passed. */
  readonly permission: boolean;
  /** is_default_stream was passed: the default channels after it, and whether it sends default_streams. */
  readonly defaults: { readonly channelIds: readonly number[]; readonly announce: boolean } | null;
  readonly retention: boolean;
  readonly unarchive: boolean;
  /** topics_policy was passed with a new value. */
  readonly topicsPolicy: boolean;
  readonly description: boolean;
  readonly name: boolean;
  readonly folder: boolean;
  /** The group settings whose value changed, in the real server's order. */
  readonly groupSettings: readonly ChannelGroupSettingName[];
}

/**
 * After a change of the access fields (`from` → `to`): users who now know
 * the channel get stream create and its subscribers (peer_add), those who
 * keep knowing it the update, those who no longer may stream delete (where
 * the real server leaves their clients stale). The permission change sends
 * the creations first; group settings send the update first.
 */
function announceAccessChange(tx: Tx, after: State, from: Channel, to: Channel, update: ApiEvent, updateFirst: boolean): void {
  const [was, is] = [accessFields(from), accessFields(to)];
  if (updateFirst) tx.emit(update, Audiences.channelAccessChange(to.id, was, is, 'kept'));
  const gained = Audiences.channelAccessChange(to.id, was, is, 'gained');
  emitStreamCreate(tx, after, to, gained);
  tx.emit({ type: 'subscription', op: 'peer_add', stream_ids: [to.id], user_ids: selectSubscriberIds(after, to.id) }, gained);
  if (!updateFirst) tx.emit(update, Audiences.channelAccessChange(to.id, was, is, 'kept'));
  tx.emit(streamDeleteEvent([to.id]), Audiences.channelAccessChange(to.id, was, is, 'lost'));
}

/**
 * PATCH /streams/{stream_id}: one stream update per changed property, each
 * to who may know the channel at that step and naming the channel as it is
 * called at that step; privacy and access-granting group settings also
 * create and delete the channel for users who gain or lose it.
 */
export function updateChannel(tx: Tx, update: ChannelUpdate): void {
  const { updated } = update;
  putChannelMutably(tx.draft, updated);
  if (update.defaults !== null) tx.draft.defaultChannelIds = [...update.defaults.channelIds];
  const after = written(tx);
  let channel = update.original;
  const step = (fields: Partial<Channel>): Channel => {
    const previous = channel;
    channel = { ...channel, ...fields };
    return previous;
  };

  if (update.permission) {
    const previous = step({ inviteOnly: updated.inviteOnly, isWebPublic: updated.isWebPublic, historyPublicToSubscribers: updated.historyPublicToSubscribers });
    const event = streamUpdateEvent(channel, 'invite_only', channel.inviteOnly, {
      history_public_to_subscribers: channel.historyPublicToSubscribers,
      is_web_public: channel.isWebPublic,
    });
    announceAccessChange(tx, after, previous, channel, event, false);
  }
  if (update.defaults?.announce === true) emitDefaultChannels(tx, update.defaults.channelIds);
  if (update.retention) {
    step({ messageRetentionDays: updated.messageRetentionDays });
    tx.emit(streamUpdateEvent(channel, 'message_retention_days', channel.messageRetentionDays), whoCanSee(channel));
  }
  if (update.unarchive) {
    step({ isArchived: false });
    announceUnarchived(tx, after, channel);
  }
  if (update.topicsPolicy) {
    step({ topicsPolicy: updated.topicsPolicy });
    tx.emit(streamUpdateEvent(channel, 'topics_policy', channel.topicsPolicy), whoCanSee(channel));
  }
  if (update.description) {
    step({ description: updated.description, renderedDescription: updated.renderedDescription });
    tx.emit(streamUpdateEvent(channel, 'description', channel.description, { rendered_description: channel.renderedDescription }), whoCanSee(channel));
  }
  if (update.name) {
    const previous = step({ name: updated.name });
    tx.emit(streamUpdateEvent(previous, 'name', channel.name), whoCanSee(channel));
  }
  if (update.folder) {
    step({ folderId: updated.folderId });
    tx.emit(streamUpdateEvent(channel, 'folder_id', channel.folderId), whoCanSee(channel));
  }
  for (const setting of update.groupSettings) {
    const previous = step({ settings: { ...channel.settings, [setting]: updated.settings[setting] } });
    const event = streamUpdateEvent(channel, setting, presentGroupSetting(after, channel.settings[setting]));
    if (METADATA_ACCESS_GROUP_SETTINGS.includes(setting)) announceAccessChange(tx, after, previous, channel, event, true);
    else tx.emit(event, whoCanSee(channel));
    if (setting === 'can_send_message_group') announcePostPolicyChange(tx, after, previous, channel);
  }
}

/**
 * Unarchiving (do_unarchive_stream): stream update is_archived to queues
 * that list archived channels; the others get the channel back with stream
 * create. The real server stops there, which leaves those clients without
 * the subscribers and files a subscriber's channel as unsubscribed; so the
 * subscribers also get their subscription add and the other followers
 * peer_add, as when the channel first reached them.
 */
function announceUnarchived(tx: Tx, after: State, channel: Channel): void {
  const legacy = keepingArchivedChannels(false);
  tx.emit(streamUpdateEvent(channel, 'is_archived', false), whoCanSee(channel), keepingArchivedChannels(true));
  tx.emit({ type: 'stream', op: 'create', streams: [presentChannel(after, channel)] }, whoCanSee(channel), legacy);
  const subscriberIds = selectSubscriberIds(after, channel.id);
  const unarchived = { ...after, channels: withRow(after.channels, channel.id, channel) };
  for (const userId of subscriberIds) {
    const subscription = getRow(getRow(after.subscriptionsByUser, userId)!, channel.id)!;
    const subscriptions = [presentSubscription(unarchived, subscription, { includeSubscribers: true })];
    tx.emit({ type: 'subscription', op: 'add', subscriptions }, Audiences.users([userId]), legacy);
  }
  tx.emit(
    { type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: subscriberIds },
    Audiences.channelPeers(channel.id, subscriberIds),
    legacy,
  );
}

/** The legacy stream_post_policy (and is_announcement_only) that can_send_message_group implies, when it changed. */
function announcePostPolicyChange(tx: Tx, after: State, previous: Channel, channel: Channel): void {
  const policy = streamPostPolicy(after, channel);
  if (policy === streamPostPolicy(after, previous)) return;
  tx.emit(streamUpdateEvent(channel, 'stream_post_policy', policy), whoCanSee(channel));
  tx.emit(streamUpdateEvent(channel, 'is_announcement_only', policy === 2), whoCanSee(channel));
}
