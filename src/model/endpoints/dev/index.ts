/** The development server's conveniences, answered only where its DevAuthBackend is on (state.server.devAuthBackend). */
import { endpointList } from '../../endpoint.js';
import { devFetchApiKey } from './dev-fetch-api-key.js';
import { devListUsers } from './dev-list-users.js';

export const DEV_ENDPOINTS = endpointList(devFetchApiKey, devListUsers);
