import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectSuccess,
  FIELD,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
  SHIVA,
} from '../../../testing/default-realm.js';
import { presentAvatarChange } from '../../present/user.js';
import { getRow } from '../../tables/table.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

type Model = ReturnType<typeof newModel>;
type Viewer = { email: string; apiKey: string; userId: number };

const update = (person: object) => ({ type: 'realm_user', op: 'update', person });

function restrictGuests(model: Model): void {
  const members = model.state.systemGroupIds['role:members'];
  expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
}

function patchUser(model: Model, userId: number, params: Record<string, string>) {
  return expectSuccess(as(model, DESDEMONA).patch(`/users/${userId}`, params));
}

/** Registers each viewer, runs the writes, applies each viewer's events and compares with a fresh register. */
function expectClientsInStep(model: Model, viewers: readonly Viewer[], write: () => void): void {
  const clients = viewers.map((viewer) => ({ viewer, state: registerUsers(model, viewer), events: listen(model, viewer) }));
  write();
  for (const { viewer, state, events } of clients) {
    applyUserEvents(model, state, events(), viewer.userId);
    expect(state, `the client of user ${viewer.userId}`).toEqual(registerUsers(model, viewer));
  }
}

describe('PATCH /users/{user_id} events', () => {
  it('sends a rename to everyone who can access the user, and nothing to a guest who cannot', () => {
    const model = newModel();
    restrictGuests(model);
    const [hamlet, polonius] = [listen(model, HAMLET), listen(model, POLONIUS)];
    patchUser(model, CORDELIA.userId, { full_name: 'Cordelia of Britain' });
    patchUser(model, IAGO.userId, { full_name: 'Honest Iago' });
    expect(hamlet()).toEqual([
      update({ user_id: CORDELIA.userId, full_name: 'Cordelia of Britain' }),
      update({ user_id: IAGO.userId, full_name: 'Honest Iago' }),
    ]);
    // Polonius shares Denmark with Iago, not a channel with Cordelia.
    expect(polonius()).toEqual([update({ user_id: IAGO.userId, full_name: 'Honest Iago' })]);
  });

  it('addresses by email the same way', () => {
    const model = newModel();
    const hamlet = listen(model, HAMLET);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${IAGO.email}`, { full_name: 'Honest Iago' }));
    expect(hamlet()).toEqual([update({ user_id: IAGO.userId, full_name: 'Honest Iago' })]);
  });

  it('sends a role change, then the move between system groups, role:fullmembers last', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const hamlet = listen(model, HAMLET);
    patchUser(model, CORDELIA.userId, { role: '300' });
    patchUser(model, SHIVA.userId, { role: '200' });
    expect(hamlet()).toEqual([
      update({ user_id: CORDELIA.userId, role: 300 }),
      { type: 'user_group', op: 'remove_members', group_id: ids['role:members'], user_ids: [CORDELIA.userId] },
      { type: 'user_group', op: 'add_members', group_id: ids['role:moderators'], user_ids: [CORDELIA.userId] },
      { type: 'user_group', op: 'remove_members', group_id: ids['role:fullmembers'], user_ids: [CORDELIA.userId] },
      update({ user_id: SHIVA.userId, role: 200 }),
      { type: 'user_group', op: 'remove_members', group_id: ids['role:moderators'], user_ids: [SHIVA.userId] },
      { type: 'user_group', op: 'add_members', group_id: ids['role:administrators'], user_ids: [SHIVA.userId] },
    ]);
  });

  it('shows a promoted guest the channels and users they now see', () => {
    const model = newModel();
    restrictGuests(model);
    const polonius = listen(model, POLONIUS);
    patchUser(model, POLONIUS.userId, { role: '400' });
    const events = polonius();
    expect(events.slice(0, 4)).toEqual([
      update({ user_id: POLONIUS.userId, role: 400 }),
      { type: 'user_group', op: 'remove_members', group_id: model.state.systemGroupIds['role:everyone'], user_ids: [POLONIUS.userId] },
      { type: 'user_group', op: 'add_members', group_id: model.state.systemGroupIds['role:members'], user_ids: [POLONIUS.userId] },
      { type: 'user_group', op: 'add_members', group_id: model.state.systemGroupIds['role:fullmembers'], user_ids: [POLONIUS.userId] },
    ]);
    const created = events.find((event) => event.type === 'stream' && event.op === 'create');
    expect(created?.['streams'].map((stream: { stream_id: number }) => stream.stream_id)).toEqual([CHANNEL.general]);
    const added = events.filter((event) => event.type === 'realm_user' && event.op === 'add').map((event) => event['person']['user_id']);
    expect(added).toEqual([DESDEMONA.userId, SHIVA.userId, CORDELIA.userId, OTHELLO.userId]);
    expect(events).toContainEqual(update({ user_id: OTHELLO.userId, is_active: false }));
  });

  it('keeps the clients of the changed user and of others in step with register through role changes', () => {
    const model = newModel();
    restrictGuests(model);
    const viewers = [POLONIUS, HAMLET, CORDELIA, IAGO];
    expectClientsInStep(model, viewers, () => patchUser(model, POLONIUS.userId, { role: '400' }));
    expectClientsInStep(model, viewers, () => patchUser(model, HAMLET.userId, { role: '600' }));
    expectClientsInStep(model, viewers, () => patchUser(model, CORDELIA.userId, { role: '200' }));
    expectClientsInStep(model, viewers, () => patchUser(model, IAGO.userId, { role: '400' }));
    expectClientsInStep(model, viewers, () => patchUser(model, HAMLET_BOT.userId, { role: '600' }));
  });

  it('tells a user who stops being an administrator which real addresses they no longer see', () => {
    const model = newModel();
    const iago = listen(model, IAGO);
    patchUser(model, IAGO.userId, { role: '400' });
    // Cordelia shows her address to administrators only.
    expect(iago()).toContainEqual(update({ user_id: CORDELIA.userId, delivery_email: null }));
    expectClientsInStep(model, [IAGO], () => patchUser(model, IAGO.userId, { role: '200' }));
  });

  it('sends one update per changed profile value, removals first, with rendered_value for text', () => {
    const model = newModel();
    const cordelia = listen(model, CORDELIA);
    const data = [
      { id: FIELD.biography, value: 'Prince of *Denmark*' },
      { id: FIELD.phone, value: '' },
      { id: FIELD.github, value: 'hamlet' },
      { id: FIELD.birthday, value: '1601-02-03' },
    ];
    patchUser(model, HAMLET.userId, { profile_data: JSON.stringify(data) });
    const field = (custom_profile_field: object) => update({ user_id: HAMLET.userId, custom_profile_field });
    // The GitHub value did not change.
    expect(cordelia()).toEqual([
      field({ id: FIELD.phone, value: null }),
      field({ id: FIELD.biography, value: 'Prince of *Denmark*', rendered_value: '<p>Prince of <em>Denmark</em></p>' }),
      field({ id: FIELD.birthday, value: '1601-02-03' }),
    ]);
  });

  it('sends a new address to who may see it, the new Gravatar to everyone, and new_email when the address is public', () => {
    const model = newModel();
    // The changed users log in with their new address afterwards.
    const [cordeliaLogin, hamletLogin] = [{ ...CORDELIA }, { ...HAMLET }];
    const [iago, hamlet, cordelia] = [listen(model, IAGO), listen(model, hamletLogin), listen(model, cordeliaLogin)];
    patchUser(model, CORDELIA.userId, { new_email: 'lear.daughter@chatref.test' });
    cordeliaLogin.email = 'lear.daughter@chatref.test';
    const avatar = update(presentAvatarChange(getRow(model.state.users, CORDELIA.userId)!));
    const address = update({ user_id: CORDELIA.userId, delivery_email: 'lear.daughter@chatref.test' });
    // Cordelia shows her address to administrators only, so her API email stays the placeholder.
    expect(iago()).toEqual([address, avatar]);
    expect(cordelia()).toEqual([address, avatar]);
    expect(hamlet()).toEqual([avatar]);
    patchUser(model, HAMLET.userId, { new_email: 'prince@chatref.test' });
    hamletLogin.email = 'prince@chatref.test';
    expect(cordelia()).toEqual([
      update({ user_id: HAMLET.userId, delivery_email: 'prince@chatref.test' }),
      update(presentAvatarChange(getRow(model.state.users, HAMLET.userId)!)),
      update({ user_id: HAMLET.userId, new_email: 'prince@chatref.test' }),
    ]);
  });

  it('keeps clients in step through names, profile values and addresses', () => {
    const model = newModel();
    restrictGuests(model);
    const [hamletLogin, cordeliaLogin] = [{ ...HAMLET }, { ...CORDELIA }];
    expectClientsInStep(model, [POLONIUS, hamletLogin, cordeliaLogin, IAGO], () => {
      patchUser(model, HAMLET.userId, {
        full_name: 'Prince Hamlet',
        profile_data: JSON.stringify([
          { id: FIELD.phone, value: null },
          { id: FIELD.mentor, value: [CORDELIA.userId] },
        ]),
        new_email: 'prince@chatref.test',
      });
      patchUser(model, CORDELIA.userId, { new_email: 'lear.daughter@chatref.test', full_name: 'Cordelia' });
      hamletLogin.email = 'prince@chatref.test';
      cordeliaLogin.email = 'lear.daughter@chatref.test';
    });
  });

  it('sends nothing when nothing changes', () => {
    const model = newModel();
    const hamlet = listen(model, HAMLET);
    patchUser(model, CORDELIA.userId, { full_name: "Cordelia, Lear's daughter", role: '400', new_email: CORDELIA.email });
    expect(hamlet()).toEqual([]);
  });
});
