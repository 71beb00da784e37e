/** Facts about the server, readable without credentials. */
import { endpointList } from '../../endpoint.js';
import { getServerSettings } from './get-server-settings.js';

export const SERVER_ENDPOINTS = endpointList(getServerSettings);
