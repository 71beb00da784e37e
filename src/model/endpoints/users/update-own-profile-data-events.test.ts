import { describe, expect, it } from 'vitest';
import { as, DESDEMONA, expectSuccess, FIELD, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

const field = (custom_profile_field: object) => ({ type: 'realm_user', op: 'update', person: { user_id: HAMLET.userId, custom_profile_field } });

describe('PATCH /users/me/profile_data events', () => {
  it('sends one update per changed value, in the order given, to everyone who can access the user', () => {
    const model = newModel();
    const [iago, hamlet] = [listen(model, IAGO), listen(model, HAMLET)];
    const data = [
      { id: FIELD.website, value: 'https://example.org/wittenberg' },
      { id: FIELD.phone, value: null },
      { id: FIELD.editor, value: '0' },
      { id: FIELD.mentor, value: [IAGO.userId, DESDEMONA.userId] },
    ];
    expectSuccess(as(model, HAMLET).patch('/users/me/profile_data', { data: JSON.stringify(data) }));
    // The editor was Vim already.
    const expected = [
      field({ id: FIELD.website, value: 'https://example.org/wittenberg' }),
      field({ id: FIELD.phone, value: null }),
      field({ id: FIELD.mentor, value: `[${IAGO.userId}, ${DESDEMONA.userId}]` }),
    ];
    expect(iago()).toEqual(expected);
    expect(hamlet()).toEqual(expected);
  });

  it('keeps clients equal to a fresh register, a guest who cannot access the user hearing nothing', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: model.state.systemGroupIds['role:members'] }) }));
    const clients = [HAMLET, IAGO, POLONIUS].map((viewer) => ({ viewer, state: registerUsers(model, viewer), events: listen(model, viewer) }));
    const data = [
      { id: FIELD.biography, value: 'Now in *Paris*' },
      { id: FIELD.birthday, value: null },
    ];
    expectSuccess(as(model, IAGO).patch('/users/me/profile_data', { data: JSON.stringify(data) }));
    for (const { viewer, state, events } of clients) {
      applyUserEvents(model, state, events(), viewer.userId);
      expect(state).toEqual(registerUsers(model, viewer));
    }
    const polonius = listen(model, POLONIUS);
    expectSuccess(as(model, DESDEMONA).patch('/users/me/profile_data', { data: JSON.stringify([{ id: FIELD.phone, value: '+1' }]) }));
    expect(polonius()).toEqual([]);
  });
});
