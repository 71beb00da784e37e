import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectSuccess, HAMLET, IAGO, newModel, OTHELLO, POLONIUS } from '../../../testing/default-realm.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

type Model = ReturnType<typeof newModel>;

const OCTOPUS = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' };

function setStatus(model: Model, actor: { email: string; apiKey: string }, params: Record<string, string>) {
  expectSuccess(as(model, actor).post('/users/me/status', params));
}

function userStatus(model: Model, viewer: { email: string; apiKey: string }) {
  return expectSuccess(model.call('POST', '/register', { fetch_event_types: '["user_status"]' }, { auth: viewer }))['user_status'];
}

describe('POST /users/me/status events and the user_status register key', () => {
  it('registers the statuses that are set, keyed by user id, as GET /users/{id}/status shows them', () => {
    const model = newModel();
    expect(userStatus(model, HAMLET)).toEqual({});
    setStatus(model, HAMLET, { status_text: 'In a play', emoji_name: 'octopus' });
    setStatus(model, CORDELIA, { away: 'true' });
    setStatus(model, IAGO, { status_text: 'gone', away: 'true' });
    setStatus(model, IAGO, { status_text: '', away: 'false' });
    expect(userStatus(model, POLONIUS)).toEqual({
      [HAMLET.userId]: { status_text: 'In a play', ...OCTOPUS },
      [CORDELIA.userId]: { away: true },
    });
  });

  it('leaves out deactivated users and, where guests see only some users, the users a guest cannot access', () => {
    const model = newModel();
    setStatus(model, HAMLET, { status_text: 'Denmark' });
    setStatus(model, CORDELIA, { status_text: 'Britain' });
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: model.state.systemGroupIds['role:members'] }) }));
    // Polonius shares Denmark with Hamlet only.
    expect(userStatus(model, POLONIUS)).toEqual({ [HAMLET.userId]: { status_text: 'Denmark' } });
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    expect(userStatus(model, CORDELIA)).toEqual({ [CORDELIA.userId]: { status_text: 'Britain' } });
    expect(userStatus(model, IAGO)).not.toHaveProperty(String(OTHELLO.userId));
  });

  it('sends the changed fields to whoever can access the user, and nothing to a guest who cannot', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: model.state.systemGroupIds['role:members'] }) }));
    const [iago, polonius] = [listen(model, IAGO), listen(model, POLONIUS)];
    setStatus(model, CORDELIA, { status_text: 'Britain', emoji_name: 'octopus', away: 'true' });
    setStatus(model, HAMLET, { status_text: '' });
    const cordelia = { type: 'user_status', user_id: CORDELIA.userId, away: true, status_text: 'Britain', ...OCTOPUS };
    const hamlet = { type: 'user_status', user_id: HAMLET.userId, status_text: '' };
    expect(iago()).toEqual([cordelia, hamlet]);
    expect(polonius()).toEqual([hamlet]);
  });

  it('turns away into presence_enabled first, with its user_settings event to the user, as the real server does', () => {
    const model = newModel();
    const own = listen(model, CORDELIA, { user_settings_object: true });
    setStatus(model, CORDELIA, { away: 'true' });
    const kinds = own()
      .filter((event) => event.type === 'user_settings' || event.type === 'user_status')
      .map((event) => [event.type, (event as { property?: string }).property ?? null, (event as { value?: unknown }).value ?? null]);
    expect(kinds).toEqual([
      ['user_settings', 'presence_enabled', false],
      ['user_status', null, null],
    ]);
  });

  it("keeps a client's user_status equal to a fresh register", () => {
    const model = newModel();
    const state = registerUsers(model, CORDELIA);
    const events = listen(model, CORDELIA);
    setStatus(model, HAMLET, { status_text: 'In a play', emoji_name: 'octopus' });
    setStatus(model, IAGO, { away: 'true' });
    setStatus(model, CORDELIA, { status_text: 'Britain' });
    setStatus(model, HAMLET, { status_text: '', emoji_name: '' });
    setStatus(model, IAGO, { away: 'false', status_text: 'back' });
    applyUserEvents(model, state, events(), CORDELIA.userId);
    expect(state).toEqual(registerUsers(model, CORDELIA));
    expect(state['user_status']).toEqual({ [IAGO.userId]: { status_text: 'back' }, [CORDELIA.userId]: { status_text: 'Britain' } });
  });
});
