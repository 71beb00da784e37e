/** Organization settings and custom profile field definitions. */
import { endpointList } from '../../endpoint.js';
import { createCustomProfileField } from './create-custom-profile-field.js';
import { deleteCustomProfileField } from './delete-custom-profile-field.js';
import { getCustomProfileFields } from './get-custom-profile-fields.js';
import { reorderCustomProfileFields } from './reorder-custom-profile-fields.js';
import { updateCustomProfileField } from './update-custom-profile-field.js';
import { updateRealm } from './update-realm.js';

export const REALM_ENDPOINTS = endpointList(
  getCustomProfileFields,
  createCustomProfileField,
  updateCustomProfileField,
  deleteCustomProfileField,
  reorderCustomProfileFields,
  updateRealm,
);
