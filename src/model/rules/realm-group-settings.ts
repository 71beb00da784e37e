/**
 * The organization's group settings: defaults for a new organization, which
 * groups each may hold, and the permission question each one answers.
 */
import type { RealmGroupSettingName, State, User } from '../state.js';
import { isUserInGroupSetting } from './group-membership.js';
import type { GroupSettingRules } from './group-settings.js';
import { isGuest } from './roles.js';

export const REALM_GROUP_SETTINGS: { readonly [name in RealmGroupSettingName]: GroupSettingRules } = {
  can_access_all_users_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: false, systemGroupsOnly: ['role:everyone', 'role:members'] },
  can_add_custom_emoji_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_add_subscribers_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_create_bots_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_create_groups: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_create_private_channel_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_create_public_channel_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_create_web_public_channel_group: {
    defaultGroup: 'role:owners',
    allowEveryone: false,
    allowNobody: true,
    systemGroupsOnly: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
  },
  can_create_write_only_bots_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_delete_any_message_group: { defaultGroup: 'role:administrators', allowEveryone: false, allowNobody: true },
  can_delete_own_message_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_invite_users_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_manage_all_groups: { defaultGroup: 'role:owners', allowEveryone: false, allowNobody: false },
  can_manage_billing_group: { defaultGroup: 'role:administrators', allowEveryone: false, allowNobody: false },
  can_mention_many_users_group: { defaultGroup: 'role:administrators', allowEveryone: true, allowNobody: true },
  can_move_messages_between_channels_group: { defaultGroup: 'role:members', allowEveryone: false, allowNobody: true },
  can_move_messages_between_topics_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_resolve_topics_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  can_set_delete_message_policy_group: { defaultGroup: 'role:moderators', allowEveryone: false, allowNobody: true },
  can_set_topics_policy_group: { defaultGroup: 'role:members', allowEveryone: true, allowNobody: true },
  can_summarize_topics_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  create_multiuse_invite_group: { defaultGroup: 'role:administrators', allowEveryone: false, allowNobody: true },
  direct_message_initiator_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
  direct_message_permission_group: { defaultGroup: 'role:everyone', allowEveryone: true, allowNobody: true },
};

export const REALM_GROUP_SETTING_NAMES = Object.keys(REALM_GROUP_SETTINGS).sort() as readonly RealmGroupSettingName[];

/**
 * Whether the user holds the organization-level permission. A setting that
 * may not be role:everyone is never granted to guests, whatever the groups say.
 */
export function hasRealmPermission(state: State, user: User, setting: RealmGroupSettingName, now: number): boolean {
  if (!REALM_GROUP_SETTINGS[setting].allowEveryone && isGuest(user)) return false;
  return isUserInGroupSetting(state, user, state.realm.settings.groups[setting], now);
}
