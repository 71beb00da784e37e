/**
 * Uploads and attachments. The spec states the upload endpoint (one file in
 * a form; url, its alias uri and filename; private to the uploader until a
 * message links it), the Attachment record detached_uploads lists, and the
 * size limit register reports; the errors, the paths, who may read a file,
 * the downloads and GET/DELETE /attachments are the real server's behaviour
 * (`compat`, facts in server-messages-channels.md §12).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const UPLOAD = 'POST /user_uploads';
const TEMPORARY = 'GET /user_uploads/{realm_id}/{filename}';
const LIST = 'GET /attachments';
const REMOVE = 'DELETE /attachments/{attachment_id}';
const EDIT = 'PATCH /messages/{message_id}';

const UPLOAD_SECTION = 'POST /user_uploads — upload a file';
const RECORD = 'Attachment (detached upload)';
const EDIT_SECTION = 'PATCH /messages/{message_id} — edit a message';
const facts = (section: string) => `server-messages-channels.md: ${section}`;

export const UPLOAD_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('uploads.upload.one-file', UPLOAD_SECTION, 'a multipart form with a single file is accepted', UPLOAD),
  spec('uploads.upload.response', UPLOAD_SECTION, 'the answer has url, uri (the same URL, deprecated) and filename', UPLOAD),
  spec('uploads.upload.private-until-linked', UPLOAD_SECTION, 'only the uploader can read the file until a message containing its link is sent', UPLOAD),
  spec('uploads.upload.size-limit', 'Limits', 'a file larger than max_file_upload_size_mib is refused', UPLOAD),
  spec('uploads.record.url', RECORD, 'a file’s URL is {server_url}/user_uploads/<path_id>', UPLOAD),
  spec('uploads.detached.listed', EDIT_SECTION, 'detached_uploads lists the editor’s files whose only references the edit removed', EDIT),
  spec(
    'uploads.detached.record',
    `${EDIT_SECTION}; ${RECORD}`,
    'each detached upload has id, name, path_id, size, create_time (seconds) and message_ids',
    EDIT,
  ),

  // ------------------------------------------------------------------ POST /user_uploads
  compat('uploads.upload.no-file', facts('§12.1'), 'a form without a file fails with "You must specify a file to upload"', UPLOAD),
  compat('uploads.upload.several-files', facts('§12.1'), 'files under two field names fail with "You may only upload one file at a time"', UPLOAD),
  compat(
    'uploads.upload.too-large-message',
    facts('§12.1'),
    'a file over the limit fails with "File is larger than this server\'s configured maximum upload size (N MiB)."',
    UPLOAD,
  ),
  compat(
    'uploads.upload.path',
    facts('§12.1'),
    'the URL is /user_uploads/<realm_id>/<hex>/<24-character token>/<sanitised name>; filename is the name as sent',
    UPLOAD,
  ),

  // ------------------------------------------------------------------ who may read
  compat(
    'uploads.access.public-channel',
    facts('§12.2'),
    'once a public channel’s message links the file, every non-guest may read it, a guest only through a channel of theirs',
    UPLOAD,
  ),
  compat('uploads.access.private-channel', facts('§12.2'), 'a private channel’s file is readable by its subscribers, not by other users', UPLOAD),
  compat('uploads.access.direct', facts('§12.2'), 'a direct message’s file is readable by its recipients only', UPLOAD),
  compat('uploads.access.claim-needs-access', facts('§12.2'), 'a message by someone who may not read the file does not share it', UPLOAD),
  compat(
    'uploads.access.rule',
    facts('§12.2'),
    'over any sequence of uploads, sends, moves and subscription changes, who may read a file follows the real server’s rule',
    UPLOAD,
  ),
  compat('uploads.access.deleted-message', facts('§12.2'), 'deleting the only linking message keeps the file, readable by its uploader only', UPLOAD),

  // ------------------------------------------------------------------ downloads
  compat(
    'uploads.download.bytes',
    facts('§12.3'),
    'the file path serves the uploaded bytes, with their type, length and an inline (images) or attachment disposition',
    UPLOAD,
  ),
  compat('uploads.download.content-type', facts('§12.3'), 'a download declares the Content-Type the file was uploaded with, not JSON', UPLOAD),
  compat('uploads.download.html-errors', facts('§12.3'), 'a missing file answers 404 and a forbidden one 403, both as HTML pages', UPLOAD),
  compat(
    'uploads.temporary.url',
    facts('§12.3'),
    'GET /api/v1/user_uploads/<path> answers a /user_uploads/temporary/<token>/<name> link that works without authentication',
    TEMPORARY,
  ),
  compat('uploads.temporary.forbidden', facts('§12.3'), 'a caller who may not read the file gets the HTML 403 there too', TEMPORARY),

  // ------------------------------------------------------------------ GET and DELETE /attachments
  compat('attachments.list.own', facts('§12.4'), 'GET /attachments lists the caller’s uploads only, with upload_space_used', LIST),
  compat(
    'attachments.list.shape',
    facts('§12.4'),
    'each is {id, name, path_id, size, create_time (ms), message_ids} (below FL 472 messages: [{id, date_sent (ms)}] instead)',
    LIST,
  ),
  compat('attachments.remove.owner-only', facts('§12.4'), 'only the owner may delete a file; anyone else gets "Invalid attachment"', REMOVE),
  compat('attachments.remove.gone', facts('§12.4'), 'a deleted file is no longer listed or served', REMOVE),
];
