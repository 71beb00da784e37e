import { z } from 'zod';
import { deactivateGroup } from '../../actions/groups.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessUserGroupForUpdate, canManageGroup, selectGroupObjections } from '../../rules/groups.js';

/**
 * DELETE /user_groups/{user_group_id} (below feature level 294, where the
 * real server removed it for deactivation): by the group's managers, unless
 * the group is in use. chatref deactivates the group instead of deleting it:
 * clients without include_deactivated_groups get the same remove event.
 */
export const fl294DeleteUserGroup = defineEndpoint({
  operation: 'fl294-remove-user-group',
  method: 'DELETE',
  path: '/user_groups/{user_group_id}',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const group = accessUserGroupForUpdate(state, actor, path.user_group_id, canManageGroup, now, { allowDeactivated: false });
    if (!group.ok) return fail(group.error);
    const objections = selectGroupObjections(state, group.value.id);
    if (objections.length > 0) return fail(Errors.cannotDeactivateGroupInUse(objections));
    return succeed(commit(state, now, (tx) => deactivateGroup(tx, group.value)));
  },
});
