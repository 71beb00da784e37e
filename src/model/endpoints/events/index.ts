/** The event-queue endpoints, for the route list. */
import { deleteQueue } from './delete-queue.js';
import { getEvents } from './get-events.js';

export const EVENT_ENDPOINTS = [getEvents, deleteQueue] as const;
