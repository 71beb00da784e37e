import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { userViewOptions, userViewParams } from '../../params/common.js';
import { wire } from '../../params/wire.js';
import { presentInaccessibleUser } from '../../present/inaccessible-user.js';
import { presentUser } from '../../present/user.js';
import { listsInaccessibleUsersAsPlaceholders } from '../../rules/feature-levels.js';
import { canAccessUser, selectUser } from '../../rules/users.js';
import { ascendingIds } from '../../sorted-ids.js';
import type { User } from '../../state.js';
import { rows } from '../../tables/table.js';

/**
 * GET /users: every user of the realm, deactivated users and bots included,
 * by id. Users the viewer may not access (a guest under restricted user
 * access) appear as "Unknown user" placeholders, as on the real server.
 */
export const getUsers = defineEndpoint({
  operation: 'get-users',
  method: 'GET',
  path: '/users',
  auth: 'basic',
  allowBots: true,
  params: z.object({ ...userViewParams, user_ids: wire.json(z.array(z.int())).optional() }),
  reduce(state, { actor, params }) {
    let users: User[];
    if (params.user_ids === undefined) {
      users = [...rows(state.users)];
    } else {
      users = [];
      for (const id of ascendingIds(params.user_ids)) {
        const user = selectUser(state, id);
        if (!user) return fail(Errors.invalidUserId(id));
        users.push(user);
      }
    }
    const options = userViewOptions(params);
    const listed = listsInaccessibleUsersAsPlaceholders(state) ? users : users.filter((user) => canAccessUser(state, actor, user));
    const members = listed.map((user) => (canAccessUser(state, actor, user) ? presentUser(state, actor, user, options) : presentInaccessibleUser(state, user)));
    return succeed(state, { members });
  },
});
