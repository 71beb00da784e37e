import { z } from 'zod';
import { deactivateGroup } from '../../actions/groups.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessUserGroupForUpdate, canManageGroup, selectGroupObjections } from '../../rules/groups.js';

/**
 * POST /user_groups/{user_group_id}/deactivate: by the group's managers,
 * unless the group is still in use (then the objections say where).
 */
export const deactivateUserGroup = defineEndpoint({
  operation: 'deactivate-user-group',
  method: 'POST',
  path: '/user_groups/{user_group_id}/deactivate',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  // The real view has no member-or-admin decorator: the manage permission alone decides.
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const group = accessUserGroupForUpdate(state, actor, path.user_group_id, canManageGroup, now, { allowDeactivated: false });
    if (!group.ok) return fail(group.error);
    const objections = selectGroupObjections(state, group.value.id);
    if (objections.length > 0) return fail(Errors.cannotDeactivateGroupInUse(objections));
    return succeed(commit(state, now, (tx) => deactivateGroup(tx, group.value)));
  },
});
