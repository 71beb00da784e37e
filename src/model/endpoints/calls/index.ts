/** Creating video call links. */
import { endpointList } from '../../endpoint.js';
import { createBigBlueButtonVideoCall } from './create-big-blue-button-video-call.js';
import { createVideoCall, createZoomVideoCall } from './create-video-call.js';

export const CALL_ENDPOINTS = endpointList(createVideoCall, createZoomVideoCall, createBigBlueButtonVideoCall);
