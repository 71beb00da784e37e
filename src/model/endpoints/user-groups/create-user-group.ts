import { z } from 'zod';
import { addUserGroup } from '../../actions/groups.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { groupSettingParam } from '../../params/group-setting.js';
import { wire } from '../../params/wire.js';
import { canBotsChangeGroupMembership } from '../../rules/feature-levels.js';
import { checkGroupSettingValue, defaultGroupSetting } from '../../rules/group-settings.js';
import { canCreateGroups, checkActiveUserIds, checkGroupName, checkPotentialSubgroupIds } from '../../rules/groups.js';
import { USER_GROUP_SETTING_NAMES, USER_GROUP_SETTINGS } from '../../rules/user-group-settings.js';
import { frozenAscendingIds } from '../../sorted-ids.js';
import type { GroupSettingValue, UserGroup, UserGroupSettingName } from '../../state.js';

const settingParams = Object.fromEntries(USER_GROUP_SETTING_NAMES.map((name) => [name, groupSettingParam().optional()])) as {
  [name in UserGroupSettingName]: z.ZodOptional<ReturnType<typeof groupSettingParam>>;
};

export const createUserGroupParams = z.object({
  name: wire.string(),
  description: wire.string(),
  members: wire.intArray(),
  subgroups: wire.intArray().optional(),
  ...settingParams,
});

/** POST /user_groups/create: a named group with members, subgroups and its six settings. */
export const createUserGroup = defineEndpoint({
  operation: 'create-user-group',
  method: 'POST',
  path: '/user_groups/create',
  auth: 'basic',
  // Bots are refused below feature level 496 only.
  allowBots: canBotsChangeGroupMembership,
  requiresMember: true,
  params: createUserGroupParams,
  reduce(state, { actor, params, now }) {
    if (!canCreateGroups(state, actor, now)) return fail(Errors.insufficientPermission());

    const members = checkActiveUserIds(state, params.members);
    if (!members.ok) return fail(members.error);
    const name = checkGroupName(state, params.name);
    if (!name.ok) return fail(name.error);

    const settings = {} as { [name in UserGroupSettingName]: GroupSettingValue };
    for (const setting of USER_GROUP_SETTING_NAMES) {
      const input = params[setting];
      const rules = USER_GROUP_SETTINGS[setting];
      if (input === undefined) {
        settings[setting] = defaultGroupSetting(state, rules, actor.id);
        continue;
      }
      const value = checkGroupSettingValue(state, setting, rules, input);
      if (!value.ok) return fail(value.error);
      settings[setting] = value.value;
    }

    const subgroups = checkPotentialSubgroupIds(state, params.subgroups ?? []);
    if (!subgroups.ok) return fail(subgroups.error);

    const groupId = state.counters.nextGroupId;
    const group: UserGroup = {
      id: groupId,
      name: name.value,
      description: params.description,
      creatorId: actor.id,
      dateCreated: Math.floor(now),
      isSystemGroup: false,
      deactivated: false,
      directMemberIds: frozenAscendingIds(members.value),
      directSubgroupIds: frozenAscendingIds(subgroups.value),
      settings,
    };
    return succeed(
      commit(state, now, (tx) => addUserGroup(tx, group)),
      { group_id: groupId },
    );
  },
});
