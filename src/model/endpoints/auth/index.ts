/** The two unauthenticated key fetches. */
import { endpointList } from '../../endpoint.js';
import { fetchApiKey } from './fetch-api-key.js';
import { jwtFetchApiKey } from './jwt-fetch-api-key.js';

export const AUTH_ENDPOINTS = endpointList(fetchApiKey, jwtFetchApiKey);
