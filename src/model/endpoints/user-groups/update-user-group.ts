import { z } from 'zod';
import { changeGroupDescription, changeGroupSetting, reactivateGroup, renameGroup } from '../../actions/groups.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { groupSettingChangeParam } from '../../params/group-setting.js';
import { wire } from '../../params/wire.js';
import { canBotsChangeGroupMembership, canChangeDeactivatedGroupSettings } from '../../rules/feature-levels.js';
import { checkGroupSettingChange } from '../../rules/group-settings.js';
import { accessUserGroupForUpdate, canManageGroup, checkGroupName } from '../../rules/groups.js';
import { USER_GROUP_SETTING_NAMES, USER_GROUP_SETTINGS } from '../../rules/user-group-settings.js';
import type { GroupSettingValue, UserGroupSettingName } from '../../state.js';

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
  // Bots are refused below feature level 496 only.
  allowBots: canBotsChangeGroupMembership,
  requiresMember: true,
  params: updateUserGroupParams,
  reduce(state, { actor, params, path, now }) {
    const given = Object.entries(params).some(([, value]) => value !== undefined);
    if (!given) return fail(Errors.noNewGroupData());
    const access = accessUserGroupForUpdate(state, actor, path.user_group_id, canManageGroup, now, { allowDeactivated: true });
    if (!access.ok) return fail(access.error);
    const group = access.value;
    const changesSettings = params.description !== undefined || USER_GROUP_SETTING_NAMES.some((setting) => params[setting] !== undefined);
    if (group.deactivated && changesSettings && !canChangeDeactivatedGroupSettings(state)) return fail(Errors.userGroupDeactivated());

    let name: string | undefined;
    if (params.name !== undefined && params.name !== group.name) {
      const checked = checkGroupName(state, params.name, group.id);
      if (!checked.ok) return fail(checked.error);
      name = checked.value;
    }
    const description = params.description !== undefined && params.description !== group.description ? params.description : undefined;
    // Only reactivation happens here; deactivation has its own endpoint.
    const reactivate = params.deactivated === false && group.deactivated;

    const settings: [UserGroupSettingName, GroupSettingValue][] = [];
    for (const setting of USER_GROUP_SETTING_NAMES) {
      const change = params[setting];
      if (change === undefined) continue;
      const value = checkGroupSettingChange(state, setting, USER_GROUP_SETTINGS[setting], group.settings[setting], change);
      if (!value.ok) return fail(value.error);
      if (value.value !== undefined) settings.push([setting, value.value]);
    }

    if (name === undefined && description === undefined && !reactivate && settings.length === 0) return succeed(state);
    // In the real server's order: name, description, reactivation, then the settings.
    const written = commit(state, now, (tx) => {
      let current = group;
      if (name !== undefined) current = renameGroup(tx, current, name);
      if (description !== undefined) current = changeGroupDescription(tx, current, description);
      if (reactivate) current = reactivateGroup(tx, current);
      for (const [setting, value] of settings) current = changeGroupSetting(tx, current, setting, value);
    });
    return succeed(written);
  },
});
