/**
 * The organization's defaults for new users' settings (the real server's
 * RealmUserDefault): which settings an administrator may set, and their values.
 */
import type { State, User } from '../state.js';
import { isUserSettingName, USER_SETTINGS, type UserSettingName, type UserSettingValue, userSettingSpec, withUserSetting } from './user-settings.js';

/** Personal settings an organization sets no default for: the login and marketing e-mails, private data export, the language and the time zone. */
const NOT_REALM_DEFAULTS: ReadonlySet<string> = new Set([
  'allow_private_data_export',
  'default_language',
  'enable_login_emails',
  'enable_marketing_emails',
  'timezone',
]);

/** The parameters of PATCH /realm/user_settings_defaults, in the real server's (alphabetical) order. */
export const REALM_DEFAULT_SETTING_PARAMETERS: readonly UserSettingName[] = USER_SETTINGS.map((setting) => setting.name)
  .filter((name) => !NOT_REALM_DEFAULTS.has(name))
  .sort();

/** The settings register lists under realm_user_settings_defaults: every setting but the time zone. */
export const REALM_DEFAULT_SETTING_NAMES: readonly UserSettingName[] = USER_SETTINGS.map((setting) => setting.name).filter((name) => name !== 'timezone');

export function readRealmUserDefault(state: State, name: UserSettingName): UserSettingValue {
  return state.realmUserSettingsDefaults[name] ?? userSettingSpec(name)!.default;
}

/** A new account (a user or a bot) with the organization's defaults for new users applied, as the real server's copy_default_settings does. */
export function withRealmUserDefaults(state: State, user: User): User {
  let next = user;
  for (const [name, value] of Object.entries(state.realmUserSettingsDefaults)) {
    if (isUserSettingName(name)) next = withUserSetting(next, name, value, false);
  }
  return next;
}
