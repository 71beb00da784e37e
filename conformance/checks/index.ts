/** Every check of the suite: scenario checks per area, then the property checks. */
import type { Check } from '../check.js';
import { PROPERTY_CHECKS } from '../properties/index.js';
import { AUTH_CHECKS } from './auth/index.js';
import { CHANNEL_CHECKS } from './channels/index.js';
import { EVENT_CHECKS } from './events/index.js';
import { GENERAL_CHECKS } from './general/index.js';
import { GROUP_CHECKS } from './groups/index.js';
import { LINKIFIER_CHECKS } from './linkifiers/index.js';
import { MESSAGE_CHECKS } from './messages/index.js';
import { PROFILE_CHECKS } from './profile/index.js';
import { REALM_CHECKS } from './realm/index.js';
import { REALM_EMOJI_CHECKS } from './realm-emoji/index.js';
import { SNIPPET_CHECKS } from './saved-snippets/index.js';
import { STREAM_CHECKS } from './streams/index.js';
import { UPLOAD_CHECKS } from './uploads/index.js';
import { USER_CHECKS } from './users/index.js';
import { VIDEO_CALL_CHECKS } from './video-calls/index.js';

export const ALL_CHECKS: readonly Check[] = [
  ...GENERAL_CHECKS,
  ...AUTH_CHECKS,
  ...USER_CHECKS,
  ...PROFILE_CHECKS,
  ...CHANNEL_CHECKS,
  ...STREAM_CHECKS,
  ...GROUP_CHECKS,
  ...REALM_CHECKS,
  ...LINKIFIER_CHECKS,
  ...REALM_EMOJI_CHECKS,
  ...MESSAGE_CHECKS,
  ...EVENT_CHECKS,
  ...SNIPPET_CHECKS,
  ...VIDEO_CALL_CHECKS,
  ...UPLOAD_CHECKS,
  ...PROPERTY_CHECKS,
];
