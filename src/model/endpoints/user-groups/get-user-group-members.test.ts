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
import { createGroup, deactivateGroupDirectly, systemGroupId } from './test-helpers.js';

describe('reading one group: members, membership and subgroups', () => {
  it('GET /user_groups/{id}/members lists members through subgroups unless direct_member_only', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner', { members: [CORDELIA.userId], subgroups: [systemGroupId(model, 'role:administrators')] });
    const outer = createGroup(model, HAMLET, 'outer', { members: [HAMLET.userId], subgroups: [inner] });
    expect(expectSuccess(as(model, SHIVA).get(`/user_groups/${outer}/members`))['members']).toEqual([
      DESDEMONA.userId,
      IAGO.userId,
      HAMLET.userId,
      CORDELIA.userId,
    ]);
    expect(expectSuccess(as(model, SHIVA).get(`/user_groups/${outer}/members`, { direct_member_only: 'true' }))['members']).toEqual([HAMLET.userId]);
    expect(expectSuccess(as(model, SHIVA).get(`/user_groups/${systemGroupId(model, 'role:moderators')}/members`))['members']).toEqual([
      DESDEMONA.userId,
      IAGO.userId,
      SHIVA.userId,
    ]);
    expectError(as(model, SHIVA).get('/user_groups/999/members'), 400, 'BAD_REQUEST', 'Invalid user group');
    expectError(as(model, POLONIUS).get(`/user_groups/${outer}/members`), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    deactivateGroupDirectly(model, outer);
    expectError(as(model, SHIVA).get(`/user_groups/${outer}/members`), 400, 'BAD_REQUEST', 'User group is deactivated.');
  });

  it('GET /user_groups/{id}/members/{user_id} answers membership, direct or recursive', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner', { members: [CORDELIA.userId] });
    const outer = createGroup(model, HAMLET, 'outer', { subgroups: [inner] });
    const ask = (userId: number, params: Record<string, string> = {}) =>
      expectSuccess(as(model, HAMLET).get(`/user_groups/${outer}/members/${userId}`, params))['is_user_group_member'];
    expect(ask(CORDELIA.userId)).toBe(true);
    expect(ask(CORDELIA.userId, { direct_member_only: 'true' })).toBe(false);
    expect(ask(SHIVA.userId)).toBe(false);
    expectError(as(model, HAMLET).get(`/user_groups/${outer}/members/999`), 400, 'BAD_REQUEST', 'No such user');
    expect(expectSuccess(as(model, HAMLET).get(`/user_groups/${outer}/members/${HAMLET_BOT.userId}`))).toHaveProperty('is_user_group_member');
    model.reset({ ...model.state, featureLevel: 457 });
    expectError(as(model, HAMLET).get(`/user_groups/${outer}/members/${HAMLET_BOT.userId}`), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, HAMLET).get(`/user_groups/${outer}/members/${OTHELLO.userId}`), 400, 'BAD_REQUEST', 'User is deactivated');
  });

  it('GET /user_groups/{id}/subgroups lists subgroups at any depth unless direct_subgroup_only', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner', { subgroups: [systemGroupId(model, 'role:owners')] });
    const outer = createGroup(model, HAMLET, 'outer', { subgroups: [inner] });
    expect(expectSuccess(as(model, HAMLET).get(`/user_groups/${outer}/subgroups`))['subgroups']).toEqual([systemGroupId(model, 'role:owners'), inner]);
    expect(expectSuccess(as(model, HAMLET).get(`/user_groups/${outer}/subgroups`, { direct_subgroup_only: 'true' }))['subgroups']).toEqual([inner]);
  });
});

describe('POST /user_groups/{id}/subgroups', () => {
  it('adds and removes subgroups with the members endpoint’s rules', () => {
    const model = newModel();
    const a = createGroup(model, HAMLET, 'a');
    const b = createGroup(model, HAMLET, 'b');
    expectError(as(model, HAMLET).post(`/user_groups/${a}/subgroups`, {}), 400, 'BAD_REQUEST', 'Nothing to do. Specify at least one of "add" or "delete".');
    expectSuccess(as(model, HAMLET).post(`/user_groups/${a}/subgroups`, { add: JSON.stringify([b]) }));
    expectError(
      as(model, HAMLET).post(`/user_groups/${b}/subgroups`, { add: JSON.stringify([a]) }),
      400,
      'BAD_REQUEST',
      `User group ${b} is already a subgroup of one of the passed subgroups.`,
    );
    expectError(as(model, CORDELIA).post(`/user_groups/${a}/subgroups`, { delete: JSON.stringify([b]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(as(model, HAMLET).post(`/user_groups/${a}/subgroups`, { delete: JSON.stringify([b]) }));
    expect(expectSuccess(as(model, HAMLET).get(`/user_groups/${a}/subgroups`))['subgroups']).toEqual([]);
  });
});
