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
  SHIVA,
} from '../../../testing/default-realm.js';
import { registerState } from '../user-groups/test-helpers.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

describe('POST /users/{user_id}/reactivate', () => {
  it('brings back a deactivated user, who can authenticate again and counts as a subscriber again', () => {
    const model = newModel();
    const subscribers = () => expectSuccess(as(model, IAGO).get(`/streams/${CHANNEL.general}/members`))['subscribers'];
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    expect(subscribers()).not.toContain(CORDELIA.userId);
    expectSuccess(as(model, IAGO).post(`/users/${CORDELIA.userId}/reactivate`));
    expectSuccess(as(model, CORDELIA).get('/users/me'));
    expect(expectSuccess(as(model, IAGO).get(`/users/${CORDELIA.userId}`))['user']['is_active']).toBe(true);
    expect(subscribers()).toContain(CORDELIA.userId);
  });

  it('answers "User is already active." for an active user, and the access errors of the real server', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).post(`/users/${CORDELIA.userId}/reactivate`), 400, 'BAD_REQUEST', 'User is already active.');
    expectError(as(model, SHIVA).post(`/users/${OTHELLO.userId}/reactivate`), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, IAGO).post('/users/999/reactivate'), 400, 'BAD_REQUEST', 'No such user');
    expect(model.state).toBe(before);
  });

  it('reactivates a bot, passing it to the reactivator when its owner is deactivated', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    expectSuccess(as(model, IAGO).post(`/users/${HAMLET_BOT.userId}/reactivate`));
    const bot = expectSuccess(as(model, IAGO).get(`/users/${HAMLET_BOT.userId}`))['user'];
    expect(bot).toMatchObject({ is_active: true, bot_owner_id: IAGO.userId });
    expectSuccess(as(model, HAMLET_BOT).get('/users/me'));
  });

  it('refuses a bot whose name an active user took meanwhile', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).delete(`/bots/${HAMLET_BOT.userId}`));
    expectSuccess(as(model, CORDELIA).post('/bots', { full_name: "Hamlet's Bot", short_name: 'copy' }));
    expectError(
      as(model, IAGO).post(`/users/${HAMLET_BOT.userId}/reactivate`),
      400,
      'BAD_REQUEST',
      `There is already an active bot named "Hamlet's Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
    );
  });

  it('keeps clients in step with register: realm_user update, groups, status and peer_add', () => {
    const model = newModel();
    expectSuccess(as(model, CORDELIA).post('/users/me/status', { status_text: 'away at sea' }));
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    const viewers = [DESDEMONA, HAMLET];
    const clients = viewers.map((viewer) => ({ viewer, state: registerUsers(model, viewer), events: listen(model, viewer) }));
    expectSuccess(as(model, IAGO).post(`/users/${CORDELIA.userId}/reactivate`));
    for (const { viewer, state, events } of clients) {
      const received = events();
      expect(received).toContainEqual({ type: 'realm_user', op: 'update', person: { user_id: CORDELIA.userId, is_active: true } });
      applyUserEvents(model, state, received, viewer.userId);
      expect(state, `the client of user ${viewer.userId}`).toEqual(registerUsers(model, viewer));
    }
    expect(registerState(model, HAMLET, ['user_status'])['user_status'][String(CORDELIA.userId)]).toEqual({ status_text: 'away at sea' });
  });
});
