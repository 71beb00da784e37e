/** Default channels: the channels new users are subscribed to. */
import { endpointList } from '../../endpoint.js';
import { addDefaultStream } from './add-default-stream.js';
import { removeDefaultStream } from './remove-default-stream.js';

export const DEFAULT_STREAM_ENDPOINTS = endpointList(addDefaultStream, removeDefaultStream);
