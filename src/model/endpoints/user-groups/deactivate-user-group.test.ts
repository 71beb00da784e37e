import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { createGroup, groupRow, systemGroupId } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;

function deactivate(model: Model, actor: Parameters<typeof as>[1], groupId: number) {
  return as(model, actor).post(`/user_groups/${groupId}/deactivate`);
}

describe('POST /user_groups/{user_group_id}/deactivate', () => {
  it('deactivates for the group’s managers; a second time says it is deactivated', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId] });
    expectError(deactivate(model, CORDELIA, group), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(deactivate(model, POLONIUS, group), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(deactivate(model, HAMLET, group));
    expect(groupRow(model, group).deactivated).toBe(true);
    expectError(deactivate(model, DESDEMONA, group), 400, 'BAD_REQUEST', 'User group is deactivated.');
    expectError(deactivate(model, DESDEMONA, systemGroupId(model, 'role:members')), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(deactivate(model, DESDEMONA, 999), 400, 'BAD_REQUEST', 'Invalid user group');
  });

  it('refuses while the group is used, listing where; an inactive supergroup does not count', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner');
    const outer = createGroup(model, HAMLET, 'outer', { subgroups: [inner] });
    const user = createGroup(model, HAMLET, 'user', {
      can_join_group: inner,
      can_leave_group: { direct_members: [CORDELIA.userId], direct_subgroups: [inner] },
    });
    const before = model.state;
    const body = expectError(deactivate(model, HAMLET, inner), 400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.');
    expect(body['objections']).toEqual([
      { type: 'subgroup', supergroup_ids: [outer] },
      { type: 'user_group', group_id: user, settings: ['can_join_group', 'can_leave_group'] },
    ]);
    expect(model.state).toBe(before);
    expectSuccess(deactivate(model, HAMLET, user));
    expectSuccess(deactivate(model, HAMLET, outer));
    expectSuccess(deactivate(model, HAMLET, inner));
  });

  it('lists organization settings that use the group', () => {
    const model = newModel();
    const group = createGroup(model, HAMLET, 'crew');
    const settings = model.state.realm.settings;
    model.reset({ ...model.state, realm: { ...model.state.realm, settings: { ...settings, groups: { ...settings.groups, can_create_groups: group } } } });
    const body = expectError(deactivate(model, DESDEMONA, group), 400, 'CANNOT_DEACTIVATE_GROUP_IN_USE');
    expectError(deactivate(model, IAGO, group), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(body['objections']).toEqual([{ type: 'realm', settings: ['can_create_groups'] }]);
  });
});
