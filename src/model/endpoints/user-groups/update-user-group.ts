import { produce } from 'immer';
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { groupSettingChangeParam } from '../../params/group-setting.js';
import { wire } from '../../params/wire.js';
import { checkGroupSettingChange } from '../../rules/group-settings.js';
import { accessUserGroupForUpdate, canManageGroup, checkGroupName } from '../../rules/groups.js';
import { USER_GROUP_SETTING_NAMES, USER_GROUP_SETTINGS } from '../../rules/user-group-settings.js';
import type { UserGroup, UserGroupSettingName } from '../../state.js';
import { putGroupMutably } from '../../tables/groups.js';

const settingParams = Object.fromEntries(USER_GROUP_SETTING_NAMES.map((name) => [name, groupSettingChangeParam().optional()])) as {
  [name in UserGroupSettingName]: z.ZodOptional<ReturnType<typeof groupSettingChangeParam>>;
};

export const updateUserGroupParams = z.object({
  name: wire.string().optional(),
  description: wire.string().optional(),
  deactivated: wire.bool().optional(),
  ...settingParams,
});

/**
 * PATCH /user_groups/{user_group_id}: name, description, reactivation and
 * the group settings as {new, old}, by the group's managers (deactivated
 * groups included).
 */
export const updateUserGroup = defineEndpoint({
  operation: 'update-user-group',
  method: 'PATCH',
  path: '/user_groups/{user_group_id}',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: updateUserGroupParams,
  reduce(state, { actor, params, path, now }) {
    const given = Object.entries(params).some(([, value]) => value !== undefined);
    if (!given) return fail(Errors.badRequest('No new data supplied'));
    const access = accessUserGroupForUpdate(state, actor, path['user_group_id'] as number, canManageGroup, now, { allowDeactivated: true });
    if (!access.ok) return fail(access.error);
    const group = access.value;
    let next: UserGroup = group;

    if (params.name !== undefined && params.name !== group.name) {
      const name = checkGroupName(state, params.name, group.id);
      if (!name.ok) return fail(name.error);
      next = { ...next, name: name.value };
    }
    if (params.description !== undefined && params.description !== group.description) next = { ...next, description: params.description };
    // Only reactivation happens here; deactivation has its own endpoint.
    if (params.deactivated === false && group.deactivated) next = { ...next, deactivated: false };

    for (const setting of USER_GROUP_SETTING_NAMES) {
      const change = params[setting];
      if (change === undefined) continue;
      const value = checkGroupSettingChange(state, setting, USER_GROUP_SETTINGS[setting], group.settings[setting], change);
      if (!value.ok) return fail(value.error);
      if (value.value === undefined) continue;
      next = { ...next, settings: { ...next.settings, [setting]: value.value } };
    }

    if (next === group) return succeed(state);
    return succeed(
      produce(state, (draft) => {
        putGroupMutably(draft, next);
      }),
    );
  },
});
