/** Users: reading, creating, changing and deactivating them; status and own profile data. */
import { endpointList } from '../../endpoint.js';
import { createUser } from './create-user.js';
import { deactivateOwnUser } from './deactivate-own-user.js';
import { deactivateUser } from './deactivate-user.js';
import { getOwnUser } from './get-own-user.js';
import { getUser } from './get-user.js';
import { getUserByEmail } from './get-user-by-email.js';
import { getUserStatus } from './get-user-status.js';
import { getUsers } from './get-users.js';
import { reactivateUser } from './reactivate-user.js';
import { regenerateApiKey } from './regenerate-api-key.js';
import { updateOwnProfileData } from './update-own-profile-data.js';
import { updateStatus } from './update-status.js';
import { updateUser } from './update-user.js';
import { updateUserByEmail } from './update-user-by-email.js';
import { updateUserStatus } from './update-user-status.js';

export const USER_ENDPOINTS = endpointList(
  getUsers,
  createUser,
  getOwnUser,
  getUser,
  getUserByEmail,
  updateUser,
  updateUserByEmail,
  deactivateUser,
  deactivateOwnUser,
  reactivateUser,
  regenerateApiKey,
  getUserStatus,
  updateStatus,
  updateUserStatus,
  updateOwnProfileData,
);
