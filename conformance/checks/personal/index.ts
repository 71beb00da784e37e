/** A user's own reading and muting state. */
import type { Check } from '../../check.js';
import { ALERT_WORD_CHECKS } from './alert-words.js';
import { PERSONAL_EVENT_CHECKS } from './events.js';
import { MUTING_CHECKS } from './muting.js';
import { READING_CHECKS } from './reading.js';
import { SUBSCRIPTION_SETTING_CHECKS } from './subscriptions.js';
import { USER_TOPIC_CHECKS } from './user-topics.js';

export const PERSONAL_CHECKS: readonly Check[] = [
  ...ALERT_WORD_CHECKS,
  ...MUTING_CHECKS,
  ...USER_TOPIC_CHECKS,
  ...SUBSCRIPTION_SETTING_CHECKS,
  ...READING_CHECKS,
  ...PERSONAL_EVENT_CHECKS,
];
