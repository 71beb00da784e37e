/** Messages each user schedules to be sent later (the clock delivers them: scheduled-delivery.ts). */
import { endpointList } from '../../endpoint.js';
import { createScheduledMessage } from './create-scheduled-message.js';
import { deleteScheduledMessage } from './delete-scheduled-message.js';
import { getScheduledMessages } from './get-scheduled-messages.js';
import { updateScheduledMessage } from './update-scheduled-message.js';

export const SCHEDULED_MESSAGE_ENDPOINTS = endpointList(getScheduledMessages, createScheduledMessage, updateScheduledMessage, deleteScheduledMessage);
