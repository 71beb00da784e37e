/** Custom profile data: own values, and the realm's field definitions. */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const UPDATE_OWN = 'PATCH /users/me/profile_data';
const LIST = 'GET /realm/profile_fields';
const CREATE = 'POST /realm/profile_fields';
const UPDATE_SECTION = 'PATCH /users/me/profile_data — update own profile data';
const UPDATE = 'PATCH /realm/profile_fields/{field_id}';
const DELETE = 'DELETE /realm/profile_fields/{field_id}';
const REORDER = 'PATCH /realm/profile_fields';
const ADMIN_FACTS = 'server-core.md: custom profile fields; zerver/views/custom_profile_fields.py';

export const PROFILE_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  {
    id: 'profile.update.sets',
    section: UPDATE_SECTION,
    summary: 'data sets the caller’s own values: strings for text-like fields, an integer list for a Users field.',
    level: 'spec',
    endpoint: UPDATE_OWN,
  },
  { id: 'profile.update.remove', section: UPDATE_SECTION, summary: 'A null value removes the caller’s value.', level: 'spec', endpoint: UPDATE_OWN },
  {
    id: 'profile.update.data-required',
    section: UPDATE_SECTION,
    summary: 'data is required, and each entry needs both id and value.',
    level: 'spec',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.type',
    section: 'Other records',
    summary: 'A value must match its field’s type; a mismatch is refused and changes nothing.',
    level: 'spec',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.unknown-field',
    section: UPDATE_SECTION,
    summary: 'A field id that does not exist fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.restricted',
    section: UPDATE_SECTION,
    summary: 'Editing a field users may not edit fails with BAD_REQUEST.',
    level: 'spec',
    endpoint: UPDATE_OWN,
  },
  // ---------------------------------------------------------------- compat
  {
    id: 'profile.update.messages',
    section: 'server-core.md: PATCH /users/me/profile_data',
    summary: 'The profile data errors are 400 BAD_REQUEST with the real server’s messages.',
    level: 'compat',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.atomic',
    section: 'server-core.md: PATCH /users/me/profile_data',
    summary: 'When one entry of a batch fails, none of the batch is applied.',
    level: 'compat',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.admin-restricted',
    section: 'server-core.md: PATCH /users/me/profile_data',
    summary: 'Administrators may edit fields that users may not edit.',
    level: 'compat',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.update.text-limits',
    section: 'server-core.md: Custom profile field types',
    summary: 'A short text value may have at most 50 characters.',
    level: 'compat',
    endpoint: UPDATE_OWN,
  },
  {
    id: 'profile.fields.list',
    section: 'Zulip OpenAPI: get-custom-profile-fields',
    summary: 'GET /realm/profile_fields answers custom_fields with id, name, type, hint, field_data, order, for every role.',
    level: 'compat',
    endpoint: LIST,
  },
  {
    id: 'profile.fields.create',
    section: 'Zulip OpenAPI: create-custom-profile-field',
    summary: 'An administrator’s POST /realm/profile_fields answers the new field’s id and the field is listed.',
    level: 'compat',
    endpoint: CREATE,
  },
  {
    id: 'profile.fields.admin-only',
    section: 'Zulip OpenAPI: create-custom-profile-field',
    summary: 'Non-administrators get 400 UNAUTHORIZED_PRINCIPAL "Must be an organization administrator" and no field.',
    level: 'compat',
    endpoint: CREATE,
  },
  {
    id: 'profile.fields.validation',
    section: 'server-core.md: Custom profile field types',
    summary: 'Labels over 40 characters, duplicate labels, unknown types and choice fields without choices are 400 BAD_REQUEST and create nothing.',
    level: 'compat',
    endpoint: CREATE,
  },
  // ------------------------------------------- field administration (compat: the spec does not show definitions)
  compat(
    'profile.fields.update',
    ADMIN_FACTS,
    'PATCH /realm/profile_fields/{field_id} changes the label, hint and flags sent, each alone, and leaves the rest',
    UPDATE,
  ),
  compat(
    'profile.fields.update-validation',
    ADMIN_FACTS,
    'an update is validated as the field would be: "Label cannot be blank.", the 40/80-character limits, a taken label, a choice field without choices; nothing changes',
    UPDATE,
  ),
  compat(
    'profile.fields.update-default-external',
    ADMIN_FACTS,
    'a named external account field (e.g. GitHub) refuses a new label: "Default custom field cannot be updated."',
    UPDATE,
  ),
  compat('profile.fields.delete', ADMIN_FACTS, 'DELETE /realm/profile_fields/{field_id} removes the field and every user’s value of it', DELETE),
  compat('profile.fields.missing', ADMIN_FACTS, 'updating or deleting a field that does not exist is 400 BAD_REQUEST "Field id <id> not found."', DELETE),
  compat(
    'profile.fields.reorder',
    ADMIN_FACTS,
    'PATCH /realm/profile_fields with order lists the fields in that order, each field’s order its position',
    REORDER,
  ),
  compat('profile.fields.reorder-all', ADMIN_FACTS, 'an order that leaves out a field is "Invalid order mapping." and changes nothing', REORDER),
  compat(
    'profile.fields.admin-only-changes',
    ADMIN_FACTS,
    'non-administrators get 400 UNAUTHORIZED_PRINCIPAL on updating, deleting and reordering, and nothing changes',
    DELETE,
  ),
  compat(
    'events.profile-fields.admin',
    'server-events.md: §5.4',
    'each update, deletion and reordering sends custom_profile_fields with the whole new list to everyone',
    UPDATE,
  ),
];
