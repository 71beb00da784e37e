/** Uploads: storing a file, its temporary link, and the refused resumable protocol. */
import { endpointList } from '../../endpoint.js';
import { getFileTemporaryUrl } from './get-file-temporary-url.js';
import { RESUMABLE_UPLOAD_ENDPOINTS } from './resumable-upload.js';
import { uploadFile } from './upload-file.js';

export const UPLOAD_ENDPOINTS = [...endpointList(uploadFile, getFileTemporaryUrl), ...RESUMABLE_UPLOAD_ENDPOINTS];
