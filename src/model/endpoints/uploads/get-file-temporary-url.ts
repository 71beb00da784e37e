import { z } from 'zod';
import { issueTemporaryToken } from '../../actions/attachments.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessAttachmentByPath } from '../../rules/uploads.js';
import { drawTemporaryToken } from '../../uploads/names.js';

/**
 * GET /user_uploads/{realm_id}/{filename}: a link to a file the caller may
 * read that works for 60 seconds without authentication. Refusals are the
 * real server's HTML 404 and 403 pages (reference server-messages-channels §12.3).
 */
export const getFileTemporaryUrl = defineEndpoint({
  operation: 'get-file-temporary-url',
  method: 'GET',
  path: '/user_uploads/{realm_id}/{filename}',
  pathParams: { realm_id: 'string', filename: 'path' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now, entropy }) {
    const access = accessAttachmentByPath(state, actor, `${path.realm_id}/${path.filename}`, now);
    if (!access.ok) return fail(access.error);
    const { pathId } = access.value;
    const token = drawTemporaryToken(entropy);
    const written = commit(state, now, (tx) => issueTemporaryToken(tx, token, pathId));
    const name = pathId.slice(pathId.lastIndexOf('/') + 1);
    return succeed(written, { url: `/user_uploads/temporary/${token}/${encodeURIComponent(name)}` });
  },
});
