/** Messages: sending, reading, deleting, rendering. */
import { endpointList } from '../../endpoint.js';
import { deleteMessage } from './delete-message.js';
import { getMessage } from './get-message.js';
import { getMessageHistory } from './get-message-history.js';
import { getMessages } from './get-messages.js';
import { renderMessageEndpoint } from './render-message.js';
import { sendMessageEndpoint } from './send-message.js';

export const MESSAGE_ENDPOINTS = endpointList(sendMessageEndpoint, getMessages, renderMessageEndpoint, getMessage, getMessageHistory, deleteMessage);
