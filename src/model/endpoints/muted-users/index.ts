/** Muting other users. */
import { endpointList } from '../../endpoint.js';
import { muteUser } from './mute-user.js';
import { unmuteUser } from './unmute-user.js';

export const MUTED_USER_ENDPOINTS = endpointList(muteUser, unmuteUser);
