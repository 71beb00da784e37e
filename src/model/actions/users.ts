/**
 * Actions on users, after the real server's zerver/actions/create_user.py,
 * users.py, user_settings.py, custom_profile_fields.py and user_status.py:
 * each changes the draft and emits the events that describe the change.
 * realm_user updates carry `user_id` and one group of changed fields; they
 * reach the users who can access the changed user (judged after the write).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { type ApiEvent, type Audience, keepingArchivedChannels } from '../events/event.js';
import { presentChannel } from '../present/channel.js';
import { INACCESSIBLE_USER_NAME, presentInaccessibleUser } from '../present/inaccessible-user.js';
import { presentProfileData } from '../present/profile-data.js';
import { selectSubscriberIds } from '../present/subscription.js';
import { isoMinute } from '../present/time.js';
import { dateJoined, presentAvatarChange, presentPerson, presentUserStatus } from '../present/user.js';
import { CHANNEL_GROUP_SETTING_NAMES } from '../rules/channel-group-settings.js';
import { canAccessChannelMetadata } from '../rules/channels.js';
import {
  deactivationPeerRemoveChannelIds,
  listsArchivedChannelsForCapableClients,
  sendsActivationAsRemoveAndAdd,
  sendsPeerRemoveOnDeactivation,
  sendsRealmBotEmailUpdates,
  sendsRealmBotUserFieldUpdates,
  updatesDateJoinedAtFirstLogin,
} from '../rules/feature-levels.js';
import { presentGroupSetting } from '../rules/group-settings.js';
import { REALM_GROUP_SETTING_NAMES } from '../rules/realm-group-settings.js';
import { isBot, isGuest } from '../rules/roles.js';
import { isDirectSystemGroupMember, SYSTEM_GROUPS } from '../rules/system-groups.js';
import { USER_GROUP_SETTING_NAMES } from '../rules/user-group-settings.js';
import { apiEmail, canAccessUser, canSeeDeliveryEmail, isUserAccessRestricted, selectDirectGroupIds, selectGuestPeerIds } from '../rules/users.js';
import { ascendingIds } from '../sorted-ids.js';
import type { Channel, GroupSettingValue, Role, State, Subscription, User, UserStatus } from '../state.js';
import { putChannelMutably, putSubscriptionMutably } from '../tables/channels.js';
import { getRow, rows, withRow } from '../tables/table.js';
import { putUserMutably } from '../tables/users.js';
import { emitMembershipEvent } from './groups.js';
import { announcePeers } from './peer-events.js';
import { endSessions } from './sessions.js';
import { streamDeleteEvent, streamUpdateEvent } from './stream-events.js';
import { changeUserSetting } from './user-settings.js';

/** The name a deleted profile takes (DELETE /users/{user_id} with actions.delete_profile). */
export const DELETED_USER_NAME = 'Deleted user';

function realmUserUpdate(person: Record<string, unknown>): ApiEvent {
  return { type: 'realm_user', op: 'update', person };
}

function emitPersonUpdate(
  tx: Tx,
  person: { readonly user_id: number } & Record<string, unknown>,
  to: Audience = Audiences.whoCanAccessUser(person.user_id),
): void {
  tx.emit(realmUserUpdate(person), to);
}

/** The state as it is with only this user's row replaced (for judging rules after a change; no collection is copied). */
function withUserRow(state: State, user: User): State {
  return { ...state, users: withRow(state.users, user.id, user) };
}

// ---------------------------------------------------------------- creation

/**
 * POST /users (do_create_user): the user and their default-channel
 * subscriptions, then realm_user add (real address only to who may see it;
 * the "Unknown user" placeholder to queues without user_list_incomplete of
 * users who cannot access them), the system group they join, and peer_add
 * for the channels. The new user has no queue yet, so nothing goes to them.
 */
export function createUser(tx: Tx, user: User, subscriptions: readonly Subscription[]): void {
  tx.draft.counters.nextUserId += 1;
  putUserMutably(tx.draft, user);
  for (const subscription of subscriptions) putSubscriptionMutably(tx.draft, subscription);
  for (const visible of [true, false]) {
    tx.emit({ type: 'realm_user', op: 'add', person: presentPerson(tx.before, user, visible) }, Audiences.whoCanAccessUserEmail(user.id, visible));
  }
  tx.emit({ type: 'realm_user', op: 'add', person: presentInaccessibleUser(tx.before, user) }, Audiences.whoCannotAccessUser(user.id), {
    name: 'user_list_incomplete',
    has: false,
  });
  for (const groupId of selectSystemGroupIds(tx.before, user, tx.now)) emitMembershipEvent(tx, 'add_members', groupId, [user.id]);
  announceOwnSubscriptions(
    tx,
    'peer_add',
    tx.before,
    subscriptions.map((subscription) => subscription.channelId),
    user,
  );
}

/** The system groups the user is a direct member of, role:fullmembers last (the real server moves it after the role's group). */
function selectSystemGroupIds(state: State, user: User, now: number): number[] {
  const fullMembers = state.systemGroupIds['role:fullmembers'];
  const ids = SYSTEM_GROUPS.filter((definition) => isDirectSystemGroupMember(state, user, definition.name, now)).map(
    (definition) => state.systemGroupIds[definition.name],
  );
  return [...ids.filter((id) => id !== fullMembers), ...ids.filter((id) => id === fullMembers)];
}

/** peer_add / peer_remove for one user joining or leaving channels, judged on `state` (where the user is no subscriber of them). */
function announceOwnSubscriptions(tx: Tx, op: 'peer_add' | 'peer_remove', state: State, channelIds: readonly number[], user: User): void {
  announcePeers(tx, op, state, new Map(ascendingIds(channelIds).map((channelId) => [channelId, [user.id]])));
}

// ---------------------------------------------------------------- profile changes

export function changeFullName(tx: Tx, user: User, fullName: string): User {
  const next = { ...user, fullName };
  putUserMutably(tx.draft, next);
  emitPersonUpdate(tx, { user_id: user.id, full_name: fullName });
  if (isBot(user) && sendsRealmBotUserFieldUpdates(tx.before)) emitLegacyBotUpdate(tx, user, { full_name: fullName });
  return next;
}

/** A realm_bot update for a change of the bot's user fields, which servers below FL 474 sent (rules/feature-levels.ts). */
function emitLegacyBotUpdate(tx: Tx, bot: User, fields: Record<string, unknown>): void {
  tx.emit({ type: 'realm_bot', op: 'update', bot: { user_id: bot.id, ...fields } }, Audiences.whoAdministersBot(bot.id));
}

/**
 * New custom profile values: one realm_user update per field whose value
 * changed, in `fieldOrder`, with the value as register shows it (null when
 * removed; rendered_value for the Markdown types).
 */
export function changeProfileData(tx: Tx, user: User, profileData: User['profileData'], fieldOrder: readonly number[]): User {
  const next = { ...user, profileData };
  putUserMutably(tx.draft, next);
  const presented = presentProfileData(tx.before, next);
  for (const id of new Set(fieldOrder)) {
    if (user.profileData[id] === profileData[id]) continue;
    const shown = (presented[String(id)] as Record<string, unknown> | undefined) ?? { value: null };
    emitPersonUpdate(tx, { user_id: user.id, custom_profile_field: { id, ...shown } });
  }
  return next;
}

/**
 * A new real address (do_change_user_delivery_email): delivery_email to who
 * may see it, the new Gravatar for Gravatar users, and new_email when the
 * API email is the real one.
 */
export function changeDeliveryEmail(tx: Tx, user: User, deliveryEmail: string): User {
  const next = { ...user, deliveryEmail };
  putUserMutably(tx.draft, next);
  tx.emit(realmUserUpdate({ user_id: user.id, delivery_email: deliveryEmail }), Audiences.whoCanAccessUserEmail(user.id, true));
  if (user.avatarSource === 'G') emitPersonUpdate(tx, presentAvatarChange(next));
  const email = apiEmail(tx.before, next);
  if (email !== apiEmail(tx.before, user)) emitPersonUpdate(tx, { user_id: user.id, new_email: email });
  if (isBot(user) && sendsRealmBotEmailUpdates(tx.before)) emitLegacyBotUpdate(tx, user, { email: deliveryEmail });
  return next;
}

/** The first key fetch fixes date_joined of API-created accounts. */
export function recordFirstLogin(tx: Tx, user: User): User {
  if (user.firstLoginAt !== null || !updatesDateJoinedAtFirstLogin(tx.before)) return user;
  const next = { ...user, firstLoginAt: Math.floor(tx.now) };
  putUserMutably(tx.draft, next);
  const joined = isoMinute(dateJoined(next));
  if (joined !== isoMinute(dateJoined(user))) emitPersonUpdate(tx, { user_id: user.id, date_joined: joined });
  return next;
}

// ---------------------------------------------------------------- roles

/**
 * A new role (do_change_user_role): realm_user update {role} to who can
 * access the user, the move between system groups (everyone), then what
 * the user themselves now sees differently.
 */
export function changeUserRole(tx: Tx, user: User, role: Role): User {
  const next = { ...user, role };
  putUserMutably(tx.draft, next);
  emitPersonUpdate(tx, { user_id: user.id, role });
  // A deactivated user is in no group as register shows groups, and has no queue.
  if (!user.isActive) return next;
  moveSystemGroups(tx, selectSystemGroupIds(tx.before, user, tx.now), selectSystemGroupIds(tx.before, next, tx.now), user.id);
  const afterState = withUserRow(tx.before, next);
  announceChannelViewChanges(tx, user, next, afterState);
  announceUserViewChanges(tx, user, next, afterState);
  return next;
}

/** As do_change_user_role: out of the old role's group, into the new one's, then the role:fullmembers change. */
function moveSystemGroups(tx: Tx, before: readonly number[], after: readonly number[], userId: number): void {
  const fullMembers = tx.before.systemGroupIds['role:fullmembers'];
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  for (const id of removed) if (id !== fullMembers) emitMembershipEvent(tx, 'remove_members', id, [userId]);
  for (const id of added) if (id !== fullMembers) emitMembershipEvent(tx, 'add_members', id, [userId]);
  if (removed.includes(fullMembers)) emitMembershipEvent(tx, 'remove_members', fullMembers, [userId]);
  if (added.includes(fullMembers)) emitMembershipEvent(tx, 'add_members', fullMembers, [userId]);
}

/**
 * To the user whose role changed: stream create (and each channel's
 * subscribers) for channels they now know of, stream delete for those they
 * no longer do (the real server's send_stream_events_for_role_update).
 * Archived channels go only to queues that list them (archived_channels),
 * and to none below the level register began listing them at all.
 */
function announceChannelViewChanges(tx: Tx, was: User, now: User, after: State): void {
  const to = Audiences.users([now.id]);
  for (const archived of listsArchivedChannelsForCapableClients(after) ? [false, true] : [false]) {
    const capability = archived ? keepingArchivedChannels(true) : undefined;
    const gained: Channel[] = [];
    const lost: Channel[] = [];
    for (const channel of rows(tx.before.channels)) {
      if (channel.isArchived !== archived) continue;
      const had = canAccessChannelMetadata(tx.before, was, channel, tx.now);
      const has = canAccessChannelMetadata(after, now, channel, tx.now);
      if (has && !had) gained.push(channel);
      if (had && !has) lost.push(channel);
    }
    if (gained.length > 0) {
      tx.emit({ type: 'stream', op: 'create', streams: gained.map((channel) => presentChannel(after, channel)) }, to, capability);
      for (const channel of gained) {
        const subscribers = selectSubscriberIds(after, channel.id);
        if (subscribers.length > 0) tx.emit({ type: 'subscription', op: 'peer_add', stream_ids: [channel.id], user_ids: subscribers }, to, capability);
      }
    }
    if (lost.length > 0) {
      tx.emit(streamDeleteEvent(lost.map((channel) => channel.id)), to, capability);
    }
  }
}

/**
 * To the user whose role changed, what the real server leaves to a reload:
 * users they gained or lost access to (a guest's role changing where guests
 * see only some users), and real addresses they may now see or no longer.
 */
function announceUserViewChanges(tx: Tx, was: User, now: User, after: State): void {
  const restricted = isUserAccessRestricted(tx.before) && isGuest(was) !== isGuest(now);
  for (const other of rows(tx.before.users)) {
    if (other.id === now.id) continue;
    const had = canAccessUser(tx.before, was, other);
    const has = canAccessUser(after, now, other);
    if (restricted && has && !had) {
      announceAccessibleUser(tx, now, other, after);
    } else if (restricted && had && !has) {
      announceInaccessibleUser(tx, [now.id], other);
    } else if (has && canSeeDeliveryEmail(was, other) !== canSeeDeliveryEmail(now, other)) {
      const deliveryEmail = canSeeDeliveryEmail(now, other) ? other.deliveryEmail : null;
      tx.emit(realmUserUpdate({ user_id: other.id, delivery_email: deliveryEmail }), Audiences.users([now.id]));
      // With client_gravatar a Gravatar URL is null exactly where the address is seen (spec, User.avatar_url): send it anew.
      if (other.avatarSource === 'G') tx.emit(realmUserUpdate(presentAvatarChange(other)), Audiences.users([now.id]));
    }
  }
}

/**
 * Tells `viewer` of a user they can now access, as the real server does
 * when a guest gains access (notify_created_user): realm_user add, which a
 * client applies as an active user without profile data; so the profile
 * values, a deactivation and the status follow in their own events.
 */
export function announceAccessibleUser(tx: Tx, viewer: User, user: User, state: State): void {
  const to = Audiences.users([viewer.id]);
  const person = presentPerson(state, user, canSeeDeliveryEmail(viewer, user));
  if (!isBot(user)) person['profile_data'] = {};
  tx.emit({ type: 'realm_user', op: 'add', person }, to);
  for (const [id, shown] of Object.entries(presentProfileData(state, user))) {
    tx.emit(realmUserUpdate({ user_id: user.id, custom_profile_field: { id: Number(id), ...(shown as object) } }), to);
  }
  if (!user.isActive) {
    tx.emit(realmUserUpdate({ user_id: user.id, is_active: false }), to);
    return;
  }
  const status = presentUserStatus(user);
  if (Object.keys(status).length > 0) tx.emit({ type: 'user_status', user_id: user.id, status_text: '', ...status }, to);
}

/** Tells `viewerIds` that they can no longer access `user`: realm_user remove with the placeholder name. */
export function announceInaccessibleUser(tx: Tx, viewerIds: readonly number[], user: User): void {
  tx.emit({ type: 'realm_user', op: 'remove', person: { user_id: user.id, full_name: INACCESSIBLE_USER_NAME } }, Audiences.users(viewerIds));
}

// ---------------------------------------------------------------- deactivation

export interface Deactivation {
  /** actions.delete_profile: the name and picture are replaced. */
  readonly deleteProfile: boolean;
}

/**
 * DELETE /users/{user_id} for one user (do_deactivate_user): the deleted
 * profile's name and avatar first, then for an active user peer_remove for
 * their channels (FL 377), realm_user update {is_active: false} to who can
 * still access them, and (where guests see only some users) the group
 * exits for users who cannot, and realm_user remove to the guests who knew
 * them through a channel. An already deactivated user only loses the profile.
 */
export function deactivateUser(tx: Tx, user: User, deactivation: Deactivation): void {
  let next: User = user;
  if (deactivation.deleteProfile) next = deleteProfile(tx, next);
  if (!user.isActive) {
    putUserMutably(tx.draft, next);
    return;
  }
  leaveSubscriberCounts(tx, user);
  putUserMutably(tx.draft, { ...next, isActive: false });
  endSessions(tx, user);
  if (sendsPeerRemoveOnDeactivation(tx.before)) {
    const peerChannelIds = deactivationPeerRemoveChannelIds(tx.before, selectSubscribedChannelIds(tx.before, user));
    announceOwnSubscriptions(tx, 'peer_remove', withUserRow(tx.before, { ...user, isActive: false }), peerChannelIds, user);
  }
  if (sendsActivationAsRemoveAndAdd(tx.before))
    tx.emit({ type: 'realm_user', op: 'remove', person: { user_id: user.id, full_name: next.fullName } }, Audiences.whoCanAccessUser(user.id));
  else emitPersonUpdate(tx, { user_id: user.id, is_active: false });
  if (isBot(user) && sendsRealmBotUserFieldUpdates(tx.before)) emitLegacyBotUpdate(tx, user, { is_active: false });
  announceChannelSettingExits(tx, user);
  if (isBot(user) || !isUserAccessRestricted(tx.before)) return;
  announceGroupExitsToUsersWithoutAccess(tx, user);
  // A one-to-one conversation keeps a deactivated user known; only a shared channel was lost.
  const deactivated = { ...user, isActive: false };
  const after = withUserRow(tx.before, deactivated);
  const lostBy = selectGuestPeerIds(tx.before, user).filter((id) => {
    const guest = getRow(tx.before.users, id)!;
    return canAccessUser(tx.before, guest, user) && !canAccessUser(after, guest, deactivated);
  });
  announceInaccessibleUser(tx, lostBy, user);
}

function selectSubscribedChannelIds(state: State, user: User): number[] {
  const subscriptions = getRow(state.subscriptionsByUser, user.id);
  return subscriptions === undefined ? [] : [...rows(subscriptions)].map((subscription) => subscription.channelId);
}

function deleteProfile(tx: Tx, user: User): User {
  const next: User = { ...user, fullName: DELETED_USER_NAME, avatarSource: 'G', avatarVersion: user.avatarVersion + 1, isDeleted: true };
  if (next.fullName !== user.fullName) emitPersonUpdate(tx, { user_id: user.id, full_name: next.fullName });
  emitPersonUpdate(tx, presentAvatarChange(next));
  return next;
}

/** Channels count active subscribers only: a deactivated user's subscriptions stay but stop counting. */
function leaveSubscriberCounts(tx: Tx, user: User): void {
  const subscriptions = getRow(tx.before.subscriptionsByUser, user.id);
  if (subscriptions === undefined) return;
  for (const subscription of rows(subscriptions)) {
    const channel = getRow(tx.draft.channels as State['channels'], subscription.channelId);
    if (channel !== undefined) putChannelMutably(tx.draft, { ...channel, subscriberCount: channel.subscriberCount - 1 });
  }
}

/** An anonymous group setting as register shows it once `userId` is deactivated. */
function presentSettingWithout(state: State, value: GroupSettingValue, userId: number) {
  const shown = presentGroupSetting(state, value) as { direct_members: number[]; direct_subgroups: number[] };
  return { ...shown, direct_members: shown.direct_members.filter((id) => id !== userId) };
}

function listsUser(value: GroupSettingValue, userId: number): boolean {
  return typeof value !== 'number' && value.directMembers.includes(userId);
}

/**
 * Register leaves deactivated users out of channels' anonymous group
 * settings (a channel's creator administers it that way), and no client
 * drops them on realm_user update, so each such setting goes out anew as
 * stream update to who can see the channel. The real server sends nothing here.
 */
function announceChannelSettingExits(tx: Tx, user: User): void {
  for (const channel of rows(tx.before.channels)) {
    const capability = channel.isArchived ? keepingArchivedChannels(true) : undefined;
    for (const name of CHANNEL_GROUP_SETTING_NAMES) {
      const value = channel.settings[name];
      if (!listsUser(value, user.id)) continue;
      tx.emit(streamUpdateEvent(channel, name, presentSettingWithout(tx.before, value, user.id)), Audiences.whoCanSeeChannel(channel.id), capability);
    }
  }
}

/**
 * Users who cannot access a deactivated user get no realm_user update, so
 * they learn of the groups the user leaves in their register's terms:
 * remove_members for each group the user was a direct member of, and the
 * new value of each anonymous group setting that listed them.
 */
function announceGroupExitsToUsersWithoutAccess(tx: Tx, user: User): void {
  const to = Audiences.whoCannotAccessUser(user.id);
  for (const groupId of selectDirectGroupIds(tx.before, user, tx.now)) {
    tx.emit({ type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [user.id] }, to);
  }
  const without = (value: GroupSettingValue) => presentSettingWithout(tx.before, value, user.id);
  for (const name of REALM_GROUP_SETTING_NAMES) {
    const value = tx.before.realm.settings.groups[name];
    if (listsUser(value, user.id)) tx.emit({ type: 'realm', op: 'update_dict', property: 'default', data: { [name]: without(value) } }, to);
  }
  for (const group of rows(tx.before.groups)) {
    for (const name of USER_GROUP_SETTING_NAMES) {
      const value = group.settings[name];
      if (listsUser(value, user.id)) tx.emit({ type: 'user_group', op: 'update', group_id: group.id, data: { [name]: without(value) } }, to);
    }
  }
}

// ---------------------------------------------------------------- reactivation

/**
 * POST /users/{user_id}/reactivate (do_reactivate_user): the user counts
 * again as their channels' subscriber; realm_user update {is_active: true}
 * to who can access them (FL 303); then what a client dropped on
 * deactivation and cannot know by itself: the groups they are a direct
 * member of, the group settings that list them, their status, and
 * peer_add for their channels (the real server sends the last).
 */
export function reactivateUser(tx: Tx, user: User): User {
  const next: User = { ...user, isActive: true };
  joinSubscriberCounts(tx, user);
  putUserMutably(tx.draft, next);
  const after = withUserRow(tx.before, next);
  if (sendsActivationAsRemoveAndAdd(tx.before))
    for (const visible of [true, false])
      tx.emit({ type: 'realm_user', op: 'add', person: presentPerson(after, next, visible) }, Audiences.whoCanAccessUserEmail(user.id, visible));
  else emitPersonUpdate(tx, { user_id: user.id, is_active: true });
  if (isBot(user) && sendsRealmBotUserFieldUpdates(tx.before)) emitLegacyBotUpdate(tx, user, { is_active: true });
  for (const groupId of selectDirectGroupIds(after, next, tx.now)) {
    tx.emit({ type: 'user_group', op: 'add_members', group_id: groupId, user_ids: [user.id] }, Audiences.everyone());
  }
  announceSettingReturns(tx, after, user.id);
  const status = presentUserStatus(next);
  if (Object.keys(status).length > 0) tx.emit({ type: 'user_status', user_id: user.id, status_text: '', ...status }, Audiences.whoCanAccessUser(user.id));
  const channelIds = selectSubscribedChannelIds(tx.before, user).filter((id) => getRow(tx.before.channels, id)?.isArchived === false);
  announceOwnSubscriptions(tx, 'peer_add', tx.before, channelIds, user);
  return next;
}

function joinSubscriberCounts(tx: Tx, user: User): void {
  const subscriptions = getRow(tx.before.subscriptionsByUser, user.id);
  if (subscriptions === undefined) return;
  for (const subscription of rows(subscriptions)) {
    const channel = getRow(tx.draft.channels as State['channels'], subscription.channelId);
    if (channel !== undefined) putChannelMutably(tx.draft, { ...channel, subscriberCount: channel.subscriberCount + 1 });
  }
}

/** Each anonymous group setting (realm, groups, channels) that lists the user, as register shows it again. */
function announceSettingReturns(tx: Tx, after: State, userId: number): void {
  for (const name of REALM_GROUP_SETTING_NAMES) {
    const value = after.realm.settings.groups[name];
    if (listsUser(value, userId)) {
      tx.emit({ type: 'realm', op: 'update_dict', property: 'default', data: { [name]: presentGroupSetting(after, value) } }, Audiences.everyone());
    }
  }
  for (const group of rows(after.groups)) {
    for (const name of USER_GROUP_SETTING_NAMES) {
      const value = group.settings[name];
      if (listsUser(value, userId)) {
        tx.emit({ type: 'user_group', op: 'update', group_id: group.id, data: { [name]: presentGroupSetting(after, value) } }, Audiences.everyone());
      }
    }
  }
  for (const channel of rows(after.channels)) {
    const capability = channel.isArchived ? keepingArchivedChannels(true) : undefined;
    for (const name of CHANNEL_GROUP_SETTING_NAMES) {
      const value = channel.settings[name];
      if (listsUser(value, userId)) {
        tx.emit(streamUpdateEvent(channel, name, presentGroupSetting(after, value)), Audiences.whoCanSeeChannel(channel.id), capability);
      }
    }
  }
}

// ---------------------------------------------------------------- status and profile fields

export interface StatusChange {
  readonly status: UserStatus;
  /** Null when the request did not pass `away`. */
  readonly away: boolean | null;
  readonly textChanged: boolean;
  readonly emojiChanged: boolean;
}

/** POST /users/me/status: the user_status event carries the fields the request set ("" where cleared). */
export function changeUserStatus(tx: Tx, user: User, change: StatusChange): void {
  // away is the legacy face of presence_enabled: the real server changes that setting first (its user_settings event, presence included) whenever away is passed.
  const settled = change.away === null ? user : changeUserSetting(tx, user, 'presence_enabled', !change.away, user.id);
  putUserMutably(tx.draft, { ...settled, status: change.status });
  const event: Record<string, unknown> = { type: 'user_status', user_id: user.id };
  if (change.away !== null) event['away'] = change.away;
  if (change.textChanged) event['status_text'] = change.status.statusText;
  if (change.emojiChanged) {
    event['emoji_name'] = change.status.emojiName;
    event['emoji_code'] = change.status.emojiCode;
    event['reaction_type'] = change.status.reactionType;
  }
  tx.emit(event as ApiEvent, Audiences.whoCanAccessUser(user.id));
}
