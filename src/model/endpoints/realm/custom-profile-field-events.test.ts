import { describe, expect, it } from 'vitest';
import { as, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

describe('POST /realm/profile_fields events', () => {
  it('sends custom_profile_fields with the whole new list, as register shows it, to everyone', () => {
    const model = newModel();
    const [hamlet, polonius] = [listen(model, HAMLET), listen(model, POLONIUS)];
    expectSuccess(as(model, IAGO).post('/realm/profile_fields', { name: 'Desk', field_type: '1', hint: 'Floor and room' }));
    const { custom_profile_fields: fields } = expectSuccess(
      model.call('POST', '/register', { fetch_event_types: '["custom_profile_fields"]' }, { auth: HAMLET }),
    );
    expect(fields.at(-1)).toMatchObject({ name: 'Desk', type: 1, hint: 'Floor and room' });
    expect(hamlet()).toEqual([{ type: 'custom_profile_fields', fields }]);
    expect(polonius()).toEqual([{ type: 'custom_profile_fields', fields }]);
  });
});
