/** Attachments: the caller's uploads and their removal. */
import { endpointList } from '../../endpoint.js';
import { getAttachments } from './get-attachments.js';
import { removeAttachmentEndpoint } from './remove-attachment.js';

export const ATTACHMENT_ENDPOINTS = endpointList(getAttachments, removeAttachmentEndpoint);
