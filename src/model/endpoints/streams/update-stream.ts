import { type ChannelUpdate, updateChannel } from '../../actions/channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { accept, type Checked, fail, reject, succeed } from '../../outcome.js';
import { renderMarkdown } from '../../present/markdown.js';
import {
  accessChannelForAdministration,
  canChangeChannelGroupSetting,
  canChangeChannelPrivacy,
  canChangeChannelRetention,
  canMakeChannelWebPublic,
  canManageDefaultChannels,
  checkChannelRename,
  checkTopicsPolicyChange,
  isTopicCreationCompatible,
  parseRetentionDays,
} from '../../rules/channel-administration.js';
import { normalizeChannelDescription } from '../../rules/channel-descriptions.js';
import { accessChannelFolderById } from '../../rules/channel-folders.js';
import { CHANNEL_GROUP_SETTING_NAMES, CHANNEL_GROUP_SETTINGS } from '../../rules/channel-group-settings.js';
import { knowsEmptyTopicOnlyPolicy } from '../../rules/feature-levels.js';
import { checkGroupSettingChange } from '../../rules/group-settings.js';
import type { Channel, ChannelGroupSettingName, GroupSettingValue, State, User } from '../../state.js';
import { type UpdateStreamParams, updateStreamParams } from './update-stream-params.js';

interface Change {
  readonly channel: Channel;
  readonly defaultChannelIds: readonly number[];
  /** The group settings the request changes, in the real server's order. */
  readonly groupSettings: readonly ChannelGroupSettingName[];
}

/**
 * Public/private/web-public and history: the combination must be one the
 * real server allows, and each change must be permitted.
 */
function checkPermissionChange(state: State, actor: User, channel: Channel, params: UpdateStreamParams, now: number): Checked<Channel> {
  const isPrivate = params.is_private ?? channel.inviteOnly;
  const isWebPublic = params.is_web_public ?? channel.isWebPublic;
  const isDefault = params.is_default_stream ?? state.defaultChannelIds.includes(channel.id);
  // Making a channel private protects its history unless the caller says otherwise.
  const history = params.history_public_to_subscribers ?? (params.is_private !== undefined ? !params.is_private : channel.historyPublicToSubscribers);
  if ((isWebPublic && (!history || isPrivate)) || (!isPrivate && !history)) return reject(Errors.invalidPrivacySettings());
  if (isPrivate && isDefault) return reject(Errors.defaultChannelCannotBePrivate());
  if (!isPrivate && state.realm.settings.moderationRequestChannelId === channel.id) {
    return reject(Errors.moderationChannelMustBePrivate());
  }
  if (params.is_private !== undefined) {
    const allowed = canChangeChannelPrivacy(state, actor, channel, params.is_private, now);
    if (!allowed.ok) return allowed;
  }
  if (params.is_web_public === true) {
    const allowed = canMakeChannelWebPublic(state, actor, now);
    if (!allowed.ok) return allowed;
  }
  if (params.is_private === undefined && params.is_web_public === undefined && params.history_public_to_subscribers === undefined) return accept(channel);
  return accept({ ...channel, inviteOnly: isPrivate, isWebPublic, historyPublicToSubscribers: history });
}

/** The new values of the group settings the request changes (unchanged ones are left out). */
function checkGroupSettingChanges(
  state: State,
  actor: User,
  original: Channel,
  params: UpdateStreamParams,
  now: number,
): Checked<Partial<Record<ChannelGroupSettingName, GroupSettingValue>>> {
  const changed: Partial<Record<ChannelGroupSettingName, GroupSettingValue>> = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const change = params[name];
    if (change === undefined) continue;
    const value = checkGroupSettingChange(state, name, CHANNEL_GROUP_SETTINGS[name], original.settings[name], change, () =>
      canChangeChannelGroupSetting(state, actor, original, name, now),
    );
    if (!value.ok) return value;
    if (value.value !== undefined) changed[name] = value.value;
  }
  return accept(changed);
}

/** Every rule, on the unchanged state; the result is what the channel and the default list become. */
function checkUpdate(state: State, actor: User, original: Channel, params: UpdateStreamParams, now: number): Checked<Change> {
  const permission = checkPermissionChange(state, actor, original, params, now);
  if (!permission.ok) return permission;
  let channel = permission.value;

  let defaultChannelIds = state.defaultChannelIds;
  if (params.is_default_stream !== undefined) {
    if (!canManageDefaultChannels(actor)) return reject(Errors.cannotChangeDefaultChannels());
    const isDefault = defaultChannelIds.includes(original.id);
    if (params.is_default_stream && !isDefault) defaultChannelIds = [...defaultChannelIds, original.id];
    if (!params.is_default_stream && isDefault) defaultChannelIds = defaultChannelIds.filter((id) => id !== original.id);
  }

  if (params.message_retention_days !== undefined) {
    if (!canChangeChannelRetention(actor)) return reject(Errors.mustBe('owner'));
    const days = parseRetentionDays(params.message_retention_days);
    if (!days.ok) return days;
    channel = { ...channel, messageRetentionDays: days.value };
  }

  // Archiving has its own endpoint; here only unarchiving is possible.
  if (params.is_archived === false) {
    if (!original.isArchived) return reject(Errors.channelNotArchived());
    channel = { ...channel, isArchived: false };
  }

  if (params.topics_policy !== undefined) {
    if (params.topics_policy === 'empty_topic_only' && !knowsEmptyTopicOnlyPolicy(state)) return reject(Errors.invalidTopicsPolicy());
    const policy = checkTopicsPolicyChange(state, actor, original, params.topics_policy, now);
    if (!policy.ok) return policy;
    channel = { ...channel, topicsPolicy: policy.value };
  }

  if (params.description !== undefined) {
    const description = normalizeChannelDescription(params.description);
    channel = { ...channel, description, renderedDescription: renderMarkdown(description) };
  }

  if (params.new_name !== undefined) {
    const name = checkChannelRename(state, actor, original, params.new_name, now);
    if (!name.ok) return name;
    channel = { ...channel, name: name.value };
  }

  if (params.folder_id !== undefined) {
    if (params.folder_id !== null) {
      const folder = accessChannelFolderById(state, params.folder_id);
      if (!folder.ok) return folder;
    }
    channel = { ...channel, folderId: params.folder_id };
  }

  const settings = checkGroupSettingChanges(state, actor, original, params, now);
  if (!settings.ok) return settings;
  const groupSettings = CHANNEL_GROUP_SETTING_NAMES.filter((name) => name in settings.value);
  if (groupSettings.length > 0) channel = { ...channel, settings: { ...channel.settings, ...settings.value } };

  const touchesTopicCreation =
    params.is_private !== undefined || params.history_public_to_subscribers !== undefined || params.can_create_topic_group !== undefined;
  if (touchesTopicCreation && !isTopicCreationCompatible(state, channel.historyPublicToSubscribers, channel.settings.can_create_topic_group)) {
    return reject(Errors.incompatibleParameters(['history_public_to_subscribers', 'can_create_topic_group']));
  }
  return accept({ channel, defaultChannelIds, groupSettings });
}

/** PATCH /streams/{stream_id}: a channel's name, description, privacy, policies and group settings. */
export const updateStream = defineEndpoint({
  operation: 'update-stream',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  allowBots: true,
  params: updateStreamParams,
  reduce(state, { actor, params, path, now }) {
    const access = accessChannelForAdministration(state, actor, path.stream_id, now);
    if (!access.ok) return fail(access.error);
    const change = checkUpdate(state, actor, access.value, params, now);
    if (!change.ok) return fail(change.error);
    const { channel, defaultChannelIds, groupSettings } = change.value;
    const original = access.value;
    const update: ChannelUpdate = {
      original,
      updated: channel,
      permission: params.is_private !== undefined || params.is_web_public !== undefined || params.history_public_to_subscribers !== undefined,
      // Adding an existing default channel sends nothing; removing always sends the list, as on the real server.
      defaults:
        params.is_default_stream === undefined
          ? null
          : { channelIds: defaultChannelIds, announce: !params.is_default_stream || defaultChannelIds !== state.defaultChannelIds },
      retention: params.message_retention_days !== undefined,
      unarchive: params.is_archived === false,
      topicsPolicy: channel.topicsPolicy !== original.topicsPolicy,
      description: params.description !== undefined,
      name: params.new_name !== undefined,
      folder: params.folder_id !== undefined,
      groupSettings,
    };
    return succeed(commit(state, now, (tx) => updateChannel(tx, update)));
  },
});
