import type { Check } from '../../check.js';
import { CREATE_USER_CHECKS } from './create-user.js';
import { DEACTIVATE_USER_CHECKS } from './deactivate-user.js';
import { GET_USER_CHECKS } from './get-user.js';
import { GET_USERS_CHECKS } from './get-users.js';
import { UPDATE_STATUS_CHECKS } from './update-status.js';
import { UPDATE_USER_CHECKS } from './update-user.js';
import { UPDATE_USER_BY_EMAIL_CHECKS } from './update-user-by-email.js';
import { USER_RECORD_CHECKS } from './user-record.js';

export const USER_CHECKS: readonly Check[] = [
  ...USER_RECORD_CHECKS,
  ...GET_USER_CHECKS,
  ...GET_USERS_CHECKS,
  ...CREATE_USER_CHECKS,
  ...UPDATE_USER_CHECKS,
  ...UPDATE_USER_BY_EMAIL_CHECKS,
  ...DEACTIVATE_USER_CHECKS,
  ...UPDATE_STATUS_CHECKS,
];
