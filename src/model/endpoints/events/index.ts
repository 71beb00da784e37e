/** The event-queue endpoints, for the route list. */
import { endpointList } from '../../endpoint.js';
import { deleteQueue } from './delete-queue.js';
import { getEvents } from './get-events.js';

export const EVENT_ENDPOINTS = endpointList(getEvents, deleteQueue);
