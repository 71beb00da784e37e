import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, FIELD, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { getRow } from '../../tables/table.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function fields(model: Model): Record<string, any>[] {
  return expectSuccess(as(model, HAMLET).get('/realm/profile_fields'))['custom_fields'];
}

function fieldOf(model: Model, id: number): Record<string, any> | undefined {
  return fields(model).find((field) => field['id'] === id);
}

function profileOf(model: Model, viewer: Actor, userId: number): Record<string, any> {
  return expectSuccess(as(model, viewer).get(`/users/${userId}`, { include_custom_profile_fields: 'true' }))['user']['profile_data'];
}

function holders(model: Model, fieldId: number): number[] {
  const table = getRow(model.state.profileValueHolderIds, fieldId);
  return table === undefined ? [] : [...Array(model.state.users.size + 1).keys()].filter((id) => getRow(table, id) !== undefined);
}

const MUST_BE_ADMIN = 'Must be an organization administrator';

describe('PATCH /realm/profile_fields/{field_id}', () => {
  it('changes label, hint and flags, each alone, and leaves the rest', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { name: '  Telephone  ' }));
    expect(fieldOf(model, FIELD.phone)).toMatchObject({ name: 'Telephone', type: 1, order: FIELD.phone });
    const hintBefore = fieldOf(model, FIELD.phone)!['hint'];
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { required: 'true', editable_by_user: 'false' }));
    expect(fieldOf(model, FIELD.phone)).toMatchObject({ name: 'Telephone', hint: hintBefore, required: true, editable_by_user: false });
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { hint: 'Desk line' }));
    expect(fieldOf(model, FIELD.phone)).toMatchObject({ hint: 'Desk line', required: true });
    // A label may stay its own; another field's is taken.
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { name: 'Telephone' }));
    expectError(
      as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { name: 'Biography' }),
      400,
      'BAD_REQUEST',
      'A field with that label already exists.',
    );
  });

  it('validates the field as it would be, with the real server’s texts, and changes nothing on refusal', () => {
    const model = newModel();
    const before = model.state;
    const refuse = (id: number, params: Record<string, string>, msg: string) =>
      expectError(as(model, IAGO).patch(`/realm/profile_fields/${id}`, params), 400, 'BAD_REQUEST', msg);
    refuse(987, { name: 'x' }, 'Field id 987 not found.');
    refuse(FIELD.phone, { name: '   ' }, 'Label cannot be blank.');
    refuse(FIELD.phone, { name: 'l'.repeat(41) }, 'name is too long (limit: 40 characters)');
    refuse(FIELD.phone, { hint: 'h'.repeat(81) }, 'hint is too long (limit: 80 characters)');
    refuse(FIELD.editor, { field_data: '{}' }, 'Field must have at least one choice.');
    // A Paragraph field may be in the summary from FL 476 (feature-levels/levels-461-496.ts); a user field never.
    refuse(FIELD.mentor, { display_in_profile_summary: 'true' }, 'Field type not supported for display in profile summary.');
    refuse(FIELD.github, { name: 'Code forge' }, 'Default custom field cannot be updated.');
    refuse(FIELD.github, { field_data: '{"subtype":"twitter"}' }, 'Default custom field cannot be updated.');
    expectError(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { required: 'maybe' }), 400, 'BAD_REQUEST', 'required is not valid JSON');
    expect(model.state).toBe(before);
  });

  it('lets a named external account change only its summary flag, and keeps two fields at most in the summary', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.github}`, { display_in_profile_summary: 'true', name: 'GitHub username' }));
    expect(fieldOf(model, FIELD.github)).toMatchObject({ name: 'GitHub username', display_in_profile_summary: true });
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { display_in_profile_summary: 'true' }));
    const before = model.state;
    expectError(
      as(model, IAGO).patch(`/realm/profile_fields/${FIELD.pronouns}`, { display_in_profile_summary: 'true' }),
      400,
      'BAD_REQUEST',
      'Only 2 custom profile fields can be displayed in the profile summary.',
    );
    expect(model.state).toBe(before);
    // A field already in the summary does not count against itself.
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { display_in_profile_summary: 'true' }));
  });

  it('removes the values of choices a choice field no longer offers', () => {
    const model = newModel();
    const choice = profileOf(model, IAGO, HAMLET.userId)[FIELD.editor]['value'];
    const kept = choice === '0' ? '1' : '0';
    const labels = JSON.parse(fieldOf(model, FIELD.editor)!['field_data']);
    expectSuccess(
      as(model, IAGO).patch(`/realm/profile_fields/${FIELD.editor}`, { field_data: JSON.stringify({ [kept]: labels[kept], z: { text: 'Zed', order: '9' } }) }),
    );
    expect(profileOf(model, IAGO, HAMLET.userId)[FIELD.editor]).toBeUndefined();
    expect(holders(model, FIELD.editor)).not.toContain(HAMLET.userId);
  });

  it('is for administrators only, before anything else is read', () => {
    const model = newModel();
    for (const actor of [SHIVA, HAMLET, POLONIUS]) {
      expectError(as(model, actor).patch(`/realm/profile_fields/${FIELD.phone}`, { name: 'x' }), 400, 'UNAUTHORIZED_PRINCIPAL', MUST_BE_ADMIN);
      expectError(as(model, actor).patch('/realm/profile_fields/987', { required: 'nope' }), 400, 'UNAUTHORIZED_PRINCIPAL', MUST_BE_ADMIN);
    }
  });
});

describe('DELETE /realm/profile_fields/{field_id}', () => {
  it('removes the field and every user’s value of it, visiting only the holders', () => {
    const model = newModel();
    const holdersBefore = holders(model, FIELD.pronouns);
    expect(holdersBefore.length).toBeGreaterThan(0);
    expectSuccess(as(model, DESDEMONA).delete(`/realm/profile_fields/${FIELD.pronouns}`));
    expect(fieldOf(model, FIELD.pronouns)).toBeUndefined();
    for (const userId of holdersBefore) expect(profileOf(model, IAGO, userId)[FIELD.pronouns]).toBeUndefined();
    expect(getRow(model.state.profileValueHolderIds, FIELD.pronouns)).toBeUndefined();
    expectError(as(model, DESDEMONA).delete(`/realm/profile_fields/${FIELD.pronouns}`), 400, 'BAD_REQUEST', `Field id ${FIELD.pronouns} not found.`);
    // Setting a value of the deleted field is now unknown.
    expectError(
      as(model, HAMLET).patch('/users/me/profile_data', { data: JSON.stringify([{ id: FIELD.pronouns, value: 'they' }]) }),
      400,
      'BAD_REQUEST',
      `Field id ${FIELD.pronouns} not found.`,
    );
  });

  it('is for administrators only', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, SHIVA).delete(`/realm/profile_fields/${FIELD.phone}`), 400, 'UNAUTHORIZED_PRINCIPAL', MUST_BE_ADMIN);
    expect(model.state).toBe(before);
  });
});

describe('PATCH /realm/profile_fields (order)', () => {
  it('puts the fields in the order given, numbering them from 0, and new fields come last', () => {
    const model = newModel();
    const ids = fields(model).map((field) => field['id'] as number);
    const reversed = [...ids].reverse();
    expectSuccess(as(model, IAGO).patch('/realm/profile_fields', { order: JSON.stringify([...reversed, 987]) }));
    expect(fields(model).map((field) => [field['id'], field['order']])).toEqual(reversed.map((id, position) => [id, position]));
    const created = expectSuccess(as(model, IAGO).post('/realm/profile_fields', { name: 'Desk', field_type: '1' }))['id'];
    expect(fields(model).at(-1)).toMatchObject({ id: created, order: created });
  });

  it('needs every field listed, and is for administrators only', () => {
    const model = newModel();
    const before = model.state;
    const ids = fields(model).map((field) => field['id'] as number);
    expectError(as(model, IAGO).patch('/realm/profile_fields', { order: JSON.stringify(ids.slice(1)) }), 400, 'BAD_REQUEST', 'Invalid order mapping.');
    expectError(as(model, IAGO).patch('/realm/profile_fields', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'order' argument");
    expectError(as(model, IAGO).patch('/realm/profile_fields', { order: '[1, "2"]' }), 400, 'BAD_REQUEST');
    expectError(as(model, HAMLET).patch('/realm/profile_fields', { order: JSON.stringify(ids) }), 400, 'UNAUTHORIZED_PRINCIPAL', MUST_BE_ADMIN);
    expect(model.state).toBe(before);
  });
});

describe('profile field administration events', () => {
  it('sends the whole new list, as register shows it, to everyone, and nothing per user on a deletion', () => {
    const model = newModel();
    const [hamlet, polonius] = [listen(model, HAMLET), listen(model, POLONIUS)];
    const register = () => expectSuccess(as(model, CORDELIA).post('/register', { fetch_event_types: '["custom_profile_fields"]' }))['custom_profile_fields'];
    expectSuccess(as(model, IAGO).patch(`/realm/profile_fields/${FIELD.phone}`, { hint: 'Desk line' }));
    const afterUpdate = register();
    expectSuccess(as(model, IAGO).patch('/realm/profile_fields', { order: JSON.stringify(afterUpdate.map((field: any) => field.id).reverse()) }));
    const afterReorder = register();
    expectSuccess(as(model, IAGO).delete(`/realm/profile_fields/${FIELD.mentor}`));
    const afterDelete = register();
    const expected = [afterUpdate, afterReorder, afterDelete].map((list) => ({ type: 'custom_profile_fields', fields: list }));
    expect(hamlet()).toEqual(expected);
    expect(polonius()).toEqual(expected);
  });
});
