/** A user's settings as POST /register shows them (zerver/lib/events.py fetch_initial_state_data). */
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  canonicalizeTimezone,
  EMOJISET_CHOICES,
  type LegacySettingGroup,
  readUserSetting,
  USER_SETTINGS,
} from '../rules/user-settings.js';
import type { User } from '../state.js';

function emojisetChoices() {
  return EMOJISET_CHOICES.map((choice) => ({ ...choice }));
}

/** The `user_settings` object: every setting, the emoji set choices, the time zone (canonical) and the notification sounds. */
export function presentUserSettings(user: User): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const setting of USER_SETTINGS) {
    if (setting.name !== 'timezone') shown[setting.name] = readUserSetting(user, setting.name);
  }
  shown['emojiset_choices'] = emojisetChoices();
  shown['timezone'] = canonicalizeTimezone(user.timezone);
  shown['available_notification_sounds'] = [...AVAILABLE_NOTIFICATION_SOUNDS];
  return shown;
}

/**
 * The legacy top-level copies (before FL 439, for clients without
 * user_settings_object that fetch update_display_settings or
 * update_global_notifications): the settings of that group, with the
 * display group's emoji set choices and time zone, or the notification
 * group's sounds.
 */
export function presentLegacyUserSettings(user: User, group: Exclude<LegacySettingGroup, null>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const setting of USER_SETTINGS) {
    if (setting.legacy === group && setting.name !== 'timezone') shown[setting.name] = readUserSetting(user, setting.name);
  }
  if (group === 'display') {
    shown['emojiset_choices'] = emojisetChoices();
    shown['timezone'] = canonicalizeTimezone(user.timezone);
  } else {
    shown['available_notification_sounds'] = [...AVAILABLE_NOTIFICATION_SOUNDS];
  }
  return shown;
}
