import type { Clause } from '../clauses.js';
import { compat, since, spec, until } from './clause.js';

const MEMBERS = 'POST /user_groups/{user_group_id}/members';
const MEMBERS_SECTION = 'POST /user_groups/{user_group_id}/members — update group members';
const LIST = 'GET /user_groups';
const CREATE = 'POST /user_groups/create';

export const GROUP_CLAUSES: readonly Clause[] = [
  // Spec
  spec(
    'groups.setting-value.forms',
    'Conventions',
    'a group-setting value is a group id (integer) or an object {direct_members, direct_subgroups} of integer arrays',
    LIST,
  ),
  spec('groups.setting-value.no-deactivated-users', 'Conventions', 'deactivated users are not listed in the direct_members of a group-setting value', LIST),
  spec('groups.record.members-and-subgroups', 'Other records', 'a user group has user members and subgroup members', LIST),
  spec(
    'groups.members.operations',
    MEMBERS_SECTION,
    'add, delete, add_subgroups and delete_subgroups (optional integer arrays) add and remove users and subgroups',
    MEMBERS,
  ),
  spec('groups.members.active-users-only', MEMBERS_SECTION, 'only non-deactivated users may be added or removed', MEMBERS),
  since(391, spec('groups.members.deactivated-group', MEMBERS_SECTION, "from feature level 391, a deactivated group's members can be changed", MEMBERS)),
  until(
    391,
    spec('groups.members.deactivated-group.frozen', MEMBERS_SECTION, "before feature level 391, a deactivated group's members cannot be changed", MEMBERS),
  ),
  since(496, spec('groups.members.bots', MEMBERS_SECTION, 'from feature level 496, bots may call the endpoint', MEMBERS)),
  until(496, spec('groups.members.bots.refused', MEMBERS_SECTION, 'before feature level 496, bots cannot call the endpoint', MEMBERS)),

  // GET /user_groups
  compat(
    'groups.list.shape',
    'reference §14.2',
    'each group has id, name, description, creator_id, date_created, members, direct_subgroup_ids, is_system_group, deactivated and the six group settings',
    LIST,
  ),
  compat(
    'groups.list.system-groups',
    'reference §0 (system groups), §14.2',
    'the eight role system groups are listed, nested by role, their direct members following the users’ roles',
    LIST,
  ),
  compat(
    'groups.list.waiting-period',
    'reference server-core §7 (full member)',
    'a role-400 member is always a direct member of role:members, and also of role:fullmembers once the account is waiting_period_threshold days old; changing the threshold moves them in or out',
    LIST,
  ),
  compat('groups.list.deactivated', 'reference §14.2', 'deactivated groups are listed only with include_deactivated_groups=true', LIST),
  compat('groups.list.guests', 'reference §14.2', 'guests may not list user groups', LIST),

  // POST /user_groups/create
  compat(
    'groups.create.response',
    'reference §14.3',
    'creation answers {group_id}; the group is listed with its members, subgroups, description and creator',
    CREATE,
  ),
  compat(
    'groups.create.defaults',
    'reference §14.3',
    'unset settings default to: add members and manage = the creator; join and remove = Nobody; leave and mention = Everyone',
    CREATE,
  ),
  compat(
    'groups.create.settings',
    'reference §14.3; Conventions',
    'group settings may be given in either value form and are stored in the canonical form',
    CREATE,
  ),
  compat(
    'groups.create.name',
    'reference §14.3',
    'a blank, over-long (over 100), reserved-prefix or taken name is refused with the real server’s message',
    CREATE,
  ),
  compat('groups.create.members-active', 'reference §14.3', 'members must be active users ("Invalid user ID: N")', CREATE),
  compat('groups.create.permission', 'reference §14.3', 'guests may not create groups', CREATE),

  // POST /user_groups/{id}/members
  compat('groups.members.nothing-to-do', 'reference §14.1', 'no operation (or only empty lists) is refused with "Nothing to do…"', MEMBERS),
  compat('groups.members.unknown-group', 'reference §14.1', 'an unknown group id is refused with "Invalid user group"', MEMBERS),
  compat('groups.members.system-group', 'reference §14.1', 'system groups cannot be changed, even by owners ("Insufficient permission")', MEMBERS),
  compat(
    'groups.members.already-member',
    'reference §14.1',
    'adding a direct member again or removing a non-member is refused with the real server’s messages',
    MEMBERS,
  ),
  compat(
    'groups.members.subgroups',
    'reference §14.1',
    'adding a direct subgroup again, removing a non-subgroup, or an unknown subgroup id is refused',
    MEMBERS,
  ),
  compat('groups.members.cycles', 'reference §14.1', 'a subgroup that would make a cycle (the group itself, or a group containing it) is refused', MEMBERS),
  compat('groups.members.atomic', 'reference §14.1', 'the operations run in order in one transaction: any failure changes nothing', MEMBERS),
  compat(
    'groups.members.permission',
    'reference §14.1',
    'the group’s managers may change anything; others need the join, leave, add or remove setting; otherwise "Insufficient permission"',
    MEMBERS,
  ),
  compat(
    'groups.update.name-description',
    'reference §14 (PATCH /user_groups/{id}, real server)',
    'the group’s managers may rename (same name rules) and redescribe a group; others get "Insufficient permission"',
    'PATCH /user_groups/{user_group_id}',
  ),
  compat(
    'groups.update.settings',
    'reference §14 (PATCH /user_groups/{id}, real server); Conventions',
    'a group setting changes with {new, old}; an old that differs from the current value is refused with EXPECTATION_MISMATCH',
    'PATCH /user_groups/{user_group_id}',
  ),
  compat(
    'groups.update.reactivate',
    'reference §14 (PATCH /user_groups/{id}, real server)',
    'deactivated=false reactivates a deactivated group',
    'PATCH /user_groups/{user_group_id}',
  ),
  compat(
    'groups.deactivate.unused',
    'reference §14 (POST /user_groups/{id}/deactivate, real server)',
    'the group’s managers may deactivate a group nobody uses; others get "Insufficient permission"',
    'POST /user_groups/{user_group_id}/deactivate',
  ),
  compat(
    'groups.deactivate.in-use',
    'reference §14 (POST /user_groups/{id}/deactivate, real server)',
    'a group in use (e.g. as a subgroup of an active group) is not deactivated: CANNOT_DEACTIVATE_GROUP_IN_USE with objections',
    'POST /user_groups/{user_group_id}/deactivate',
  ),
  compat(
    'groups.read.members',
    'reference §14 (GET /user_groups/{id}/members, real server)',
    'members are listed recursively through subgroups, or directly with direct_member_only',
    'GET /user_groups/{user_group_id}/members',
  ),
  compat(
    'groups.read.is-member',
    'reference §14 (GET /user_groups/{id}/members/{user_id}, real server)',
    'is_user_group_member answers recursive or direct membership',
    'GET /user_groups/{user_group_id}/members/{user_id}',
  ),
  compat(
    'groups.read.subgroups',
    'reference §14 (GET /user_groups/{id}/subgroups, real server)',
    'subgroups are listed at any depth, or directly with direct_subgroup_only',
    'GET /user_groups/{user_group_id}/subgroups',
  ),
  compat(
    'groups.subgroups.update',
    'reference §14.1 (POST /user_groups/{id}/subgroups, real server)',
    'the subgroups endpoint adds and removes subgroups with the members endpoint’s rules',
    'POST /user_groups/{user_group_id}/subgroups',
  ),
  compat('groups.members.guests', 'reference §14.1', 'guests may not change group membership ("Not allowed for guest users")', MEMBERS),
];
