/** Every check of the suite: scenario checks per area, then the property checks. */
import type { Check } from '../check.js';
import { PROPERTY_CHECKS } from '../properties/index.js';
import { AUTH_CHECKS } from './auth/index.js';
import { CHANNEL_CHECKS } from './channels/index.js';
import { EVENT_CHECKS } from './events/index.js';
import { GENERAL_CHECKS } from './general/index.js';
import { GROUP_CHECKS } from './groups/index.js';
import { MESSAGE_CHECKS } from './messages/index.js';
import { PROFILE_CHECKS } from './profile/index.js';
import { REALM_CHECKS } from './realm/index.js';
import { STREAM_CHECKS } from './streams/index.js';
import { USER_CHECKS } from './users/index.js';

export const ALL_CHECKS: readonly Check[] = [
  ...GENERAL_CHECKS,
  ...AUTH_CHECKS,
  ...USER_CHECKS,
  ...PROFILE_CHECKS,
  ...CHANNEL_CHECKS,
  ...STREAM_CHECKS,
  ...GROUP_CHECKS,
  ...REALM_CHECKS,
  ...MESSAGE_CHECKS,
  ...EVENT_CHECKS,
  ...PROPERTY_CHECKS,
];
