/** The `channel_folders`, `realm_playgrounds` and `realm_user_settings_defaults` parts of POST /register. */
import { presentChannelFolder } from '../../present/channel-folders.js';
import { presentPlaygrounds } from '../../present/playgrounds.js';
import { selectChannelFolders } from '../../rules/channel-folders.js';
import { REALM_DEFAULT_SETTING_NAMES, readRealmUserDefault } from '../../rules/realm-user-defaults.js';
import { AVAILABLE_NOTIFICATION_SOUNDS, EMOJISET_CHOICES } from '../../rules/user-settings.js';
import type { State } from '../../state.js';

/** The defaults new users start with, and the choices a client offers for two of them. */
function presentRealmUserSettingsDefaults(state: State): Record<string, unknown> {
  const dict: Record<string, unknown> = {};
  for (const name of REALM_DEFAULT_SETTING_NAMES) dict[name] = readRealmUserDefault(state, name);
  dict['emojiset_choices'] = EMOJISET_CHOICES.map((choice) => ({ ...choice }));
  dict['available_notification_sounds'] = [...AVAILABLE_NOTIFICATION_SOUNDS];
  return dict;
}

/** Every folder, archived ones included, by order (as the real server's register lists them). */
export function presentAdminState(state: State, want: (type: string) => boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (want('channel_folders')) data['channel_folders'] = selectChannelFolders(state, true).map(presentChannelFolder);
  if (want('realm_playgrounds')) data['realm_playgrounds'] = presentPlaygrounds(state);
  if (want('realm_user_settings_defaults')) data['realm_user_settings_defaults'] = presentRealmUserSettingsDefaults(state);
  return data;
}
