import type { Check } from '../../check.js';
import { PROFILE_FIELD_ADMIN_CHECKS } from './profile-field-admin.js';
import { PROFILE_FIELD_CHECKS } from './profile-fields.js';
import { UPDATE_OWN_PROFILE_DATA_CHECKS } from './update-own-profile-data.js';

export const PROFILE_CHECKS: readonly Check[] = [...PROFILE_FIELD_CHECKS, ...PROFILE_FIELD_ADMIN_CHECKS, ...UPDATE_OWN_PROFILE_DATA_CHECKS];
