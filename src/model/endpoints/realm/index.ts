/** Organization settings and custom profile field definitions. */
import { endpointList } from '../../endpoint.js';
import { createCustomProfileField } from './create-custom-profile-field.js';
import { getCustomProfileFields } from './get-custom-profile-fields.js';
import { updateRealm } from './update-realm.js';

export const REALM_ENDPOINTS = endpointList(getCustomProfileFields, createCustomProfileField, updateRealm);
