import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { checkDevAuthEnabled, partitionDevUsers } from '../../rules/dev-logins.js';
import type { User } from '../../state.js';

/** GET /dev_list_users: whom the development login offers, administrators apart. Unauthenticated, like the real one. */
export const devListUsers = defineEndpoint({
  operation: 'dev-list-users',
  method: 'GET',
  path: '/dev_list_users',
  auth: 'none',
  params: z.object({}),
  reduce(state, { origin }) {
    const enabled = checkDevAuthEnabled(state);
    if (!enabled.ok) return fail(enabled.error);
    const { admins, others } = partitionDevUsers(state);
    const entry = (user: User) => ({ email: user.deliveryEmail, realm_url: origin });
    return succeed(state, { direct_admins: admins.map(entry), direct_users: others.map(entry) });
  },
});
