/** Each user's own alert words. */
import { endpointList } from '../../endpoint.js';
import { addAlertWords } from './add-alert-words.js';
import { getAlertWords } from './get-alert-words.js';
import { removeAlertWords } from './remove-alert-words.js';

export const ALERT_WORD_ENDPOINTS = endpointList(getAlertWords, addAlertWords, removeAlertWords);
