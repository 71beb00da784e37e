/** The organization-settings and initial-state endpoints, for the route list. */
import { updateRealm } from '../realm/update-realm.js';
import { registerQueue } from './register-queue.js';

export const REALM_STATE_ENDPOINTS = [updateRealm, registerQueue] as const;
