import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, FIELD, HAMLET, HAMLET_BOT, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';

function profileOf(model: ReturnType<typeof newModel>, id: number) {
  return expectSuccess(as(model, IAGO).get(`/users/${id}`, { include_custom_profile_fields: 'true' }))['user']['profile_data'];
}

const set = (entries: unknown[]) => ({ data: JSON.stringify(entries) });

describe('PATCH /users/me/profile_data (spec: PATCH /users/me/profile_data)', () => {
  it('sets and removes own values of every field type', () => {
    const model = newModel();
    expectSuccess(
      as(model, SHIVA).patch(
        '/users/me/profile_data',
        set([
          { id: FIELD.phone, value: '555' },
          { id: FIELD.biography, value: 'I *moderate*.' },
          { id: FIELD.editor, value: '1' },
          { id: FIELD.birthday, value: '2000-02-29' },
          { id: FIELD.website, value: 'https://example.com/shiva' },
          { id: FIELD.mentor, value: [HAMLET.userId] },
          { id: FIELD.github, value: 'shiva' },
        ]),
      ),
    );
    const profile = profileOf(model, SHIVA.userId);
    expect(profile[FIELD.biography]).toEqual({ value: 'I *moderate*.', rendered_value: '<p>I <em>moderate</em>.</p>' });
    expect(profile[FIELD.editor]).toEqual({ value: '1' });
    expect(profile[FIELD.mentor]).toEqual({ value: '[4]' });
    expectSuccess(
      as(model, SHIVA).patch(
        '/users/me/profile_data',
        set([
          { id: FIELD.phone, value: '' },
          { id: FIELD.mentor, value: [] },
        ]),
      ),
    );
    const after = profileOf(model, SHIVA.userId);
    expect(after).not.toHaveProperty(String(FIELD.phone));
    expect(after).not.toHaveProperty(String(FIELD.mentor));
  });

  it('refuses values that do not match the field type, changing nothing', () => {
    const model = newModel();
    const before = model.state;
    const patch = (entries: unknown[]) => as(model, HAMLET).patch('/users/me/profile_data', set(entries));
    expectError(patch([{ id: FIELD.phone, value: 'x'.repeat(51) }]), 400, 'BAD_REQUEST', 'Phone number is too long (limit: 50 characters)');
    expectError(patch([{ id: FIELD.biography, value: 'x'.repeat(501) }]), 400, 'BAD_REQUEST', 'Biography is too long (limit: 500 characters)');
    expectError(patch([{ id: FIELD.editor, value: '7' }]), 400, 'BAD_REQUEST', "'7' is not a valid choice for 'Favorite editor'.");
    expectError(patch([{ id: FIELD.birthday, value: '2001-02-29' }]), 400, 'BAD_REQUEST', 'Birthday is not a date');
    expectError(patch([{ id: FIELD.website, value: 'not a url' }]), 400, 'BAD_REQUEST', 'Favorite website is not a URL');
    expectError(patch([{ id: FIELD.mentor, value: 'Iago' }]), 400, 'BAD_REQUEST', 'User IDs is not a list');
    expectError(patch([{ id: FIELD.mentor, value: [999, 998] }]), 400, 'BAD_REQUEST', 'Invalid user ID: 999');
    expectError(patch([{ id: FIELD.mentor, value: [7] }]), 400, 'BAD_REQUEST', 'User with ID 7 is deactivated');
    expectError(patch([{ id: FIELD.mentor, value: [8] }]), 400, 'BAD_REQUEST', 'User with ID 8 is a bot');
    expectError(patch([{ id: FIELD.phone, value: [1] }]), 400, 'BAD_REQUEST', 'Phone number is not a string');
    expectError(patch([{ id: 77, value: 'x' }]), 400, 'BAD_REQUEST', 'Field id 77 not found.');
    expect(model.state).toBe(before);
  });

  it('refuses fields not editable by users, except for administrators', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, HAMLET).patch('/users/me/profile_data', set([{ id: FIELD.pronouns, value: 'they/them' }])),
      400,
      'BAD_REQUEST',
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).patch('/users/me/profile_data', set([{ id: FIELD.pronouns, value: 'he/him' }])));
    expect(profileOf(model, IAGO.userId)[FIELD.pronouns]).toEqual({ value: 'he/him' });
  });

  it('requires data and refuses bots', () => {
    expectError(as(newModel(), HAMLET).patch('/users/me/profile_data'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'data' argument");
    expectError(as(newModel(), HAMLET_BOT).patch('/users/me/profile_data', set([])), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });
});
