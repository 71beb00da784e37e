/**
 * Creating a channel, shared by POST /users/me/subscriptions and POST
 * /channels/create: the group settings of a new channel (requested values
 * checked, the rest at their defaults) and the colours a new subscriber's
 * subscriptions already use.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { GroupSettingInput } from '../params/group-setting.js';
import type { ChannelGroupSettingName, GroupSettingValue, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { canSetDeleteMessagePolicy } from './channel-administration.js';
import { CHANNEL_GROUP_SETTING_NAMES, CHANNEL_GROUP_SETTINGS } from './channel-group-settings.js';
import { checkGroupSettingValue, defaultGroupSetting } from './group-settings.js';

export type NewChannelSettings = { [name in ChannelGroupSettingName]: GroupSettingValue };

/** The group settings of channels a request creates: requested values validated, the rest at their defaults. */
export function checkNewChannelSettings(
  state: State,
  actor: User,
  requested: Partial<Record<ChannelGroupSettingName, GroupSettingInput | undefined>>,
  now: number,
): Checked<NewChannelSettings> {
  const settings = {} as NewChannelSettings;
  const nobody = state.systemGroupIds['role:nobody'];
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const rules = CHANNEL_GROUP_SETTINGS[name];
    const value = requested[name];
    if (value === undefined) {
      settings[name] = defaultGroupSetting(state, rules, actor.id);
      continue;
    }
    const checked = checkGroupSettingValue(state, name, rules, value);
    if (!checked.ok) return checked;
    const isDeletePolicy = name === 'can_delete_any_message_group' || name === 'can_delete_own_message_group';
    if (isDeletePolicy && checked.value !== nobody && !canSetDeleteMessagePolicy(state, actor, now)) {
      return reject(Errors.insufficientPermission());
    }
    settings[name] = checked.value;
  }
  return accept(settings);
}

/** The colours of the user's subscriptions, former ones included, as the real server counts them. */
export function usedColors(state: State, userId: number): Set<string> {
  const colors = new Set<string>();
  for (const table of [state.subscriptionsByUser, state.formerSubscriptionsByUser]) {
    const ofUser = getRow(table, userId);
    if (ofUser !== undefined) for (const subscription of rows(ofUser)) colors.add(subscription.color);
  }
  return colors;
}
