import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { createGroup, groupRow, systemGroupId } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;

function patch(model: Model, actor: Parameters<typeof as>[1], groupId: number, params: Record<string, unknown>) {
  const wire = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
  return as(model, actor).patch(`/user_groups/${groupId}`, wire);
}

describe('PATCH /user_groups/{user_group_id}', () => {
  it('renames and redescribes for managers only', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    createGroup(model, HAMLET, 'taken');
    expectError(patch(model, CORDELIA, group, { name: 'new' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(patch(model, POLONIUS, group, { name: 'new' }), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    // From FL 496 a bot meets the group's permission rule as anyone does.
    expectError(patch(model, HAMLET_BOT, group, { name: 'new' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    const before = model.state;
    expectError(patch(model, HAMLET, group, { name: 'Taken' }), 400, 'BAD_REQUEST', "User group 'Taken' already exists.");
    expectError(patch(model, HAMLET, group, { name: 'role:x' }), 400, 'BAD_REQUEST', "User group name cannot start with 'role:'.");
    expectError(patch(model, HAMLET, group, {}), 400, 'BAD_REQUEST', 'No new data supplied');
    expect(model.state).toBe(before);
    expectSuccess(patch(model, HAMLET, group, { name: 'Crew', description: 'renamed' }));
    expect(groupRow(model, group)).toMatchObject({ name: 'Crew', description: 'renamed' });
    expectSuccess(patch(model, HAMLET, group, { name: 'Deck crew' }));
    // The old name is free again, the new one is taken.
    createGroup(model, HAMLET, 'crew');
    expectError(
      as(model, HAMLET).post('/user_groups/create', { name: 'DECK CREW', description: '', members: '[]' }),
      400,
      'BAD_REQUEST',
      "User group 'DECK CREW' already exists.",
    );
    expectError(patch(model, DESDEMONA, systemGroupId(model, 'role:members'), { description: 'x' }), 400, 'BAD_REQUEST', 'Insufficient permission');
  });

  it('changes settings given {new, old}, checking old against what clients are shown', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    const members = systemGroupId(model, 'role:members');
    const before = model.state;
    expectError(
      patch(model, HAMLET, group, { can_join_group: { new: members, old: systemGroupId(model, 'role:everyone') } }),
      400,
      'EXPECTATION_MISMATCH',
      "'old' value does not match the expected value.",
    );
    expectError(
      patch(model, HAMLET, group, { can_manage_group: { new: systemGroupId(model, 'role:everyone') } }),
      400,
      'BAD_REQUEST',
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
    expectError(patch(model, HAMLET, group, { can_join_group: members }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
    expectSuccess(patch(model, HAMLET, group, { can_join_group: { new: members, old: systemGroupId(model, 'role:nobody') } }));
    expectSuccess(
      patch(model, HAMLET, group, {
        can_manage_group: {
          new: { direct_members: [HAMLET.userId, CORDELIA.userId], direct_subgroups: [] },
          old: { direct_members: [HAMLET.userId], direct_subgroups: [] },
        },
      }),
    );
    expect(groupRow(model, group).settings).toMatchObject({
      can_join_group: members,
      can_manage_group: { directMembers: [HAMLET.userId, CORDELIA.userId], directSubgroups: [] },
    });
    // Cordelia now manages the group.
    expectSuccess(patch(model, CORDELIA, group, { description: 'hers too' }));
  });

  it('reactivates a deactivated group; deactivated=true does nothing here', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    expectSuccess(as(model, HAMLET).post(`/user_groups/${group}/deactivate`));
    expectSuccess(patch(model, HAMLET, group, { name: 'still deactivated', deactivated: true }));
    expect(groupRow(model, group)).toMatchObject({ name: 'still deactivated', deactivated: true });
    expectSuccess(patch(model, HAMLET, group, { deactivated: false }));
    expect(groupRow(model, group).deactivated).toBe(false);
  });
});
