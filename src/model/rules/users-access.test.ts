import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
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
} from '../../testing/default-realm.js';
import { getRow } from '../tables/table.js';
import { canAccessUser } from './users.js';

function restrict(model: ReturnType<typeof newModel>) {
  const members = model.state.systemGroupIds['role:members'];
  expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
}

describe('canAccessUser (can_access_all_users_group)', () => {
  it('lets everyone see everyone by default', () => {
    const model = newModel();
    const user = (id: number) => getRow(model.state.users, id)!;
    expect(canAccessUser(model.state, user(POLONIUS.userId), user(CORDELIA.userId))).toBe(true);
  });

  it('limits a guest to users sharing a channel, bots and themselves once restricted to members', () => {
    const model = newModel();
    restrict(model);
    const user = (id: number) => getRow(model.state.users, id)!;
    const guest = user(POLONIUS.userId);
    // Polonius is subscribed to Denmark with Iago and Hamlet.
    expect(canAccessUser(model.state, guest, user(HAMLET.userId))).toBe(true);
    expect(canAccessUser(model.state, guest, user(IAGO.userId))).toBe(true);
    expect(canAccessUser(model.state, guest, user(CORDELIA.userId))).toBe(false);
    expect(canAccessUser(model.state, guest, user(SHIVA.userId))).toBe(false);
    expect(canAccessUser(model.state, guest, user(OTHELLO.userId))).toBe(false);
    expect(canAccessUser(model.state, guest, user(HAMLET_BOT.userId))).toBe(true);
    expect(canAccessUser(model.state, guest, guest)).toBe(true);
    // Members still see everyone.
    expect(canAccessUser(model.state, user(CORDELIA.userId), guest)).toBe(true);
    expect(CHANNEL.denmark).toBe(2);
  });

  it('answers GET /users/{id} for an inaccessible user with "Insufficient permission"', () => {
    const model = newModel();
    restrict(model);
    expectError(as(model, POLONIUS).get(`/users/${CORDELIA.userId}`), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, POLONIUS).get('/users/9999'), 400, 'BAD_REQUEST', 'No such user');
    expectSuccess(as(model, POLONIUS).get(`/users/${HAMLET.userId}`));
  });
});

describe('GET /users under restricted user access', () => {
  it('leaves out the users a guest may not access', () => {
    const model = newModel();
    restrict(model);
    const members = expectSuccess(as(model, POLONIUS).get('/users'))['members'] as Record<string, unknown>[];
    expect(members.map((member) => member['user_id'])).not.toContain(CORDELIA.userId);
    expect(members.map((member) => member['user_id'])).toContain(HAMLET.userId);
    expect(expectSuccess(as(model, POLONIUS).get('/users', { user_ids: JSON.stringify([CORDELIA.userId]) }))['members']).toEqual([]);
  });

  it('lists them as "Unknown user" placeholders before FL 437, and the rest as they are', () => {
    const model = newModel();
    restrict(model);
    model.reset({ ...model.state, featureLevel: 436 });
    const members = expectSuccess(as(model, POLONIUS).get('/users'))['members'] as Record<string, unknown>[];
    const byId = new Map(members.map((member) => [member['user_id'], member]));
    expect(byId.get(CORDELIA.userId)).toMatchObject({ full_name: 'Unknown user', email: `user${CORDELIA.userId}@chatref.test`, delivery_email: null });
    expect(byId.get(HAMLET.userId)).toMatchObject({ full_name: 'King Hamlet' });
    expect(members).toHaveLength(model.state.users.size);
    const some = expectSuccess(as(model, POLONIUS).get('/users', { user_ids: JSON.stringify([CORDELIA.userId]) }))['members'];
    expect(some).toEqual([byId.get(CORDELIA.userId)]);
    expectError(as(model, POLONIUS).get('/users', { user_ids: JSON.stringify([9999]) }), 400, 'BAD_REQUEST', 'Invalid user ID: 9999');
  });
});
