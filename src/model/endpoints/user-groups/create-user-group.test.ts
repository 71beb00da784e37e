import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
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
import { createGroup, deactivateGroupDirectly, groupRow, systemGroupId } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;

function create(model: Model, actor: Parameters<typeof as>[1], params: Record<string, string>) {
  return as(model, actor).post('/user_groups/create', { name: 'crew', description: 'the crew', members: '[]', ...params });
}

function listed(model: Model, id: number): Record<string, any> | undefined {
  const list = expectSuccess(as(model, IAGO).get('/user_groups', { include_deactivated_groups: 'true' }))['user_groups'] as Record<string, any>[];
  return list.find((group) => group['id'] === id);
}

describe('POST /user_groups/create (reference §14.3)', () => {
  it('creates a group with the next id, its members and the creator defaults', () => {
    const model = newModel();
    const nextId = model.state.counters.nextGroupId;
    const body = expectSuccess(create(model, HAMLET, { members: JSON.stringify([CORDELIA.userId, HAMLET.userId, CORDELIA.userId]) }));
    expect(Object.keys(body).sort()).toEqual(['group_id', 'msg', 'result']);
    const id = body['group_id'];
    expect(id).toBe(nextId);
    expect(listed(model, id)).toMatchObject({
      name: 'crew',
      description: 'the crew',
      creator_id: HAMLET.userId,
      members: [HAMLET.userId, CORDELIA.userId],
      direct_subgroup_ids: [],
      is_system_group: false,
      deactivated: false,
      can_add_members_group: { direct_members: [HAMLET.userId], direct_subgroups: [] },
      can_manage_group: { direct_members: [HAMLET.userId], direct_subgroups: [] },
      can_join_group: systemGroupId(model, 'role:nobody'),
      can_leave_group: systemGroupId(model, 'role:everyone'),
      can_mention_group: systemGroupId(model, 'role:everyone'),
      can_remove_members_group: systemGroupId(model, 'role:nobody'),
    });
    expect(typeof listed(model, id)!['date_created']).toBe('number');
    expect(expectSuccess(create(model, HAMLET, { name: 'second' }))['group_id']).toBe(nextId + 1);
  });

  it('takes subgroups (system groups too) and stores them sorted', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner');
    const moderators = systemGroupId(model, 'role:moderators');
    const id = expectSuccess(create(model, HAMLET, { subgroups: JSON.stringify([inner, moderators]) }))['group_id'];
    expect(listed(model, id)!['direct_subgroup_ids']).toEqual([moderators, inner].sort((a, b) => a - b));
  });

  it('accepts both forms of a group-setting value and stores the normal form', () => {
    const model = newModel();
    const inner = createGroup(model, HAMLET, 'inner');
    const id = expectSuccess(
      create(model, HAMLET, {
        can_join_group: JSON.stringify(systemGroupId(model, 'role:members')),
        can_leave_group: JSON.stringify({ direct_members: [], direct_subgroups: [inner] }),
        can_manage_group: JSON.stringify({ direct_members: [CORDELIA.userId, HAMLET.userId], direct_subgroups: [inner] }),
        can_remove_members_group: JSON.stringify({ direct_members: [], direct_subgroups: [] }),
      }),
    )['group_id'];
    expect(listed(model, id)).toMatchObject({
      can_join_group: systemGroupId(model, 'role:members'),
      can_leave_group: inner,
      can_manage_group: { direct_members: [HAMLET.userId, CORDELIA.userId], direct_subgroups: [inner] },
      can_remove_members_group: systemGroupId(model, 'role:nobody'),
    });
  });

  it('refuses setting values the setting does not allow, and unknown groups or users in them', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      create(model, HAMLET, { can_manage_group: JSON.stringify(systemGroupId(model, 'role:everyone')) }),
      400,
      'BAD_REQUEST',
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
    expectError(
      create(model, HAMLET, { can_join_group: JSON.stringify(systemGroupId(model, 'role:internet')) }),
      400,
      'BAD_REQUEST',
      "'can_join_group' setting cannot be set to 'role:internet' group.",
    );
    expectError(create(model, HAMLET, { can_join_group: '999' }), 400, 'BAD_REQUEST', 'Invalid user group');
    expectError(
      create(model, HAMLET, { can_join_group: JSON.stringify({ direct_members: [OTHELLO.userId], direct_subgroups: [] }) }),
      400,
      'BAD_REQUEST',
      `Invalid user ID: ${OTHELLO.userId}`,
    );
    expectError(create(model, HAMLET, { can_join_group: '"x"' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
  });

  it('refuses unknown and deactivated members', () => {
    const model = newModel();
    const before = model.state;
    expectError(create(model, HAMLET, { members: '[4, 999]' }), 400, 'BAD_REQUEST', 'Invalid user ID: 999');
    expectError(create(model, HAMLET, { members: JSON.stringify([OTHELLO.userId]) }), 400, 'BAD_REQUEST', `Invalid user ID: ${OTHELLO.userId}`);
    expect(model.state).toBe(before);
  });

  it('accepts bots as members', () => {
    const model = newModel();
    const id = expectSuccess(create(model, HAMLET, { members: JSON.stringify([HAMLET_BOT.userId]) }))['group_id'];
    expect(listed(model, id)!['members']).toEqual([HAMLET_BOT.userId]);
  });

  it('refuses unknown and deactivated subgroups', () => {
    const model = newModel();
    const old = createGroup(model, HAMLET, 'old');
    deactivateGroupDirectly(model, old);
    const before = model.state;
    expectError(create(model, HAMLET, { subgroups: '[999]' }), 400, 'BAD_REQUEST', 'Invalid user group ID: 999');
    expectError(create(model, HAMLET, { subgroups: JSON.stringify([old]) }), 400, 'BAD_REQUEST', 'User group is deactivated.');
    expect(model.state).toBe(before);
  });

  it('checks the name: blank, too long, reserved prefixes, taken (case-insensitively, deactivated groups too)', () => {
    const model = newModel();
    const old = createGroup(model, HAMLET, 'Old Guard');
    deactivateGroupDirectly(model, old);
    const before = model.state;
    expectError(create(model, HAMLET, { name: '' }), 400, 'BAD_REQUEST', "User group name can't be empty!");
    expectError(create(model, HAMLET, { name: '   ' }), 400, 'BAD_REQUEST', "User group name can't be empty!");
    expectError(create(model, HAMLET, { name: 'x'.repeat(101) }), 400, 'BAD_REQUEST', 'User group name cannot exceed 100 characters.');
    for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:']) {
      expectError(create(model, HAMLET, { name: `${prefix}crew` }), 400, 'BAD_REQUEST', `User group name cannot start with '${prefix}'.`);
    }
    expectError(create(model, HAMLET, { name: 'role:members' }), 400, 'BAD_REQUEST', "User group name cannot start with 'role:'.");
    expectError(create(model, HAMLET, { name: 'Old Guard' }), 400, 'BAD_REQUEST', "User group 'Old Guard' already exists.");
    expectError(create(model, HAMLET, { name: 'old guard' }), 400, 'BAD_REQUEST', "User group 'old guard' already exists.");
    expect(model.state).toBe(before);
    // 100 code points (astral characters count once) is fine.
    expectSuccess(create(model, HAMLET, { name: '😀'.repeat(100) }));
  });

  it('requires name, description and members', () => {
    const model = newModel();
    for (const missing of ['name', 'description', 'members']) {
      const params: Record<string, string> = { name: 'crew', description: '', members: '[]' };
      delete params[missing];
      expectError(as(model, HAMLET).post('/user_groups/create', params), 400, 'REQUEST_VARIABLE_MISSING', `Missing '${missing}' argument`);
    }
    expectError(create(model, HAMLET, { members: '4' }), 400, 'BAD_REQUEST');
  });

  it('follows can_create_groups; guests never create, nor bots below FL 496', () => {
    const model = newModel();
    expectError(create(model, POLONIUS, {}), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    const newest = model.state;
    model.reset({ ...newest, featureLevel: 495 });
    expectError(create(model, HAMLET_BOT, {}), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
    model.reset(newest);
    const settings = model.state.realm.settings;
    model.reset({
      ...model.state,
      realm: { ...model.state.realm, settings: { ...settings, groups: { ...settings.groups, can_create_groups: systemGroupId(model, 'role:moderators') } } },
    });
    const before = model.state;
    expectError(create(model, HAMLET, {}), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(before);
    expectSuccess(create(model, SHIVA, {}));
    expectSuccess(create(model, DESDEMONA, { name: 'other' }));
  });

  it('records the creator and the creation time in whole seconds', () => {
    const model = createModel({ seed: 'tests', clock: () => 1_750_000_000.75 });
    const id = createGroup(model, IAGO, 'admins club');
    expect(groupRow(model, id)).toMatchObject({ creatorId: IAGO.userId, isSystemGroup: false });
    expect(groupRow(model, id).dateCreated).toBe(1_750_000_000);
  });
});
