import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel } from '../../../testing/default-realm.js';

describe('DELETE /users/me', () => {
  it('deactivates the caller and their bots; neither can authenticate afterwards', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).delete('/users/me'));
    expectError(as(model, HAMLET).get('/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    expectError(as(model, HAMLET_BOT).get('/users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    expect(expectSuccess(as(model, IAGO).get(`/users/${HAMLET.userId}`))['user']['is_active']).toBe(false);
  });

  it('refuses the only organization owner with CANNOT_DEACTIVATE_LAST_USER', () => {
    const model = newModel();
    const before = model.state;
    const refused = expectError(as(model, DESDEMONA).delete('/users/me'), 400, 'CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner.');
    expect(refused).toMatchObject({ is_last_owner: true, entity: 'organization owner' });
    expect(model.state).toBe(before);
    expectSuccess(as(model, CORDELIA).delete('/users/me'));
  });
});
