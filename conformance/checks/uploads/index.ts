/** Uploads and attachments. */
import type { Check } from '../../check.js';
import { UPLOAD_ACCESS_CHECKS } from './access.js';
import { ATTACHMENT_CHECKS } from './attachments.js';
import { UPLOAD_FILE_CHECKS } from './upload-file.js';

export const UPLOAD_CHECKS: readonly Check[] = [...UPLOAD_FILE_CHECKS, ...UPLOAD_ACCESS_CHECKS, ...ATTACHMENT_CHECKS];
