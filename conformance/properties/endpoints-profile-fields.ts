/**
 * Administering custom profile fields, as the property checks see it. Paths
 * name an id no field has, so no run can change or delete one of the
 * realm's fields; the reorder's base lists no field, which a realm with
 * fields refuses.
 */
import type { EndpointSpec, ReadBack } from './endpoint-spec.js';
import { BOOL, INT_LIST, OBJECT, STRING } from './param-kinds.js';

const profileFields: ReadBack = { path: '/realm/profile_fields' };

export const PROFILE_FIELD_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'update-custom-profile-field',
    method: 'PATCH',
    path: '/realm/profile_fields/{field_id}',
    pathParams: { field_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'name', kind: STRING, invalid: ['', '   ', 'n'.repeat(41)] },
      { name: 'hint', kind: STRING, invalid: ['h'.repeat(81)] },
      { name: 'field_data', kind: OBJECT },
      { name: 'display_in_profile_summary', kind: BOOL },
      { name: 'required', kind: BOOL },
      { name: 'editable_by_user', kind: BOOL },
    ],
    observe: () => [profileFields],
  },
  {
    operation: 'delete-custom-profile-field',
    method: 'DELETE',
    path: '/realm/profile_fields/{field_id}',
    pathParams: { field_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [profileFields],
  },
  {
    operation: 'reorder-custom-profile-fields',
    method: 'PATCH',
    path: '/realm/profile_fields',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'order', kind: INT_LIST, required: true, valid: () => '[]' }],
    observe: () => [profileFields],
  },
];
