/** Code playgrounds: where code blocks of a language can be opened. */
import { endpointList } from '../../endpoint.js';
import { addCodePlayground } from './add-code-playground.js';
import { removeCodePlayground } from './remove-code-playground.js';

export const PLAYGROUND_ENDPOINTS = endpointList(addCodePlayground, removeCodePlayground);
