import { describe, expect, it } from 'vitest';
import {
  as,
  CORDELIA,
  DESDEMONA,
  expectError,
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

function userOf(model: ReturnType<typeof newModel>, id: number) {
  return expectSuccess(as(model, IAGO).get(`/users/${id}`, { include_custom_profile_fields: 'true' }))['user'];
}

describe('PATCH /users/{user_id}: roles (spec: Authentication 5; PATCH /users/{email})', () => {
  it('lets an administrator change a non-owner role and keeps the flags consistent', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '300' }));
    expect(userOf(model, HAMLET.userId)).toMatchObject({ role: 300, is_admin: false, is_owner: false });
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '200' }));
    expect(userOf(model, HAMLET.userId)).toMatchObject({ role: 200, is_admin: true, is_owner: false });
  });

  it('lets only owners grant or take away the owner role', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '100' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${IAGO.userId}`, { role: '100' }));
    expect(userOf(model, IAGO.userId)).toMatchObject({ role: 100, is_owner: true, is_admin: true });
    const promoted = model.state;
    expectError(as(model, SHIVA).patch(`/users/${IAGO.userId}`, { role: '400' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(promoted);
  });

  it('never lets the only owner lose the role', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, DESDEMONA).patch(`/users/${DESDEMONA.userId}`, { role: '200' }),
      400,
      'BAD_REQUEST',
      'The owner permission cannot be removed from the only organization owner.',
    );
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${IAGO.userId}`, { role: '100' }));
    expectSuccess(as(model, DESDEMONA).patch(`/users/${DESDEMONA.userId}`, { role: '200' }));
    expect(userOf(model, DESDEMONA.userId)).toMatchObject({ role: 200, is_owner: false });
  });

  it('refuses to make a guest an administrator or an owner', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, DESDEMONA).patch(`/users/${POLONIUS.userId}`, { role: '200' }), 400, 'BAD_REQUEST');
    expectError(as(model, DESDEMONA).patch(`/users/${POLONIUS.userId}`, { role: '100' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${POLONIUS.userId}`, { role: '400' }));
    expect(userOf(model, POLONIUS.userId)).toMatchObject({ role: 400, is_guest: false });
  });

  it('refuses roles outside 100, 200, 300, 400, 600', () => {
    const model = newModel();
    expectError(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '500' }), 400, 'BAD_REQUEST', 'Invalid role');
    expectError(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '"400"' }), 400, 'BAD_REQUEST', 'Invalid role');
    expectError(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: 'member' }), 400, 'BAD_REQUEST', 'role is not valid JSON');
  });

  it('refuses non-administrators, except a bot owner editing the bot', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, HAMLET).patch(`/users/${CORDELIA.userId}`, { full_name: 'Hacked' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, SHIVA).patch(`/users/${HAMLET.userId}`, { role: '600' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).patch(`/users/${HAMLET_BOT.userId}`, { full_name: 'Yorick' }));
    expect(userOf(model, HAMLET_BOT.userId).full_name).toBe('Yorick');
    expectError(
      as(model, HAMLET).patch(`/users/${HAMLET_BOT.userId}`, { role: '200' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
  });

  it('answers unknown ids with "No such user" and changes nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).patch('/users/4242', { full_name: 'Ghost' }), 400, 'BAD_REQUEST', 'No such user');
    expect(model.state).toBe(before);
  });

  it('succeeds without change when nothing is passed or the role is the same', () => {
    const model = newModel();
    const before = model.state;
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`));
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { role: '400' }));
    expect(model.state).toBe(before);
  });
});

describe('PATCH /users/{user_id}: name, profile data, address', () => {
  it('renames, ignores a blank name, and applies the name rules', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { full_name: '  Prince Hamlet  ' }));
    expect(userOf(model, HAMLET.userId).full_name).toBe('Prince Hamlet');
    expectSuccess(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { full_name: '   ' }));
    expect(userOf(model, HAMLET.userId).full_name).toBe('Prince Hamlet');
    expectError(as(model, IAGO).patch(`/users/${HAMLET.userId}`, { full_name: 'x' }), 400, 'BAD_REQUEST', 'Name too short!');
  });

  it('sets and removes profile data, with every field rule, atomically', () => {
    const model = newModel();
    const data = JSON.stringify([
      { id: FIELD.phone, value: '+1 555' },
      { id: FIELD.birthday, value: '1999-12-31' },
      { id: FIELD.mentor, value: [IAGO.userId, SHIVA.userId] },
    ]);
    expectSuccess(as(model, IAGO).patch(`/users/${CORDELIA.userId}`, { profile_data: data }));
    const profile = userOf(model, CORDELIA.userId).profile_data;
    expect(profile[FIELD.phone]).toEqual({ value: '+1 555', rendered_value: '<p>+1 555</p>' });
    expect(profile[FIELD.birthday]).toEqual({ value: '1999-12-31' });
    expect(profile[FIELD.mentor]).toEqual({ value: '[2, 3]' });

    const afterSet = model.state;
    const partlyBad = JSON.stringify([
      { id: FIELD.phone, value: null },
      { id: FIELD.birthday, value: 'yesterday' },
    ]);
    expectError(as(model, IAGO).patch(`/users/${CORDELIA.userId}`, { profile_data: partlyBad }), 400, 'BAD_REQUEST', 'Birthday is not a date');
    expect(model.state).toBe(afterSet);

    expectSuccess(as(model, IAGO).patch(`/users/${CORDELIA.userId}`, { profile_data: JSON.stringify([{ id: FIELD.phone, value: null }]) }));
    expect(userOf(model, CORDELIA.userId).profile_data).not.toHaveProperty(String(FIELD.phone));
  });

  it('validates profile_data entries by shape', () => {
    const model = newModel();
    const patch = (profile_data: string) => as(model, IAGO).patch(`/users/${HAMLET.userId}`, { profile_data });
    expectError(patch('[{"value": "x"}]'), 400, 'BAD_REQUEST', 'profile_data[0]["id"] field is missing');
    expectError(patch('[{"id": "1", "value": "x"}]'), 400, 'BAD_REQUEST', 'profile_data[0]["id"] is not an integer');
    expectError(patch('[{"id": 1, "value": "x", "extra": 1}]'), 400, 'BAD_REQUEST', 'Argument "extra" at profile_data[0] is unexpected');
    expectError(patch('[{"id": 999, "value": "x"}]'), 400, 'BAD_REQUEST', 'Field id 999 not found.');
    expectError(patch('not json'), 400, 'BAD_REQUEST', 'profile_data is not valid JSON');
  });

  it('changes an address only for an owner holding can_change_user_emails', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, IAGO).patch(`/users/${HAMLET.userId}`, { new_email: 'prince@chatref.test' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization owner',
    );
    expectError(as(model, DESDEMONA).patch(`/users/${HAMLET.userId}`, { new_email: IAGO.email }), 400, 'BAD_REQUEST');
    expectError(as(model, DESDEMONA).patch(`/users/${HAMLET.userId}`, { new_email: 'nonsense' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch(`/users/${HAMLET.userId}`, { new_email: 'prince@chatref.test' }));
    expect(userOf(model, HAMLET.userId).delivery_email).toBe('prince@chatref.test');
    expectSuccess(as(model, { email: 'prince@chatref.test', apiKey: HAMLET.apiKey }).get('/users/me'));
    expectError(as(model, HAMLET).get('/users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
  });
});

describe('PATCH /users/{email}', () => {
  it('addresses the user by a real address the caller may see', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/users/${encodeURIComponent(HAMLET.email)}`, { full_name: 'Hamlet by mail' }));
    expect(userOf(model, HAMLET.userId).full_name).toBe('Hamlet by mail');
  });

  it('accepts the placeholder address and refuses a hidden real one like a missing one', () => {
    const model = newModel();
    // Cordelia shows her address to administrators only; a bot's owner addressing her gets nothing.
    expectSuccess(as(model, IAGO).patch('/users/user5@chatref.test', { full_name: 'Cordelia Again' }));
    expect(userOf(model, CORDELIA.userId).full_name).toBe('Cordelia Again');
    const hidden = as(model, HAMLET).patch(`/users/${CORDELIA.email}`, { full_name: 'X Y' });
    const missing = as(model, HAMLET).patch('/users/nobody@chatref.test', { full_name: 'X Y' });
    expectError(hidden, 400, 'BAD_REQUEST', 'No such user');
    expect(hidden).toEqual(missing);
  });

  it('can update deactivated users', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/users/${OTHELLO.email}`, { full_name: 'Othello' }));
    expect(userOf(model, OTHELLO.userId).full_name).toBe('Othello');
  });
});
