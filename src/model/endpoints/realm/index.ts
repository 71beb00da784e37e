/** Organization settings and custom profile field definitions. */
import { endpointList } from '../../endpoint.js';
import { createCustomProfileField } from './create-custom-profile-field.js';
import { deleteCustomProfileField } from './delete-custom-profile-field.js';
import { exportRealm } from './export-realm.js';
import { getCustomProfileFields } from './get-custom-profile-fields.js';
import { getRealmExportConsents } from './get-realm-export-consents.js';
import { getRealmExports } from './get-realm-exports.js';
import { reorderCustomProfileFields } from './reorder-custom-profile-fields.js';
import { testWelcomeBotCustomMessage } from './test-welcome-bot-custom-message.js';
import { updateCustomProfileField } from './update-custom-profile-field.js';
import { updateRealm } from './update-realm.js';
import { updateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.js';

export const REALM_ENDPOINTS = endpointList(
  getCustomProfileFields,
  createCustomProfileField,
  updateCustomProfileField,
  deleteCustomProfileField,
  reorderCustomProfileFields,
  updateRealm,
  exportRealm,
  getRealmExports,
  getRealmExportConsents,
  testWelcomeBotCustomMessage,
  updateRealmUserSettingsDefaults,
);
