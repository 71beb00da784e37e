/** Personal settings. */
import { endpointList } from '../../endpoint.js';
import { updateSettings } from './update-settings.js';

export const SETTINGS_ENDPOINTS = endpointList(updateSettings);
