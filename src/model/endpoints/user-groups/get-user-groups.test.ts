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
import { deactivateGroupDirectly } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;

function groups(model: Model, params: Record<string, string> = {}): Record<string, any>[] {
  return expectSuccess(as(model, HAMLET).get('/user_groups', params))['user_groups'];
}

function byName(model: Model, name: string, params: Record<string, string> = {}): Record<string, any> {
  const group = groups(model, params).find((candidate) => candidate['name'] === name);
  if (group === undefined) throw new Error(`no group ${name}`);
  return group;
}

describe('GET /user_groups (reference §14.2)', () => {
  it('lists the eight system groups by id with every field', () => {
    const model = newModel();
    const list = groups(model);
    const ids = list.map((group) => group['id']);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const system = list.filter((group) => group['is_system_group'] === true);
    expect(system.map((group) => group['name'])).toEqual([
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
      'role:nobody',
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'creator_id',
        'date_created',
        'members',
        'direct_subgroup_ids',
        'is_system_group',
        'deactivated',
        'can_add_members_group',
        'can_join_group',
        'can_leave_group',
        'can_manage_group',
        'can_mention_group',
        'can_remove_members_group',
      ].sort(),
    );
    expect(list[0]).toMatchObject({ creator_id: null, date_created: null, is_system_group: true, deactivated: false });
  });

  it('derives system group members from roles, bots included, deactivated users left out', () => {
    const model = newModel();
    expect(byName(model, 'role:owners')['members']).toEqual([DESDEMONA.userId]);
    expect(byName(model, 'role:administrators')['members']).toEqual([IAGO.userId]);
    expect(byName(model, 'role:moderators')['members']).toEqual([SHIVA.userId]);
    expect(byName(model, 'role:fullmembers')['members']).toEqual([HAMLET.userId, CORDELIA.userId, HAMLET_BOT.userId]);
    expect(byName(model, 'role:everyone')['members']).toEqual([POLONIUS.userId]);
    const all = groups(model).flatMap((group) => group['members']);
    expect(all).not.toContain(OTHELLO.userId);
    // Nesting: each role group holds the next one as its one subgroup.
    expect(byName(model, 'role:administrators')['direct_subgroup_ids']).toEqual([byName(model, 'role:owners')['id']]);
  });

  it('follows role changes without storing anything in the groups', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch(`/users/${CORDELIA.userId}`, { role: '300' }));
    expect(byName(model, 'role:moderators')['members']).toEqual([SHIVA.userId, CORDELIA.userId]);
    expect(byName(model, 'role:fullmembers')['members']).not.toContain(CORDELIA.userId);
  });

  it('drops deactivated users from a user group and from anonymous settings', () => {
    const model = newModel();
    const created = expectSuccess(
      as(model, HAMLET).post('/user_groups/create', {
        name: 'readers',
        description: '',
        members: JSON.stringify([CORDELIA.userId, HAMLET.userId]),
        can_remove_members_group: JSON.stringify({ direct_members: [CORDELIA.userId], direct_subgroups: [] }),
      }),
    );
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    const group = byName(model, 'readers');
    expect(group['id']).toBe(created['group_id']);
    expect(group['members']).toEqual([HAMLET.userId]);
    expect(group['can_remove_members_group']).toEqual({ direct_members: [], direct_subgroups: [] });
  });

  it('lists deactivated groups only with include_deactivated_groups', () => {
    const model = newModel();
    const { group_id: id } = expectSuccess(as(model, HAMLET).post('/user_groups/create', { name: 'old', description: '', members: '[]' }));
    deactivateGroupDirectly(model, id);
    expect(groups(model).some((candidate) => candidate['id'] === id)).toBe(false);
    expect(byName(model, 'old', { include_deactivated_groups: 'true' })['deactivated']).toBe(true);
    expect(groups(model, { include_deactivated_groups: 'false' }).some((candidate) => candidate['id'] === id)).toBe(false);
  });

  it('refuses guests, and bots below FL 496', () => {
    const model = newModel();
    expectError(as(model, POLONIUS).get('/user_groups'), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectSuccess(as(model, HAMLET_BOT).get('/user_groups'));
    model.reset({ ...model.state, featureLevel: 495 });
    expectError(as(model, HAMLET_BOT).get('/user_groups'), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });

  it('rejects a non-boolean include_deactivated_groups', () => {
    const model = newModel();
    expectError(as(model, HAMLET).get('/user_groups', { include_deactivated_groups: 'yes' }), 400, 'BAD_REQUEST');
  });
});
