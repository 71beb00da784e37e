import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { userViewOptions, userViewParams } from '../../params/common.js';
import { wire } from '../../params/wire.js';
import { presentUser } from '../../present/user.js';
import { canAccessUser, selectUser } from '../../rules/users.js';
import type { User } from '../../state.js';
import { rows } from '../../tables/table.js';

/** GET /users: every user of the realm, deactivated users and bots included, by id. */
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
      users = [...rows(state.users)].filter((user) => canAccessUser(state, actor, user));
    } else {
      users = [];
      for (const id of [...new Set(params.user_ids)].sort((a, b) => a - b)) {
        const user = selectUser(state, id);
        if (!user || !canAccessUser(state, actor, user)) return fail(Errors.badRequest(`Invalid user ID: ${id}`));
        users.push(user);
      }
    }
    const options = userViewOptions(params);
    return succeed(state, { members: users.map((user) => presentUser(state, actor, user, options)) });
  },
});
