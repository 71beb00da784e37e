/** Every check of the suite: scenario checks per area, then the property checks. */
import type { Check } from '../check.js';
import { PROPERTY_CHECKS } from '../properties/index.js';
import { ADMIN_CHECKS } from './admin/index.js';
import { AUTH_CHECKS } from './auth/index.js';
import { BOT_AREA_CHECKS } from './bots/index.js';
import { CHANNEL_CHECKS } from './channels/index.js';
import { DEV_LOGIN_CHECKS } from './dev-logins/index.js';
import { DRAFT_AND_VIEW_CHECKS } from './drafts/index.js';
import { EVENT_CHECKS } from './events/index.js';
import { GENERAL_CHECKS } from './general/index.js';
import { GROUP_CHECKS } from './groups/index.js';
import { LINKIFIER_CHECKS } from './linkifiers/index.js';
import { MESSAGE_CHECKS } from './messages/index.js';
import { PERSONAL_CHECKS } from './personal/index.js';
import { PRESENCE_CHECKS } from './presence/index.js';
import { PROFILE_CHECKS } from './profile/index.js';
import { REALM_CHECKS } from './realm/index.js';
import { REALM_EMOJI_CHECKS } from './realm-emoji/index.js';
import { SNIPPET_CHECKS } from './saved-snippets/index.js';
import { SCHEDULED_MESSAGE_CHECKS } from './scheduled-messages/index.js';
import { STREAM_CHECKS } from './streams/index.js';
import { UPLOAD_CHECKS } from './uploads/index.js';
import { USER_CHECKS } from './users/index.js';
import { VIDEO_CALL_CHECKS } from './video-calls/index.js';

export const ALL_CHECKS: readonly Check[] = [
  ...GENERAL_CHECKS,
  ...AUTH_CHECKS,
  ...USER_CHECKS,
  ...BOT_AREA_CHECKS,
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
  ...DRAFT_AND_VIEW_CHECKS,
  ...SCHEDULED_MESSAGE_CHECKS,
  ...PRESENCE_CHECKS,
  ...VIDEO_CALL_CHECKS,
  ...DEV_LOGIN_CHECKS,
  ...UPLOAD_CHECKS,
  ...PERSONAL_CHECKS,
  ...ADMIN_CHECKS,
  ...PROPERTY_CHECKS,
];
