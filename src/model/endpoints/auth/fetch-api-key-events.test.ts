import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { as, DESDEMONA, expectSuccess, HAMLET, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

const NEW_USER = { email: 'laertes@chatref.test', password: 'a-Strong-passw0rd-42', full_name: 'Laertes' };

describe('first login events', () => {
  it('sends the new date_joined of an API-created user at the first key fetch, and nothing at later ones', () => {
    let now = T0;
    const model = createModel({ seed: 'first-login', clock: () => now });
    const userId = expectSuccess(as(model, DESDEMONA).post('/users', NEW_USER))['user_id'] as number;
    const hamlet = listen(model, HAMLET);
    // Minutes later (date_joined counts minutes), within the queue's idle lifespan.
    now += 2 * 60;
    const login = { username: NEW_USER.email, password: NEW_USER.password };
    expectSuccess(as(model, null).post('/fetch_api_key', login));
    const joined = expectSuccess(as(model, HAMLET).get(`/users/${userId}`))['user']['date_joined'];
    expect(hamlet()).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: userId, date_joined: joined } }]);
    now += 2 * 60;
    expectSuccess(as(model, null).post('/fetch_api_key', login));
    expect(hamlet()).toEqual([]);
  });

  it('sends nothing when a fixture user logs in: their date_joined never depended on it', () => {
    let now = T0;
    const model = createModel({ seed: 'first-login', clock: () => now });
    const hamlet = listen(model, HAMLET);
    now += 60;
    expectSuccess(as(model, null).post('/fetch_api_key', { username: DESDEMONA.email, password: DESDEMONA.password! }));
    expect(hamlet()).toEqual([]);
  });
});
