import type { Check } from '../../check.js';
import { REMINDER_CHECKS } from './reminders.js';
import { SCHEDULED_CHECKS } from './scheduled-messages.js';

export const SCHEDULED_MESSAGE_CHECKS: readonly Check[] = [...SCHEDULED_CHECKS, ...REMINDER_CHECKS];
