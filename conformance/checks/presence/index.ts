import type { Check } from '../../check.js';
import { DEVICE_CHECKS } from './devices.js';
import { PRESENCE_EVENT_CHECKS } from './events.js';
import { READ_PRESENCE_CHECKS } from './read-presence.js';
import { STATUS_FOR_USER_CHECKS } from './status-for-user.js';
import { UPDATE_PRESENCE_CHECKS } from './update-presence.js';

export const PRESENCE_CHECKS: readonly Check[] = [
  ...UPDATE_PRESENCE_CHECKS,
  ...READ_PRESENCE_CHECKS,
  ...PRESENCE_EVENT_CHECKS,
  ...STATUS_FOR_USER_CHECKS,
  ...DEVICE_CHECKS,
];
