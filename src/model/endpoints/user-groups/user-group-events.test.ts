import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, GROUP, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { getRow, withRow } from '../../tables/table.js';
import { applyEvents, createGroup, listen, registerState, systemGroupId } from './test-helpers.js';

type Model = ReturnType<typeof newModel>;

const KEEPS_DEACTIVATED = { include_deactivated_groups: true };

/** The group as GET /user_groups lists it (deactivated ones included). */
function listed(model: Model, groupId: number): Record<string, any> {
  const groups = expectSuccess(as(model, IAGO).get('/user_groups', { include_deactivated_groups: 'true' }))['user_groups'] as Record<string, any>[];
  return groups.find((group) => group['id'] === groupId)!;
}

function members(model: Model, groupId: number, params: Record<string, number[]>) {
  const wire = Object.fromEntries(Object.entries(params).map(([key, ids]) => [key, JSON.stringify(ids)]));
  return expectSuccess(as(model, HAMLET).post(`/user_groups/${groupId}/members`, wire));
}

/** Scotland (private) admits `groupId` through can_subscribe_group; written directly, the channel endpoints being tested elsewhere. */
function openScotlandTo(model: Model, groupId: number): void {
  const scotland = getRow(model.state.channels, CHANNEL.scotland)!;
  const next = { ...scotland, settings: { ...scotland.settings, can_subscribe_group: groupId } };
  model.reset({ ...model.state, channels: withRow(model.state.channels, CHANNEL.scotland, next) });
}

describe('user_group events', () => {
  it('announces a new group to everyone as register shows it, its subgroups in a second event', () => {
    const model = newModel();
    const cordelia = listen(model, CORDELIA);
    const polonius = listen(model, POLONIUS);
    const id = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId, HAMLET.userId], subgroups: [GROUP.hamletcharacters] });
    const expected = [
      { type: 'user_group', op: 'add', group: { ...listed(model, id), direct_subgroup_ids: [] } },
      { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [GROUP.hamletcharacters] },
    ];
    expect(expected[0]!['group']).toMatchObject({ name: 'crew', members: [HAMLET.userId, CORDELIA.userId], creator_id: HAMLET.userId });
    expect(cordelia()).toEqual(expected);
    expect(polonius()).toEqual(expected);
  });

  it("sends one update per changed key, in the real server's order, settings in API form", () => {
    const model = newModel();
    const id = createGroup(model, HAMLET, 'crew');
    const cordelia = listen(model, CORDELIA);
    const members = systemGroupId(model, 'role:members');
    expectSuccess(
      as(model, HAMLET).patch(`/user_groups/${id}`, {
        can_join_group: JSON.stringify({ new: members }),
        can_mention_group: JSON.stringify({ new: { direct_members: [CORDELIA.userId], direct_subgroups: [GROUP.leadership] } }),
        description: 'the whole crew',
        name: 'sailors',
        can_leave_group: JSON.stringify({ new: systemGroupId(model, 'role:everyone') }),
      }),
    );
    const update = (data: object) => ({ type: 'user_group', op: 'update', group_id: id, data });
    expect(cordelia()).toEqual([
      update({ name: 'sailors' }),
      update({ description: 'the whole crew' }),
      update({ can_join_group: members }),
      update({ can_mention_group: { direct_members: [CORDELIA.userId], direct_subgroups: [GROUP.leadership] } }),
    ]);
    // Values equal to the current ones send nothing.
    expectSuccess(as(model, HAMLET).patch(`/user_groups/${id}`, { name: 'sailors', description: 'the whole crew' }));
    expect(cordelia()).toEqual([]);
  });

  it('deactivates as an update for queues that keep deactivated groups and as a remove for the others', () => {
    const model = newModel();
    const id = createGroup(model, HAMLET, 'crew');
    const keeping = listen(model, CORDELIA, KEEPS_DEACTIVATED);
    const dropping = listen(model, CORDELIA);
    expectSuccess(as(model, HAMLET).post(`/user_groups/${id}/deactivate`));
    expect(keeping()).toEqual([{ type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } }]);
    expect(dropping()).toEqual([{ type: 'user_group', op: 'remove', group_id: id }]);
  });

  it('renames a deactivated group only for queues that keep it, and brings it back whole to the others', () => {
    const model = newModel();
    const id = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId] });
    expectSuccess(as(model, HAMLET).post(`/user_groups/${id}/deactivate`));
    const keeping = listen(model, POLONIUS, KEEPS_DEACTIVATED);
    const dropping = listen(model, POLONIUS);
    expectSuccess(as(model, HAMLET).patch(`/user_groups/${id}`, { name: 'ghosts', description: 'back again', deactivated: 'false' }));
    expect(keeping()).toEqual([
      { type: 'user_group', op: 'update', group_id: id, data: { name: 'ghosts' } },
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'back again' } },
      { type: 'user_group', op: 'update', group_id: id, data: { deactivated: false } },
    ]);
    expect(dropping()).toEqual([
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'back again' } },
      { type: 'user_group', op: 'add', group: listed(model, id) },
    ]);
    expect(listed(model, id)).toMatchObject({ name: 'ghosts', deactivated: false, members: [CORDELIA.userId] });
  });

  it('sends add_members, remove_members, add_subgroups, remove_subgroups in that order for one request', () => {
    const model = newModel();
    const id = createGroup(model, HAMLET, 'crew', { members: [CORDELIA.userId], subgroups: [GROUP.supportTeam] });
    const shiva = listen(model, SHIVA);
    members(model, id, {
      delete_subgroups: [GROUP.supportTeam],
      add: [POLONIUS.userId, SHIVA.userId],
      add_subgroups: [GROUP.hamletcharacters],
      delete: [CORDELIA.userId],
    });
    expect(shiva()).toEqual([
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [SHIVA.userId, POLONIUS.userId] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [CORDELIA.userId] },
      { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [GROUP.hamletcharacters] },
      { type: 'user_group', op: 'remove_subgroups', group_id: id, direct_subgroup_ids: [GROUP.supportTeam] },
    ]);
  });

  it('the older subgroups endpoint sends the same subgroup events', () => {
    const model = newModel();
    const id = createGroup(model, HAMLET, 'crew', { subgroups: [GROUP.supportTeam] });
    const cordelia = listen(model, CORDELIA);
    expectSuccess(as(model, HAMLET).post(`/user_groups/${id}/subgroups`, { add: `[${GROUP.hamletcharacters}]`, delete: `[${GROUP.supportTeam}]` }));
    expect(cordelia()).toEqual([
      { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [GROUP.hamletcharacters] },
      { type: 'user_group', op: 'remove_subgroups', group_id: id, direct_subgroup_ids: [GROUP.supportTeam] },
    ]);
  });

  it('shows a private channel to members who now reach it through a group setting, and hides it from those who leave', () => {
    const model = newModel();
    const readers = createGroup(model, HAMLET, 'readers');
    const outer = createGroup(model, HAMLET, 'outer', { subgroups: [readers] });
    openScotlandTo(model, outer);
    const cordelia = listen(model, CORDELIA);
    const desdemona = listen(model, DESDEMONA);
    const polonius = listen(model, POLONIUS);

    members(model, readers, { add: [CORDELIA.userId, POLONIUS.userId] });
    const added = { type: 'user_group', op: 'add_members', group_id: readers, user_ids: [CORDELIA.userId, POLONIUS.userId] };
    const scotland = expectSuccess(as(model, CORDELIA).get(`/streams/${CHANNEL.scotland}`))['stream'];
    expect(cordelia()).toEqual([
      added,
      { type: 'stream', op: 'create', streams: [scotland] },
      { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.scotland], user_ids: [IAGO.userId, HAMLET.userId] },
    ]);
    // Administrators knew it already; guests never reach private channels through groups.
    expect(desdemona()).toEqual([added]);
    expect(polonius()).toEqual([added]);

    members(model, readers, { delete: [CORDELIA.userId] });
    expect(cordelia()).toEqual([
      { type: 'user_group', op: 'remove_members', group_id: readers, user_ids: [CORDELIA.userId] },
      { type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.scotland }], stream_ids: [CHANNEL.scotland] },
    ]);
  });

  it('moves channel access with the subgroups too', () => {
    const model = newModel();
    const outer = createGroup(model, HAMLET, 'outer');
    openScotlandTo(model, outer);
    const cordelia = listen(model, CORDELIA);
    const shiva = listen(model, SHIVA);
    members(model, outer, { add_subgroups: [GROUP.hamletcharacters] });
    expect(cordelia().map((event) => `${event.type}/${event.op}`)).toEqual(['user_group/add_subgroups', 'stream/create', 'subscription/peer_add']);
    expect(shiva().map((event) => `${event.type}/${event.op}`)).toEqual(['user_group/add_subgroups']);
    members(model, outer, { delete_subgroups: [GROUP.hamletcharacters] });
    expect(cordelia().map((event) => `${event.type}/${event.op}`)).toEqual(['user_group/remove_subgroups', 'stream/delete']);
  });

  it("keeps a client's realm_user_groups equal to a fresh register, with and without deactivated groups", () => {
    const model = newModel();
    for (const capabilities of [{}, KEEPS_DEACTIVATED]) {
      const state = registerState(model, CORDELIA, ['realm_user_groups'], capabilities);
      const events = listen(model, CORDELIA, capabilities);
      const crew = createGroup(model, HAMLET, `crew ${Object.keys(capabilities).length}`, { members: [CORDELIA.userId], subgroups: [GROUP.hamletcharacters] });
      members(model, crew, { add: [SHIVA.userId], delete: [CORDELIA.userId], delete_subgroups: [GROUP.hamletcharacters] });
      expectSuccess(as(model, HAMLET).patch(`/user_groups/${crew}`, { description: 'changed', can_join_group: JSON.stringify({ new: GROUP.leadership }) }));
      const spare = createGroup(model, HAMLET, `spare ${Object.keys(capabilities).length}`);
      expectSuccess(as(model, HAMLET).post(`/user_groups/${spare}/deactivate`));
      expectSuccess(as(model, HAMLET).post(`/user_groups/${crew}/deactivate`));
      expectSuccess(as(model, HAMLET).patch(`/user_groups/${crew}`, { name: `renamed ${Object.keys(capabilities).length}`, deactivated: 'false' }));
      applyEvents(state, events());
      expect(state).toEqual(registerState(model, CORDELIA, ['realm_user_groups'], capabilities));
    }
  });
});
