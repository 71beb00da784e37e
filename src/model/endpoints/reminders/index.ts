/** Message reminders: Notification Bot reminds a user of a message at the time they chose. */
import { endpointList } from '../../endpoint.js';
import { createMessageReminder } from './create-message-reminder.js';
import { deleteReminder } from './delete-reminder.js';
import { getReminders } from './get-reminders.js';

export const REMINDER_ENDPOINTS = endpointList(getReminders, createMessageReminder, deleteReminder);
