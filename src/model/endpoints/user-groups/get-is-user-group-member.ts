import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { selectPresentedMemberIds } from '../../present/user-group.js';
import { answersAboutBotUsers } from '../../rules/feature-levels.js';
import { isUserInGroup } from '../../rules/group-membership.js';
import { accessUserGroupForRead } from '../../rules/groups.js';
import { isBot } from '../../rules/roles.js';
import { accessUserForRead, selectUser } from '../../rules/users.js';

/** GET /user_groups/{user_group_id}/members/{user_id}: whether the user is in the group (recursively unless direct_member_only). */
export const getIsUserGroupMember = defineEndpoint({
  operation: 'get-is-user-group-member',
  method: 'GET',
  path: '/user_groups/{user_group_id}/members/{user_id}',
  pathParams: { user_group_id: 'int', user_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({ direct_member_only: wire.bool().default(false) }),
  reduce(state, { actor, params, path, now }) {
    const group = accessUserGroupForRead(state, path.user_group_id);
    if (!group.ok) return fail(group.error);
    const target = accessUserForRead(state, actor, selectUser(state, path.user_id));
    if (!target.ok) return fail(target.error);
    // The real server's access_user_by_id without allow_deactivated (and, before FL 458, without allow_bots).
    if (isBot(target.value) && !answersAboutBotUsers(state)) return fail(Errors.noSuchUser());
    if (!target.value.isActive) return fail(Errors.userIsDeactivated());
    const isMember = params.direct_member_only
      ? selectPresentedMemberIds(state, group.value, now).includes(target.value.id)
      : isUserInGroup(state, target.value, group.value.id, now);
    return succeed(state, { is_user_group_member: isMember });
  },
});
