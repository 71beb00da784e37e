/** The initial state and its event queue. */
import { endpointList } from '../../endpoint.js';
import { registerQueue } from './register-queue.js';

export const REGISTER_ENDPOINTS = endpointList(registerQueue);
