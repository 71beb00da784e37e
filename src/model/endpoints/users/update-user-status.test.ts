import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, OTHELLO, SHIVA } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

describe('POST /users/{user_id}/status (an administrator sets another user’s status)', () => {
  it('changes only the passed fields and tells whoever can access the user', () => {
    const model = newModel();
    const cordelia = listen(model, CORDELIA);
    expectSuccess(as(model, IAGO).post(`/users/${HAMLET.userId}/status`, { status_text: '  On stage  ', emoji_name: 'octopus' }));
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${HAMLET.userId}/status`))['status']).toEqual({
      status_text: 'On stage',
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    });
    expect(cordelia()).toEqual([
      { type: 'user_status', user_id: HAMLET.userId, status_text: 'On stage', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' },
    ]);
    expectSuccess(as(model, DESDEMONA).post(`/users/${HAMLET.userId}/status`, { emoji_name: '' }));
    expect(expectSuccess(as(model, CORDELIA).get(`/users/${HAMLET.userId}/status`))['status']).toEqual({ status_text: 'On stage' });
  });

  it('lets an administrator set their own status this way too', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).post(`/users/${IAGO.userId}/status`, { status_text: 'plotting' }));
    expect(expectSuccess(as(model, HAMLET).get(`/users/${IAGO.userId}/status`))['status']).toEqual({ status_text: 'plotting' });
  });

  it('refuses non-administrators, bots, unknown and deactivated users, changing nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, SHIVA).post(`/users/${HAMLET.userId}/status`, { status_text: 'x' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, HAMLET).post(`/users/${HAMLET.userId}/status`, { status_text: 'x' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, IAGO).post('/users/999/status', { status_text: 'x' }), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, IAGO).post(`/users/${HAMLET_BOT.userId}/status`, { status_text: 'x' }), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, IAGO).post(`/users/${OTHELLO.userId}/status`, { status_text: 'x' }), 400, 'BAD_REQUEST', 'User is deactivated');
    // From FL 473 a bot is refused only as a non-administrator.
    expectError(as(model, HAMLET_BOT).post(`/users/${HAMLET.userId}/status`, { status_text: 'x' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(before);
  });

  it('checks the values as POST /users/me/status does, the length before the target', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, SHIVA).post('/users/999/status', { status_text: 'x'.repeat(61) }),
      400,
      'BAD_REQUEST',
      'status_text is too long (limit: 60 characters)',
    );
    expectError(as(model, IAGO).post(`/users/${HAMLET.userId}/status`), 400, 'BAD_REQUEST', 'Client did not pass any new values.');
    expectError(
      as(model, IAGO).post(`/users/${HAMLET.userId}/status`, { status_text: 'x', emoji_code: '1f419' }),
      400,
      'BAD_REQUEST',
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
    expectError(
      as(model, IAGO).post(`/users/${HAMLET.userId}/status`, { emoji_name: 'no_such_emoji' }),
      400,
      'BAD_REQUEST',
      "Emoji 'no_such_emoji' does not exist",
    );
    expect(model.state).toBe(before);
  });
});
