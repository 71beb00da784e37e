/** Creating channels, and a channel's e-mail address. */
import { endpointList } from '../../endpoint.js';
import { createChannel } from './create-channel.js';
import { getStreamEmailAddress } from './get-stream-email-address.js';

export const CHANNEL_ENDPOINTS = endpointList(createChannel, getStreamEmailAddress);
