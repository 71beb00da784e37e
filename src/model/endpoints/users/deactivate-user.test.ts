import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, OTHELLO, SHIVA } from '../../../testing/default-realm.js';
import { rows } from '../../tables/table.js';

function userOf(model: ReturnType<typeof newModel>, id: number) {
  return expectSuccess(as(model, IAGO).get(`/users/${id}`))['user'];
}

describe('DELETE /users/{user_id} (spec: States and transitions; DELETE /users/{user_id})', () => {
  it('deactivates the user and the bots they own; neither can authenticate afterwards', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    expect(userOf(model, HAMLET.userId).is_active).toBe(false);
    expect(userOf(model, HAMLET_BOT.userId).is_active).toBe(false);
    expectError(as(model, HAMLET).get('/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    expectError(as(model, HAMLET_BOT).get('/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    expectError(as(model, null).post('/fetch_api_key', { username: HAMLET.email, password: HAMLET.password! }), 401, 'USER_DEACTIVATED');
  });

  it('requires an administrator; only owners deactivate owners', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, SHIVA).delete(`/users/${HAMLET.userId}`), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(as(model, DESDEMONA).patch(`/users/${IAGO.userId}`, { role: '100' }));
    const twoOwners = model.state;
    expect(twoOwners).not.toBe(before);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${SHIVA.userId}`, { role: '200' }));
    const withAdmin = model.state;
    expectError(as(model, SHIVA).delete(`/users/${IAGO.userId}`), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expect(model.state).toBe(withAdmin);
  });

  it('refuses to deactivate the only owner', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, DESDEMONA).delete(`/users/${DESDEMONA.userId}`), 400, 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
    expect(model.state).toBe(before);
  });

  it('answers bots and unknown ids with "No such user", and deactivated users with "User is deactivated"', () => {
    const model = newModel();
    expectError(as(model, IAGO).delete(`/users/${HAMLET_BOT.userId}`), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, IAGO).delete('/users/999'), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, IAGO).delete(`/users/${OTHELLO.userId}`), 400, 'BAD_REQUEST', 'User is deactivated');
  });

  it('records a notification e-mail only when a comment (even empty) is passed', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    expect(model.state.outbox.size).toBe(0);
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`, { deactivation_notification_comment: 'Thanks for all the soliloquies.' }));
    const [email] = [...rows(model.state.outbox)];
    expect(email).toMatchObject({ to: HAMLET.email, template: 'user_deactivated' });
    expect(email!.body).toContain('Thanks for all the soliloquies.');
  });

  it('sends the e-mail without custom text for an empty comment', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`, { deactivation_notification_comment: '' }));
    const [email] = [...rows(model.state.outbox)];
    expect(email).toMatchObject({ to: CORDELIA.email, subject: 'Notification of account deactivation on Chatref Default Realm' });
    expect(email!.body).not.toContain('Comment from the administrators');
  });

  it('limits the comment to 2000 characters', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, IAGO).delete(`/users/${HAMLET.userId}`, { deactivation_notification_comment: 'x'.repeat(2001) }),
      400,
      'BAD_REQUEST',
      'deactivation_notification_comment is too long (limit: 2000 characters)',
    );
    expect(model.state).toBe(before);
  });

  it('deletes the profile of the user and their bots with actions.delete_profile', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`, { actions: '{"delete_profile": true}' }));
    for (const id of [HAMLET.userId, HAMLET_BOT.userId]) {
      expect(userOf(model, id)).toMatchObject({ full_name: 'Deleted user', is_active: false, is_deleted: true, avatar_version: 2 });
    }
    expect(userOf(model, CORDELIA.userId)).not.toHaveProperty('is_deleted');
  });

  it('deletes the profile of an already deactivated user (deactivated → profile deleted)', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${OTHELLO.userId}`, { actions: '{"delete_profile": true}' }));
    expect(userOf(model, OTHELLO.userId)).toMatchObject({ full_name: 'Deleted user', is_deleted: true });
  });

  it('validates actions strictly', () => {
    const model = newModel();
    expectError(
      as(model, IAGO).delete(`/users/${HAMLET.userId}`, { actions: '{"delete_everything": true}' }),
      400,
      'BAD_REQUEST',
      'Argument "delete_everything" at actions is unexpected',
    );
    expectError(
      as(model, IAGO).delete(`/users/${HAMLET.userId}`, { actions: '{"delete_profile": 1}' }),
      400,
      'BAD_REQUEST',
      'actions["delete_profile"] is not a boolean',
    );
  });

  it('keeps an active owner after any deactivation', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch(`/users/${IAGO.userId}`, { role: '100' }));
    expectSuccess(as(model, IAGO).delete(`/users/${DESDEMONA.userId}`));
    expectError(as(model, IAGO).delete(`/users/${IAGO.userId}`), 400, 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
    expect(model.state.activeHumanOwnerIds).toEqual([IAGO.userId]);
  });
});
