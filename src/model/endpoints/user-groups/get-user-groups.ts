import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentUserGroup } from '../../present/user-group.js';
import { canBotsChangeGroupMembership } from '../../rules/feature-levels.js';
import { rows } from '../../tables/table.js';

/** GET /user_groups: system and user-defined groups by id; deactivated ones only on request. */
export const getUserGroups = defineEndpoint({
  operation: 'get-user-groups',
  method: 'GET',
  path: '/user_groups',
  auth: 'basic',
  // Bots are refused below feature level 496 only.
  allowBots: canBotsChangeGroupMembership,
  requiresMember: true,
  params: z.object({ include_deactivated_groups: wire.bool().default(false) }),
  reduce(state, { actor, params, now }) {
    const groups = [...rows(state.groups)].filter((group) => params.include_deactivated_groups || !group.deactivated).sort((a, b) => a.id - b.id);
    return succeed(state, { user_groups: groups.map((group) => presentUserGroup(state, group, now)) });
  },
});
