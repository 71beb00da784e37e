/** The `channel_folders`, `realm_playgrounds` and `realm_user_settings_defaults` parts of POST /register. */
import { presentChannelFolder } from '../../present/channel-folders.js';
import { presentPlaygrounds } from '../../present/playgrounds.js';
import { selectChannelFolders } from '../../rules/channel-folders.js';
import { REALM_DEFAULT_SETTING_NAMES, readRealmUserDefault } from '../../rules/realm-user-defaults.js';
import { AVAILABLE_NOTIFICATION_SOUNDS, EMOJISET_CHOICES } from '../../rules/user-settings.js';
import type { RegisterContext } from './register-context.js';

/** The defaults new users start with, and the choices a client offers for two of them. */
export function presentRealmUserSettingsDefaults({ state }: RegisterContext): Record<string, unknown> {
  const dict: Record<string, unknown> = {};
  for (const name of REALM_DEFAULT_SETTING_NAMES) dict[name] = readRealmUserDefault(state, name);
  dict['emojiset_choices'] = EMOJISET_CHOICES.map((choice) => ({ ...choice }));
  dict['available_notification_sounds'] = [...AVAILABLE_NOTIFICATION_SOUNDS];
  return { realm_user_settings_defaults: dict };
}

/** Every folder, archived ones included, by order (as the real server's register lists them). */
export function presentChannelFolderState({ state }: RegisterContext): Record<string, unknown> {
  return { channel_folders: selectChannelFolders(state, true).map(presentChannelFolder) };
}

export function presentPlaygroundState({ state }: RegisterContext): Record<string, unknown> {
  return { realm_playgrounds: presentPlaygrounds(state) };
}
