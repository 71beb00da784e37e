import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, HAMLET, newModel, POLONIUS } from '../../../testing/default-realm.js';

describe('PATCH /users/me/subscriptions', () => {
  it('subscribes and unsubscribes in one call, answering with both responses’ fields', () => {
    const model = newModel();
    const response = expectSuccess(
      as(model, HAMLET).patch('/users/me/subscriptions', { add: '[{"name": "Verona"}, {"name": "new place", "color": "#aabbcc"}]', delete: '["Denmark"]' }),
    );
    expect(response).toMatchObject({
      subscribed: { [String(HAMLET.userId)]: ['Verona', 'new place'] },
      already_subscribed: {},
      removed: ['Denmark'],
      not_removed: [],
    });
    const names = (expectSuccess(as(model, HAMLET).get('/users/me/subscriptions'))['subscriptions'] as { name: string }[]).map((sub) => sub.name);
    expect(names).toContain('Verona');
    expect(names).toContain('new place');
    expect(names).not.toContain('Denmark');
  });

  it('changes nothing when either half fails, and needs something to do', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, HAMLET).patch('/users/me/subscriptions', {}), 400, 'BAD_REQUEST', 'Nothing to do. Specify at least one of "add" or "delete".');
    expectError(
      as(model, HAMLET).patch('/users/me/subscriptions', { add: '[]', delete: '[]' }),
      400,
      'BAD_REQUEST',
      'Nothing to do. Specify at least one of "add" or "delete".',
    );
    expectError(
      as(model, HAMLET).patch('/users/me/subscriptions', { add: '[{"name": "Verona"}]', delete: '["no such channel"]' }),
      400,
      'BAD_REQUEST',
      'Channel(s) (no such channel) do not exist',
    );
    expectError(
      as(model, HAMLET).patch('/users/me/subscriptions', { add: '[{"name": "x", "color": "red"}]' }),
      400,
      'BAD_REQUEST',
      'add.color is not a valid hex color code',
    );
    expectError(as(model, POLONIUS).patch('/users/me/subscriptions', { delete: '["Denmark"]' }), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expect(model.state).toBe(before);
  });
});
