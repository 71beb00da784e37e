import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { wire } from '../../params/wire.js';
import { canBotsChangeGroupMembership } from '../../rules/feature-levels.js';
import { addMembers, addSubgroups, changeMembership, removeMembers, removeSubgroups } from './membership.js';

export const updateUserGroupMembersParams = z.object({
  add: wire.intArray().optional(),
  delete: wire.intArray().optional(),
  add_subgroups: wire.intArray().optional(),
  delete_subgroups: wire.intArray().optional(),
});

/**
 * POST /user_groups/{user_group_id}/members: add, delete, add_subgroups and
 * delete_subgroups, in that order and all or nothing. Each step is checked
 * against the group as the earlier steps left it; the state changes once,
 * and each step sends its own event (add_members, remove_members,
 * add_subgroups, remove_subgroups, in that order).
 * (The real server's Notification Bot DMs to added and removed users are
 * not sent: the model has no messages yet.)
 */
export const updateUserGroupMembers = defineEndpoint({
  operation: 'update-user-group-members',
  method: 'POST',
  path: '/user_groups/{user_group_id}/members',
  pathParams: { user_group_id: 'int' },
  auth: 'basic',
  // Bots are refused below feature level 496 only.
  allowBots: canBotsChangeGroupMembership,
  requiresMember: true,
  params: updateUserGroupMembersParams,
  reduce(state, { actor, params, path, now }) {
    const operations = [
      ['add_members', params.add, addMembers],
      ['remove_members', params.delete, removeMembers],
      ['add_subgroups', params.add_subgroups, addSubgroups],
      ['remove_subgroups', params.delete_subgroups, removeSubgroups],
    ] as const;
    return changeMembership(state, actor, path.user_group_id, now, operations, Errors.noMembershipChange());
  },
});
