import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel } from '../../../testing/default-realm.js';

function statusOf(model: ReturnType<typeof newModel>, id: number) {
  return expectSuccess(as(model, IAGO).get(`/users/${id}/status`))['status'];
}

describe('POST /users/me/status (spec: POST /users/me/status; Limits)', () => {
  it('changes only the passed parameters', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/status', { status_text: 'In a play', emoji_name: 'octopus' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({ status_text: 'In a play', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    expectSuccess(as(model, HAMLET).post('/users/me/status', { status_text: 'Rehearsing' }));
    expect(statusOf(model, HAMLET.userId)).toMatchObject({ status_text: 'Rehearsing', emoji_name: 'octopus' });
    expectSuccess(as(model, HAMLET).post('/users/me/status', { emoji_name: '' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({ status_text: 'Rehearsing' });
    expectSuccess(as(model, HAMLET).post('/users/me/status', { status_text: '' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({});
  });

  it('treats away as the inverse of presence_enabled', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/status', { away: 'true' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({ away: true });
    expectSuccess(as(model, HAMLET).post('/users/me/status', { away: 'false' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({});
  });

  it('refuses a request with nothing to change', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, HAMLET).post('/users/me/status'), 400, 'BAD_REQUEST', 'Client did not pass any new values.');
    expect(model.state).toBe(before);
  });

  it('limits status_text to 60 code points', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/status', { status_text: '🐙'.repeat(60) }));
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/users/me/status', { status_text: 'x'.repeat(61) }),
      400,
      'BAD_REQUEST',
      'status_text is too long (limit: 60 characters)',
    );
    expect(model.state).toBe(before);
  });

  it('requires emoji_name with emoji_code or reaction_type', () => {
    const model = newModel();
    expectError(
      as(model, HAMLET).post('/users/me/status', { status_text: 'x', emoji_code: '1f419' }),
      400,
      'BAD_REQUEST',
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
    expectError(as(model, HAMLET).post('/users/me/status', { status_text: 'x', reaction_type: 'unicode_emoji' }), 400, 'BAD_REQUEST');
    // Empty strings count as not passed (the real server tests them for truth).
    expectSuccess(as(model, HAMLET).post('/users/me/status', { status_text: 'x', emoji_code: '', reaction_type: '' }));
  });

  it('ignores emoji_code and reaction_type when an empty emoji_name clears the emoji', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/status', { emoji_name: 'octopus' }));
    expectSuccess(as(model, HAMLET).post('/users/me/status', { emoji_name: '', emoji_code: 'zzzz', reaction_type: '"unicode_emoji"' }));
    expect(statusOf(model, HAMLET.userId)).toEqual({});
  });

  it('validates emoji names, codes and types', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/users/me/status', { emoji_name: 'no_such_emoji_here' }),
      400,
      'BAD_REQUEST',
      "Emoji 'no_such_emoji_here' does not exist",
    );
    expectError(
      as(model, HAMLET).post('/users/me/status', { emoji_name: 'octopus', emoji_code: '1f600', reaction_type: 'unicode_emoji' }),
      400,
      'BAD_REQUEST',
      'Invalid emoji name.',
    );
    expectError(
      as(model, HAMLET).post('/users/me/status', { emoji_name: 'octopus', emoji_code: 'zzzz', reaction_type: 'unicode_emoji' }),
      400,
      'BAD_REQUEST',
      'Invalid emoji code.',
    );
    expectError(
      as(model, HAMLET).post('/users/me/status', { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' }),
      400,
      'BAD_REQUEST',
      'Invalid custom emoji.',
    );
    expectError(
      as(model, HAMLET).post('/users/me/status', { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'other' }),
      400,
      'BAD_REQUEST',
      'Invalid emoji type.',
    );
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).post('/users/me/status', { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }));
    expect(statusOf(model, HAMLET.userId)).toMatchObject({ emoji_name: 'zulip', reaction_type: 'service_extra_emoji' });
  });

  it('reads statuses of active humans only', () => {
    const model = newModel();
    expectError(as(model, HAMLET).get('/users/7/status'), 400, 'BAD_REQUEST', 'User is deactivated');
    expectError(as(model, HAMLET).get(`/users/${HAMLET_BOT.userId}/status`), 400, 'BAD_REQUEST', 'No such user');
    expectError(as(model, HAMLET).get('/users/999/status'), 400, 'BAD_REQUEST', 'No such user');
  });

  it('does not accept bot requests', () => {
    expectError(
      as(newModel(), HAMLET_BOT).post('/users/me/status', { status_text: 'beep' }),
      400,
      'BAD_REQUEST',
      'This endpoint does not accept bot requests.',
    );
  });
});
