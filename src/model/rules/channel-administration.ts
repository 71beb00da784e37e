/**
 * Who may change what about a channel (PATCH /streams/{id}, archiving).
 * Organization administrators administer every channel; otherwise the
 * channel's can_administer_channel_group decides, never for guests. A user
 * who may not even know the channel gets the very error a missing id gets.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, ChannelGroupSettingName, GroupSettingValue, State, TopicsPolicy, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { checkChannelName } from './channel-names.js';
import {
  areWebPublicChannelsEnabled,
  CONTENT_ACCESS_GROUP_SETTINGS,
  canAccessChannelContent,
  canAccessChannelMetadata,
  isInChannelGroup,
  selectChannel,
  selectChannelByName,
} from './channels.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isAdministrator, isGuest, isOwner } from './roles.js';

/** Administering without the organization-level bypass: can_administer_channel_group, never for guests. */
export function isChannelAdministrator(state: State, user: User, channel: Channel, now: number): boolean {
  if (isAdministrator(user)) return true;
  if (isGuest(user)) return false;
  return isInChannelGroup(state, user, channel, 'can_administer_channel_group', now);
}

/**
 * The channel for a settings change or archiving: administrators of the
 * channel pass; someone who can read it but not administer it is told so;
 * anyone else sees "Invalid channel ID", as for a missing channel.
 */
export function accessChannelForAdministration(state: State, user: User, channelId: number, now: number): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined) return reject(Errors.invalidChannelId());
  if (isChannelAdministrator(state, user, channel, now)) return accept(channel);
  if (canAccessChannelContent(state, user, channel, now)) return reject(Errors.cannotAdministerChannel());
  return reject(Errors.invalidChannelId());
}

/** Settings whose change also needs the organization's can_set_delete_message_policy_group. */
export const GROUP_SETTINGS_REQUIRING_DELETE_POLICY: readonly ChannelGroupSettingName[] = ['can_delete_any_message_group', 'can_delete_own_message_group'];

/** Whether the user may let anyone but nobody delete messages in a channel (the organization's can_set_delete_message_policy_group). */
export function canSetDeleteMessagePolicy(state: State, user: User, now: number): boolean {
  return hasRealmPermission(state, user, 'can_set_delete_message_policy_group', now);
}

/** Whether the (already administering) user may change this group setting of the channel. */
export function canChangeChannelGroupSetting(state: State, user: User, channel: Channel, setting: ChannelGroupSettingName, now: number): Checked<true> {
  // Settings that hand out content access take content access to change, even for administrators.
  if (CONTENT_ACCESS_GROUP_SETTINGS.includes(setting) && !canAccessChannelContent(state, user, channel, now)) {
    return reject(Errors.channelContentAccessRequired());
  }
  if (GROUP_SETTINGS_REQUIRING_DELETE_POLICY.includes(setting) && !canSetDeleteMessagePolicy(state, user, now)) {
    return reject(Errors.insufficientPermission());
  }
  return accept(true);
}

/**
 * Whether the (already administering) user may make the channel private or
 * public: it takes content access and the organization's permission to
 * create a channel of the new kind.
 */
export function canChangeChannelPrivacy(state: State, user: User, channel: Channel, makePrivate: boolean, now: number): Checked<true> {
  if (!canAccessChannelContent(state, user, channel, now)) return reject(Errors.channelContentAccessRequired());
  const setting = makePrivate ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
  if (!hasRealmPermission(state, user, setting, now)) return reject(Errors.insufficientPermission());
  return accept(true);
}

export function canMakeChannelWebPublic(state: State, user: User, now: number): Checked<true> {
  if (!areWebPublicChannelsEnabled(state)) return reject(Errors.webPublicChannelsDisabled());
  if (!hasRealmPermission(state, user, 'can_create_web_public_channel_group', now)) return reject(Errors.insufficientPermission());
  return accept(true);
}

/** Default channels are an organization administrator's business. */
export function canManageDefaultChannels(user: User): boolean {
  return isAdministrator(user);
}

/** Administrators always may; others need the organization's can_set_topics_policy_group. */
export function canSetChannelTopicsPolicy(state: State, user: User, now: number): boolean {
  return isAdministrator(user) || hasRealmPermission(state, user, 'can_set_topics_policy_group', now);
}

/** Retention is an owner's decision. */
export function canChangeChannelRetention(user: User): boolean {
  return isOwner(user);
}

/** Whether the channel holds a message outside the empty topic (then empty_topic_only may not be set). */
export function channelHasNamedTopics(state: State, channelId: number): boolean {
  const all = getRow(state.messageIdsByChannel, channelId)?.size ?? 0;
  const topics = getRow(state.messageIdsByTopic, channelId);
  const inEmptyTopic = topics === undefined ? 0 : (getRow(topics, '')?.size ?? 0);
  return all > inEmptyTopic;
}

export function checkTopicsPolicyChange(state: State, user: User, channel: Channel, policy: TopicsPolicy, now: number): Checked<TopicsPolicy> {
  if (!canSetChannelTopicsPolicy(state, user, now)) return reject(Errors.insufficientPermission());
  if (policy === 'empty_topic_only' && channelHasNamedTopics(state, channel.id)) {
    return reject(Errors.topicsOutsideGeneralChat());
  }
  return accept(policy);
}

/**
 * A channel with protected history must let everyone start topics, since
 * later subscribers could not see a topic anyone else began.
 */
export function isTopicCreationCompatible(state: State, historyPublicToSubscribers: boolean, canCreateTopicGroup: GroupSettingValue): boolean {
  return historyPublicToSubscribers || canCreateTopicGroup === state.systemGroupIds['role:everyone'];
}

/**
 * A new name for `channel`: valid, and not another channel's (names are
 * unique case-insensitively, archived channels included). Whoever may know
 * the other channel learns that it exists; anyone else is only refused.
 */
export function checkChannelRename(state: State, user: User, channel: Channel, rawName: string, now: number): Checked<string> {
  const name = rawName.trim();
  if (name === channel.name) return reject(Errors.channelAlreadyHasName());
  const valid = checkChannelName(name);
  if (!valid.ok) return valid;
  if (name.toLowerCase() !== channel.name.toLowerCase()) {
    const holder = selectChannelByName(state, name);
    if (holder !== undefined) {
      return reject(canAccessChannelMetadata(state, user, holder, now) ? Errors.channelAlreadyExists(name) : Errors.permissionDenied());
    }
  }
  return accept(name);
}

/** `unlimited` keeps messages forever (-1), `realm_default` inherits (null), otherwise a positive number of days. */
export function parseRetentionDays(value: unknown): Checked<number | null> {
  if (value === 'unlimited') return accept(-1);
  if (value === 'realm_default') return accept(null);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return accept(value);
  return reject(Errors.badValue('message_retention_days', value));
}
