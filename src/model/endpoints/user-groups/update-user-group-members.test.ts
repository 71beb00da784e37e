import { describe, expect, it } from 'vitest';
import {
  as,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
  SHIVA,
} from '../../../testing/default-realm.js';
import { withRow } from '../../tables/table.js';
import { createGroup, deactivateGroupDirectly, groupRow, systemGroupId } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function update(model: Model, actor: Actor, groupId: number, params: Record<string, number[]>) {
  const wire = Object.fromEntries(Object.entries(params).map(([key, ids]) => [key, JSON.stringify(ids)]));
  return as(model, actor).post(`/user_groups/${groupId}/members`, wire);
}

/** Fails with this message and leaves the state object untouched. */
function refused(model: Model, actor: Actor, groupId: number, params: Record<string, number[]>, msg: string): void {
  const before = model.state;
  expectError(update(model, actor, groupId, params), 400, 'BAD_REQUEST', msg);
  expect(model.state).toBe(before);
}

/** Group settings are written directly here: PATCH /user_groups/{id} is tested on its own. */
function withSetting(model: Model, groupId: number, name: string, value: number): void {
  const group = groupRow(model, groupId);
  const next = { ...group, settings: { ...group.settings, [name]: value } };
  model.reset({ ...model.state, groups: withRow(model.state.groups, groupId, next) });
}

describe('POST /user_groups/{user_group_id}/members (spec: POST /user_groups/{user_group_id}/members; reference §14.1)', () => {
  it('adds and removes members and subgroups in one request, stored sorted; the response has no extra fields', () => {
    const model = newModel();
    const sub = createGroup(model, HAMLET, 'sub');
    const group = createGroup(model, HAMLET, 'crew', { members: [HAMLET.userId] });
    const body = expectSuccess(update(model, HAMLET, group, { add: [CORDELIA.userId, SHIVA.userId], add_subgroups: [sub] }));
    expect(Object.keys(body).sort()).toEqual(['msg', 'result']);
    expect(groupRow(model, group)).toMatchObject({ directMemberIds: [SHIVA.userId, HAMLET.userId, CORDELIA.userId], directSubgroupIds: [sub] });
    expectSuccess(update(model, HAMLET, group, { delete: [SHIVA.userId], delete_subgroups: [sub] }));
    expect(groupRow(model, group)).toMatchObject({ directMemberIds: [HAMLET.userId, CORDELIA.userId], directSubgroupIds: [] });
  });

  it('runs add before delete: adding and removing the same user in one request leaves them out', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    expectSuccess(update(model, HAMLET, group, { add: [CORDELIA.userId], delete: [CORDELIA.userId] }));
    expect(groupRow(model, group).directMemberIds).toEqual([]);
  });

  it('is all or nothing: a failing later operation undoes nothing because nothing was applied', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    refused(model, HAMLET, group, { add: [CORDELIA.userId], delete: [SHIVA.userId] }, `There is no member '${SHIVA.userId}' in this user group`);
    expect(groupRow(model, group).directMemberIds).toEqual([]);
  });

  it('says "Nothing to do" for no operation or only empty lists', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    const msg = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';
    refused(model, HAMLET, group, {}, msg);
    refused(model, HAMLET, group, { add: [], delete: [], add_subgroups: [], delete_subgroups: [] }, msg);
  });

  it('answers an unknown group with "Invalid user group" and system groups with "Insufficient permission"', () => {
    const model = newModel();
    refused(model, DESDEMONA, 999, { add: [HAMLET.userId] }, 'Invalid user group');
    const members = systemGroupId(model, 'role:members');
    refused(model, DESDEMONA, members, { add: [HAMLET.userId] }, 'Insufficient permission');
    refused(model, DESDEMONA, members, { delete: [HAMLET.userId] }, 'Insufficient permission');
    refused(model, DESDEMONA, members, { add_subgroups: [systemGroupId(model, 'role:nobody')] }, 'Insufficient permission');
    refused(model, DESDEMONA, members, { delete_subgroups: [systemGroupId(model, 'role:fullmembers')] }, 'Insufficient permission');
  });

  it('accepts only active users: unknown and deactivated ids are invalid', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    refused(model, HAMLET, group, { add: [999] }, 'Invalid user ID: 999');
    refused(model, HAMLET, group, { add: [CORDELIA.userId, OTHELLO.userId] }, `Invalid user ID: ${OTHELLO.userId}`);
    refused(model, HAMLET, group, { delete: [OTHELLO.userId] }, `Invalid user ID: ${OTHELLO.userId}`);
  });

  it('refuses adding a direct member twice and removing a non-member', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId] });
    refused(model, HAMLET, group, { add: [SHIVA.userId, CORDELIA.userId] }, `User ${CORDELIA.userId} is already a member of this group`);
    refused(model, HAMLET, group, { delete: [SHIVA.userId] }, `There is no member '${SHIVA.userId}' in this user group`);
  });

  it('lets a member who is only in a subgroup be added directly', () => {
    const model = newModel();
    const sub = createGroup(model, HAMLET, 'sub', { members: [CORDELIA.userId] });
    const group = createGroup(model, HAMLET, 'crew', { subgroups: [sub] });
    expectSuccess(update(model, HAMLET, group, { add: [CORDELIA.userId] }));
    expect(groupRow(model, group).directMemberIds).toEqual([CORDELIA.userId]);
  });

  it('checks subgroups: unknown, deactivated, already there, not there', () => {
    const model = newModel();
    const sub = createGroup(model, HAMLET, 'sub');
    const old = createGroup(model, HAMLET, 'old');
    deactivateGroupDirectly(model, old);
    const group = createGroup(model, HAMLET, 'crew', { subgroups: [sub] });
    refused(model, HAMLET, group, { add_subgroups: [999] }, 'Invalid user group ID: 999');
    refused(model, HAMLET, group, { add_subgroups: [old] }, 'User group is deactivated.');
    refused(model, HAMLET, group, { add_subgroups: [sub] }, `User group ${sub} is already a subgroup of this group.`);
    refused(model, HAMLET, group, { delete_subgroups: [999] }, 'Invalid user group ID: 999');
    refused(
      model,
      HAMLET,
      group,
      { delete_subgroups: [systemGroupId(model, 'role:members')] },
      `User group ${systemGroupId(model, 'role:members')} is not a subgroup of this group.`,
    );
  });

  it('refuses cycles, including a group as its own subgroup, at any depth', () => {
    const model = newModel();
    const top = createGroup(model, HAMLET, 'top');
    const middle = createGroup(model, HAMLET, 'middle');
    const bottom = createGroup(model, HAMLET, 'bottom');
    expectSuccess(update(model, HAMLET, top, { add_subgroups: [middle] }));
    expectSuccess(update(model, HAMLET, middle, { add_subgroups: [bottom] }));
    refused(model, HAMLET, top, { add_subgroups: [top] }, `User group ${top} is already a subgroup of one of the passed subgroups.`);
    refused(model, HAMLET, bottom, { add_subgroups: [top] }, `User group ${bottom} is already a subgroup of one of the passed subgroups.`);
    refused(model, HAMLET, middle, { add_subgroups: [top] }, `User group ${middle} is already a subgroup of one of the passed subgroups.`);
    // A diamond is not a cycle.
    expectSuccess(update(model, HAMLET, top, { add_subgroups: [bottom] }));
  });

  it('allows system groups as subgroups', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    const moderators = systemGroupId(model, 'role:moderators');
    expectSuccess(update(model, HAMLET, group, { add_subgroups: [moderators] }));
    expect(groupRow(model, group).directSubgroupIds).toEqual([moderators]);
  });

  describe('permissions', () => {
    it('lets the creator (default can_manage_group) and can_manage_all_groups (owners) change anything', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew');
      expectSuccess(update(model, HAMLET, group, { add: [CORDELIA.userId] }));
      expectSuccess(update(model, DESDEMONA, group, { delete: [CORDELIA.userId], add_subgroups: [systemGroupId(model, 'role:moderators')] }));
      expectSuccess(update(model, DESDEMONA, group, { delete_subgroups: [systemGroupId(model, 'role:moderators')] }));
    });

    it('refuses others by default, administrators included', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { members: [SHIVA.userId] });
      refused(model, CORDELIA, group, { add: [SHIVA.userId, IAGO.userId] }, 'Insufficient permission');
      refused(model, IAGO, group, { add: [CORDELIA.userId] }, 'Insufficient permission');
      refused(model, IAGO, group, { delete: [SHIVA.userId] }, 'Insufficient permission');
      refused(model, IAGO, group, { add_subgroups: [systemGroupId(model, 'role:moderators')] }, 'Insufficient permission');
      // Joining needs can_join_group (Nobody by default).
      refused(model, CORDELIA, group, { add: [CORDELIA.userId] }, 'Insufficient permission');
    });

    it('lets anyone leave by default (can_leave_group is Everyone), but not remove others', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId, SHIVA.userId] });
      refused(model, CORDELIA, group, { delete: [SHIVA.userId] }, 'Insufficient permission');
      expectSuccess(update(model, CORDELIA, group, { delete: [CORDELIA.userId] }));
      expect(groupRow(model, group).directMemberIds).toEqual([SHIVA.userId]);
    });

    it('follows can_join_group for oneself only', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { can_join_group: systemGroupId(model, 'role:members') });
      expectSuccess(update(model, CORDELIA, group, { add: [CORDELIA.userId] }));
      refused(model, CORDELIA, group, { add: [SHIVA.userId] }, 'Insufficient permission');
      refused(model, SHIVA, group, { add: [SHIVA.userId, IAGO.userId] }, 'Insufficient permission');
    });

    it('follows can_add_members_group for anyone and for subgroups, and it also lets one join', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { can_add_members_group: { direct_members: [CORDELIA.userId], direct_subgroups: [] } });
      expectSuccess(update(model, CORDELIA, group, { add: [SHIVA.userId] }));
      expectSuccess(update(model, CORDELIA, group, { add: [CORDELIA.userId] }));
      expectSuccess(update(model, CORDELIA, group, { add_subgroups: [systemGroupId(model, 'role:moderators')] }));
      // Removing subgroups needs the manage permission.
      refused(model, CORDELIA, group, { delete_subgroups: [systemGroupId(model, 'role:moderators')] }, 'Insufficient permission');
      // The creator lost nothing: can_manage_group still holds them.
      expectSuccess(update(model, HAMLET, group, { delete_subgroups: [systemGroupId(model, 'role:moderators')] }));
    });

    it('follows can_remove_members_group and can_leave_group', () => {
      const model = newModel();
      const nobody = systemGroupId(model, 'role:nobody');
      const group = createGroup(model, HAMLET, 'crew', {
        members: [CORDELIA.userId, SHIVA.userId, IAGO.userId],
        can_leave_group: nobody,
        can_remove_members_group: { direct_members: [SHIVA.userId], direct_subgroups: [] },
      });
      refused(model, CORDELIA, group, { delete: [CORDELIA.userId] }, 'Insufficient permission');
      expectSuccess(update(model, SHIVA, group, { delete: [CORDELIA.userId] }));
      expectSuccess(update(model, SHIVA, group, { delete: [SHIVA.userId] }));
      refused(model, SHIVA, group, { add: [SHIVA.userId] }, 'Insufficient permission');
    });

    it('grants through subgroups of a setting, and through the organization setting', () => {
      const model = newModel();
      const managers = createGroup(model, HAMLET, 'managers', { members: [CORDELIA.userId] });
      const group = createGroup(model, HAMLET, 'crew', { can_manage_group: managers });
      expectSuccess(update(model, CORDELIA, group, { add: [SHIVA.userId] }));
      refused(model, IAGO, group, { add: [IAGO.userId] }, 'Insufficient permission');
      const settings = model.state.realm.settings;
      model.reset({
        ...model.state,
        realm: {
          ...model.state.realm,
          settings: { ...settings, groups: { ...settings.groups, can_manage_all_groups: systemGroupId(model, 'role:administrators') } },
        },
      });
      expectSuccess(update(model, IAGO, group, { add: [IAGO.userId] }));
    });

    it('checks each step against the group as the earlier steps left it', () => {
      const model = newModel();
      // The group manages itself, and members may join: someone who joins may manage it later in the same request.
      const group = createGroup(model, HAMLET, 'self-managed', { members: [HAMLET.userId], can_join_group: systemGroupId(model, 'role:members') });
      withSetting(model, group, 'can_manage_group', group);
      refused(model, CORDELIA, group, { delete: [HAMLET.userId] }, 'Insufficient permission');
      expectSuccess(update(model, CORDELIA, group, { add: [CORDELIA.userId], delete: [HAMLET.userId] }));
      expect(groupRow(model, group).directMemberIds).toEqual([CORDELIA.userId]);
    });

    it('refuses guests always', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { members: [POLONIUS.userId], can_join_group: systemGroupId(model, 'role:everyone') });
      refused(model, POLONIUS, group, { delete: [POLONIUS.userId] }, 'Not allowed for guest users');
    });
  });

  describe('feature level', () => {
    it('lets bots call from feature level 496, with the same permission rules', () => {
      const model = newModel();
      const group = createGroup(model, HAMLET, 'crew', { can_add_members_group: { direct_members: [HAMLET_BOT.userId], direct_subgroups: [] } });
      expectSuccess(update(model, HAMLET_BOT, group, { add: [CORDELIA.userId, HAMLET_BOT.userId] }));
      refused(model, HAMLET_BOT, group, { delete: [CORDELIA.userId] }, 'Insufficient permission');
      model.reset({ ...model.state, featureLevel: 495 });
      refused(model, HAMLET_BOT, group, { add: [SHIVA.userId] }, 'This endpoint does not accept bot requests.');
    });

    it('changes deactivated groups from feature level 391, and refuses before', () => {
      const model = newModel();
      const sub = createGroup(model, HAMLET, 'sub');
      const group = createGroup(model, HAMLET, 'crew');
      deactivateGroupDirectly(model, group);
      expectSuccess(update(model, HAMLET, group, { add: [CORDELIA.userId], add_subgroups: [sub] }));
      expect(groupRow(model, group)).toMatchObject({ deactivated: true, directMemberIds: [CORDELIA.userId], directSubgroupIds: [sub] });
      model.reset({ ...model.state, featureLevel: 390 });
      refused(model, HAMLET, group, { delete: [CORDELIA.userId] }, 'User group is deactivated.');
      refused(model, HAMLET, group, { delete_subgroups: [sub] }, 'User group is deactivated.');
    });
  });

  it('rejects malformed lists', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    const before = model.state;
    expectError(as(model, HAMLET).post(`/user_groups/${group}/members`, { add: '4' }), 400, 'BAD_REQUEST');
    expectError(as(model, HAMLET).post(`/user_groups/${group}/members`, { add: '["a"]' }), 400, 'BAD_REQUEST');
    expectError(as(model, HAMLET).post(`/user_groups/${group}/members`, { delete_subgroups: 'x' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
  });
});
