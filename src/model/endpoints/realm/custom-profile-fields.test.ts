import { describe, expect, it } from 'vitest';
import { as, body, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

const fieldsOf = (model: ReturnType<typeof newModel>) => expectSuccess(as(model, HAMLET).get('/realm/profile_fields'))['custom_fields'] as any[];

describe('GET /realm/profile_fields', () => {
  it('lists the definitions in order, with field_data as JSON text', () => {
    const fields = fieldsOf(newModel());
    expect(fields.map((f) => f.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Object.keys(fields[0])).toEqual(['id', 'name', 'type', 'hint', 'field_data', 'order', 'required', 'editable_by_user', 'display_in_profile_summary']);
    expect(fields[1]).not.toHaveProperty('display_in_profile_summary');
    expect(JSON.parse(fields[2].field_data)).toEqual({ '0': { text: 'Vim', order: '1' }, '1': { text: 'Emacs', order: '2' } });
    expect(fields[6]).toMatchObject({ name: 'GitHub username', field_data: '{"subtype":"github"}' });
    expect(fields[7]).toMatchObject({ name: 'Pronouns', editable_by_user: false });
  });
});

describe('POST /realm/profile_fields', () => {
  it('creates a field of every type and returns its id', () => {
    const model = newModel();
    const create = (params: Record<string, string>) => expectSuccess(as(model, IAGO).post('/realm/profile_fields', params))['id'];
    expect(create({ name: 'Desk', field_type: '1', hint: 'Floor and room' })).toBe(9);
    create({ name: 'About', field_type: '2' });
    create({ name: 'Team', field_type: '3', field_data: JSON.stringify({ a: { text: 'Red', order: '1' }, b: { text: 'Blue', order: '2' } }) });
    create({ name: 'Start date', field_type: '4' });
    create({ name: 'Homepage', field_type: '5' });
    create({ name: 'Buddy', field_type: '6', required: 'true' });
    create({ name: 'Mastodon', field_type: '7', field_data: JSON.stringify({ subtype: 'custom', url_pattern: 'https://mastodon.example/@%(username)s' }) });
    create({ name: 'ignored', hint: 'ignored', field_type: '7', field_data: JSON.stringify({ subtype: 'twitter' }) });
    create({ name: 'Pronouns here', field_type: '8', editable_by_user: 'false' });
    const fields = fieldsOf(model);
    expect(fields).toHaveLength(17);
    expect(fields.at(-1)).toMatchObject({ id: 17, order: 17, type: 8, editable_by_user: false });
    expect(fields.find((f) => f.id === 14)).toMatchObject({ type: 6, required: true, field_data: '' });
    expect(fields.find((f) => f.id === 16)).toMatchObject({ name: 'Twitter username', hint: '', field_data: '{"subtype":"twitter"}' });
    expectSuccess(
      as(model, HAMLET).patch('/users/me/profile_data', {
        data: JSON.stringify([
          { id: 11, value: 'b' },
          { id: 15, value: 'hamlet' },
        ]),
      }),
    );
  });

  it('is for administrators only, checked before the parameters', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/realm/profile_fields', { name: 'Desk', field_type: '1' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectError(as(model, HAMLET).post('/realm/profile_fields'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expect(model.state).toBe(before);
  });

  it.each([
    [{ name: '  ', field_type: '1' }, 'Label cannot be blank.'],
    [{ name: 'x'.repeat(41), field_type: '1' }, 'name is too long (limit: 40 characters)'],
    [{ name: 'Desk', hint: 'h'.repeat(81), field_type: '1' }, 'hint is too long (limit: 80 characters)'],
    [{ name: 'Desk', field_type: '9' }, 'Invalid field type.'],
    [{ name: 'Phone number', field_type: '1' }, 'A field with that label already exists.'],
    [{ name: 'Buddy', field_type: '6', display_in_profile_summary: 'true' }, 'Field type not supported for display in profile summary.'],
    [{ name: 'Team', field_type: '3' }, 'Field must have at least one choice.'],
    [{ name: 'Team', field_type: '3', field_data: '{"a": {"text": "Red"}}' }, 'order key is missing from field_data'],
    [{ name: 'Team', field_type: '3', field_data: '{"a": {"text": "", "order": "1"}}' }, 'field_data["text"] cannot be blank.'],
    [{ name: 'Team', field_type: '3', field_data: '{"a": {"text": "R", "order": ""}}' }, 'field_data["order"] cannot be blank.'],
    [
      { name: 'Team', field_type: '3', field_data: '{"a": {"text": "R", "order": "1"}, "b": {"text": "R", "order": "2"}}' },
      'Field must not have duplicate choices.',
    ],
    [{ name: 'Acct', field_type: '7', field_data: '{}' }, 'subtype key is missing from field_data'],
    [{ name: 'Acct', field_type: '7', field_data: '{"subtype": "myspace"}' }, 'Invalid external account type'],
    [{ name: 'Acct', field_type: '7', field_data: '{"subtype": "custom"}' }, 'Custom external account must define URL pattern'],
    [{ name: 'Acct', field_type: '7', field_data: '{"subtype": "custom", "url_pattern": "https://x.example/"}' }, "URL pattern must contain '%(username)s'."],
    [{ name: 'Desk', field_type: 'one' }, 'field_type is not valid JSON'],
  ])('refuses %o with "%s"', (params, message) => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).post('/realm/profile_fields', params), 400, 'BAD_REQUEST', message);
    expect(model.state).toBe(before);
  });

  it('allows at most two fields in the profile summary', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).post('/realm/profile_fields', { name: 'Desk', field_type: '1', display_in_profile_summary: 'true' }));
    const response = as(model, IAGO).post('/realm/profile_fields', { name: 'Room', field_type: '1', display_in_profile_summary: 'true' });
    expect(body(response)['msg']).toBe('Only 2 custom profile fields can be displayed in the profile summary.');
  });

  it('requires field_type', () => {
    expectError(as(newModel(), IAGO).post('/realm/profile_fields', { name: 'Desk' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'field_type' argument");
  });
});
