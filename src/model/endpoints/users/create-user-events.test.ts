import { describe, expect, it } from 'vitest';
import { as, CHANNEL, DESDEMONA, expectSuccess, HAMLET, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

type Model = ReturnType<typeof newModel>;

const NEW_USER = { email: 'laertes@chatref.test', password: 'a-Strong-passw0rd-42', full_name: 'Laertes' };

function restrictGuests(model: Model): void {
  const members = model.state.systemGroupIds['role:members'];
  expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
}

function registered(model: Model, viewer: { email: string; apiKey: string }, userId: number): Record<string, unknown> {
  const params = { fetch_event_types: '["realm_user"]', client_gravatar: 'false' };
  const users = expectSuccess(model.call('POST', '/register', params, { auth: viewer }))['realm_users'] as Record<string, unknown>[];
  return users.find((user) => user['user_id'] === userId)!;
}

describe('POST /users events', () => {
  it('announces the new user, their system group and their default channels, to members and guests alike', () => {
    const model = newModel();
    const [shiva, polonius] = [listen(model, SHIVA), listen(model, POLONIUS)];
    const userId = expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER))['user_id'] as number;
    const person = { ...registered(model, SHIVA, userId), is_active: true };
    expect(person).toMatchObject({ user_id: userId, full_name: 'Laertes', delivery_email: NEW_USER.email, role: 400, profile_data: {} });
    const fullMembers = model.state.systemGroupIds['role:fullmembers'];
    const common = [
      { type: 'realm_user', op: 'add', person },
      { type: 'user_group', op: 'add_members', group_id: model.state.systemGroupIds['role:members'], user_ids: [userId] },
      { type: 'user_group', op: 'add_members', group_id: fullMembers, user_ids: [userId] },
    ];
    // general is a public channel without guests: its peers are the non-guests.
    expect(shiva()).toEqual([...common, { type: 'subscription', op: 'peer_add', stream_ids: [CHANNEL.general], user_ids: [userId] }]);
    expect(polonius()).toEqual(common);
  });

  it('gives guests who cannot access the new user the placeholder, or nothing with user_list_incomplete', () => {
    const model = newModel();
    restrictGuests(model);
    const [placeholder, incomplete] = [listen(model, POLONIUS), listen(model, POLONIUS, { user_list_incomplete: true })];
    const userId = expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER))['user_id'] as number;
    const joined = (name: 'role:members' | 'role:fullmembers') => ({
      type: 'user_group',
      op: 'add_members',
      group_id: model.state.systemGroupIds[name],
      user_ids: [userId],
    });
    const addMembers = [joined('role:members'), joined('role:fullmembers')];
    const unknown = { ...registered(model, POLONIUS, userId), is_active: true };
    expect(unknown).toMatchObject({ full_name: 'Unknown user', email: `user${userId}@chatref.test` });
    expect(placeholder()).toEqual([{ type: 'realm_user', op: 'add', person: unknown }, ...addMembers]);
    expect(incomplete()).toEqual(addMembers);
  });

  it('keeps a client equal to a fresh register, for a member and for guests with either capability', () => {
    const model = newModel();
    restrictGuests(model);
    const cases: { viewer: typeof HAMLET | typeof POLONIUS; capabilities: Record<string, boolean> }[] = [
      { viewer: HAMLET, capabilities: {} },
      { viewer: POLONIUS, capabilities: {} },
      { viewer: POLONIUS, capabilities: { user_list_incomplete: true } },
    ];
    const viewers = cases.map(({ viewer, capabilities }) => ({
      viewer,
      capabilities,
      state: registerUsers(model, viewer, capabilities),
      events: listen(model, viewer, capabilities),
    }));
    expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER));
    for (const { viewer, capabilities, state, events } of viewers) {
      applyUserEvents(model, state, events(), viewer.userId, capabilities['user_list_incomplete'] === true);
      expect(state).toEqual(registerUsers(model, viewer, capabilities));
    }
  });
});
