/**
 * Who may see and use a channel. Metadata access (knowing it exists, its
 * name and settings) is wider than content access (reading and joining).
 * A channel someone may not see must look exactly like a missing one.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, ChannelGroupSettingName, State, User } from '../state.js';
import { channelNameKey } from '../tables/channels.js';
import { getRow, hasRow } from '../tables/table.js';
import { CHANNEL_GROUP_SETTINGS } from './channel-group-settings.js';
import { isUserInGroupSetting } from './group-membership.js';
import { isAdministrator, isGuest } from './roles.js';

export function selectChannel(state: State, channelId: number): Channel | undefined {
  return Number.isSafeInteger(channelId) ? getRow(state.channels, channelId) : undefined;
}

export function selectChannelByName(state: State, name: string): Channel | undefined {
  const id = getRow(state.channelIdByName, channelNameKey(name));
  return id === undefined ? undefined : getRow(state.channels, id);
}

export function isSubscribed(state: State, userId: number, channelId: number): boolean {
  const ofUser = getRow(state.subscriptionsByUser, userId);
  return ofUser !== undefined && hasRow(ofUser, channelId);
}

/** Whether web-public channels exist here at all: the server setting and the organization's spectator access. */
export function areWebPublicChannelsEnabled(state: State): boolean {
  return state.server.webPublicStreamsEnabled && state.realm.settings.enableSpectatorAccess;
}

/** The group settings that open a private channel's content (reading and joining) to their members. */
export const CONTENT_ACCESS_GROUP_SETTINGS: readonly ChannelGroupSettingName[] = ['can_subscribe_group', 'can_add_subscribers_group'];

/** The group settings whose members know a private channel: its administrators and those with content access. */
export const METADATA_ACCESS_GROUP_SETTINGS: readonly ChannelGroupSettingName[] = ['can_administer_channel_group', ...CONTENT_ACCESS_GROUP_SETTINGS];

/**
 * Whether the user is in one of the channel's group settings. A setting that
 * may not be role:everyone never grants anything to guests.
 */
export function isInChannelGroup(state: State, user: User, channel: Channel, setting: ChannelGroupSettingName, now: number): boolean {
  if (isGuest(user) && !CHANNEL_GROUP_SETTINGS[setting].allowEveryone) return false;
  return isUserInGroupSetting(state, user, channel.settings[setting], now);
}

/**
 * Content access: reading the history and joining. Web-public channels are
 * open to all; subscribers always have it; guests have nothing else; any
 * other user reaches every public channel; a private channel opens only to
 * its can_subscribe_group and can_add_subscribers_group (not to administrators as such).
 */
export function canAccessChannelContent(state: State, user: User, channel: Channel, now: number): boolean {
  if (channel.isWebPublic) return true;
  if (isSubscribed(state, user.id, channel.id)) return true;
  if (isGuest(user)) return false;
  if (!channel.inviteOnly) return true;
  return CONTENT_ACCESS_GROUP_SETTINGS.some((setting) => isInChannelGroup(state, user, channel, setting, now));
}

/**
 * Metadata access: knowing the channel and its settings. Content access
 * implies it; administrators and the channel's administering and
 * subscribing groups have it for private channels too. Guests know only
 * web-public channels and their own subscriptions.
 */
export function canAccessChannelMetadata(state: State, user: User, channel: Channel, now: number): boolean {
  if (channel.isWebPublic) return true;
  if (isSubscribed(state, user.id, channel.id)) return true;
  if (isGuest(user)) return false;
  if (!channel.inviteOnly) return true;
  if (isAdministrator(user)) return true;
  return METADATA_ACCESS_GROUP_SETTINGS.some((setting) => isInChannelGroup(state, user, channel, setting, now));
}

/**
 * The channel by id if the user may know of it; otherwise the error a
 * missing id gets. With `activeOnly`, archived channels count as missing too
 * (the real server's access check for active channels).
 */
export function accessChannelById(state: State, user: User, channelId: number, now: number, options: { readonly activeOnly?: boolean } = {}): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined || (options.activeOnly === true && channel.isArchived) || !canAccessChannelMetadata(state, user, channel, now)) {
    return reject(Errors.invalidChannelId());
  }
  return accept(channel);
}

/** The fields of a channel that decide who may know it, besides subscriptions, roles and groups. */
export type ChannelAccessFields = Pick<Channel, 'inviteOnly' | 'isWebPublic' | 'settings'>;

/**
 * How one change of a channel's access fields (`from` → `to`) moved a
 * user's metadata access. Nothing else changes with them, so both sides are
 * the rule applied to one state with the channel's fields swapped: no older
 * state is needed, and each step of a request is judged on its own.
 */
export function channelAccessChange(
  state: State,
  user: User,
  channel: Channel,
  from: ChannelAccessFields,
  to: ChannelAccessFields,
  now: number,
): 'gained' | 'lost' | 'kept' | 'none' {
  const could = canAccessChannelMetadata(state, user, { ...channel, ...from }, now);
  const can = canAccessChannelMetadata(state, user, { ...channel, ...to }, now);
  if (could) return can ? 'kept' : 'lost';
  return can ? 'gained' : 'none';
}
