import { z } from 'zod';
import { changeRealmUserDefault } from '../../actions/realm-user-defaults.js';
import { defineEndpoint } from '../../endpoint.js';
import type { ApiError } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { REALM_DEFAULT_SETTING_PARAMETERS, readRealmUserDefault } from '../../rules/realm-user-defaults.js';
import { checkSettingValues, parseUserSetting, type UserSettingName, type UserSettingValue } from '../../rules/user-settings.js';

const params = z.object(
  Object.fromEntries(REALM_DEFAULT_SETTING_PARAMETERS.map((name) => [name, z.string().optional()])) as Record<UserSettingName, z.ZodOptional<z.ZodString>>,
);

/**
 * PATCH /realm/user_settings_defaults: an administrator sets the settings new
 * users start with, validated as PATCH /settings validates them; only the
 * values that differ from the current defaults change (and are announced).
 */
export const updateRealmUserSettingsDefaults = defineEndpoint({
  operation: 'update-realm-user-settings-defaults',
  method: 'PATCH',
  path: '/realm/user_settings_defaults',
  auth: 'basic',
  requiresAdministrator: true,
  params,
  reduce(state, { params: raw, now }) {
    const values = new Map<UserSettingName, UserSettingValue>();
    let firstError: ApiError | undefined;
    for (const name of REALM_DEFAULT_SETTING_PARAMETERS) {
      const text = (raw as Partial<Record<UserSettingName, string>>)[name];
      if (text === undefined) continue;
      const parsed = parseUserSetting(name, text);
      if (parsed.ok) values.set(name, parsed.value);
      else if (parsed.aborts) return fail(parsed.error);
      else firstError ??= parsed.error;
    }
    if (firstError !== undefined) return fail(firstError);
    const checked = checkSettingValues(values);
    if (!checked.ok) return fail(checked.error);
    const changed = [...values].filter(([name, value]) => readRealmUserDefault(state, name) !== value);
    if (changed.length === 0) return succeed(state);
    return succeed(
      commit(state, now, (tx) => {
        for (const [name, value] of changed) changeRealmUserDefault(tx, name, value);
      }),
    );
  },
});
