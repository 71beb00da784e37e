/** A channel's group settings: defaults for a new channel and which groups each may hold. */
import type { ChannelGroupSettingName } from '../state.js';
import type { GroupSettingRules } from './group-settings.js';

export const CHANNEL_GROUP_SETTINGS: { readonly [name in ChannelGroupSettingName]: GroupSettingRules } = {
  can_add_subscribers_group: { defaultGroup: 'role:nobody', allowEveryone: false, allowNobody: true },
  can_administer_channel_group: { defaultGroup: 'creator', allowEveryone: false, allowNobody: true },
  can_create_topic_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_delete_any_message_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_delete_own_message_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_move_messages_out_of_channel_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_move_messages_within_channel_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_remove_subscribers_group: { defaultGroup: 'role:administrators', allowEveryone: true, allowNobody: true },
  can_resolve_topics_group: { defaultGroup: 'role:nobody', allowEveryone: true, allowNobody: true },
  can_send_message_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_subscribe_group: { defaultGroup: 'role:nobody', allowEveryone: false, allowNobody: true },
};

export const CHANNEL_GROUP_SETTING_NAMES = Object.keys(CHANNEL_GROUP_SETTINGS).sort() as readonly ChannelGroupSettingName[];
