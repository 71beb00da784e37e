/** Presence: reporting one's own, reading everyone's or one user's. */
import { endpointList } from '../../endpoint.js';
import { getPresence } from './get-presence.js';
import { getUserPresence } from './get-user-presence.js';
import { updatePresence } from './update-presence.js';

export const PRESENCE_ENDPOINTS = endpointList(updatePresence, getPresence, getUserPresence);
