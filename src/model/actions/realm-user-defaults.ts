/** Changing the organization's defaults for new users (do_set_realm_user_default_setting): one event per setting, to every user. */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { UserSettingName, UserSettingValue } from '../rules/user-settings.js';

export function changeRealmUserDefault(tx: Tx, name: UserSettingName, value: UserSettingValue): void {
  tx.draft.realmUserSettingsDefaults[name] = value;
  tx.emit({ type: 'realm_user_settings_defaults', op: 'update', property: name, value }, Audiences.everyone());
}
