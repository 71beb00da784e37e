/**
 * The channel dict of the API (the real server's stream_to_dict): the spec's
 * Channel fields in the spec's order, then the fields the real server adds.
 */
import { presentGroupSetting } from '../rules/group-settings.js';
import { systemGroupNameOf } from '../rules/system-groups.js';
import type { Channel, ChannelGroupSettingName, State } from '../state.js';

export interface ChannelViewOptions {
  /** Adds `is_default` (GET /streams with include_default). */
  readonly includeDefault?: boolean;
}

/** The deprecated stream_post_policy, derived from can_send_message_group as the real server does. */
export function streamPostPolicy(state: State, channel: Channel): 1 | 2 | 3 | 4 {
  const value = channel.settings.can_send_message_group;
  if (typeof value !== 'number') return 1;
  switch (systemGroupNameOf(state, value)) {
    case 'role:administrators':
      return 2;
    case 'role:fullmembers':
      return 3;
    case 'role:moderators':
      return 4;
    default:
      return 1;
  }
}

export function isDefaultChannel(state: State, channelId: number): boolean {
  return state.defaultChannelIds.includes(channelId);
}

export function presentChannel(state: State, channel: Channel, options?: ChannelViewOptions): Record<string, unknown> {
  const policy = streamPostPolicy(state, channel);
  const setting = (name: ChannelGroupSettingName) => presentGroupSetting(state, channel.settings[name]);
  const dict: Record<string, unknown> = {
    stream_id: channel.id,
    name: channel.name,
    is_archived: channel.isArchived,
    description: channel.description,
    rendered_description: channel.renderedDescription,
    date_created: channel.dateCreated,
    creator_id: channel.creatorId,
    invite_only: channel.inviteOnly,
    is_web_public: channel.isWebPublic,
    stream_post_policy: policy,
    is_announcement_only: policy === 2,
    message_retention_days: channel.messageRetentionDays,
    history_public_to_subscribers: channel.historyPublicToSubscribers,
    topics_policy: channel.topicsPolicy,
    first_message_id: channel.firstMessageId,
    folder_id: channel.folderId,
    is_recently_active: channel.isRecentlyActive,
    can_add_subscribers_group: setting('can_add_subscribers_group'),
    can_remove_subscribers_group: setting('can_remove_subscribers_group'),
    can_administer_channel_group: setting('can_administer_channel_group'),
    can_delete_any_message_group: setting('can_delete_any_message_group'),
    can_delete_own_message_group: setting('can_delete_own_message_group'),
    can_move_messages_out_of_channel_group: setting('can_move_messages_out_of_channel_group'),
    can_move_messages_within_channel_group: setting('can_move_messages_within_channel_group'),
    can_send_message_group: setting('can_send_message_group'),
    can_subscribe_group: setting('can_subscribe_group'),
    can_resolve_topics_group: setting('can_resolve_topics_group'),
    can_create_topic_group: setting('can_create_topic_group'),
    subscriber_count: channel.subscriberCount,
    // The real server computes weekly traffic from message counts; null is what it reports for young channels.
    stream_weekly_traffic: null,
  };
  if (options?.includeDefault === true) dict['is_default'] = isDefaultChannel(state, channel.id);
  return dict;
}
