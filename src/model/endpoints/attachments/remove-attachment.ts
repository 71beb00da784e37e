import { z } from 'zod';
import { removeAttachment } from '../../actions/attachments.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeedWithContent } from '../../outcome.js';
import { accessOwnAttachment } from '../../rules/uploads.js';

/** DELETE /attachments/{attachment_id}: the owner deletes the file; anyone else's attempt is "Invalid attachment", as for a missing one. */
export const removeAttachmentEndpoint = defineEndpoint({
  operation: 'remove-attachment',
  method: 'DELETE',
  path: '/attachments/{attachment_id}',
  pathParams: { attachment_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const access = accessOwnAttachment(state, actor, path.attachment_id);
    if (!access.ok) return fail(access.error);
    const attachment = access.value;
    const written = commit(state, now, (tx) => removeAttachment(tx, attachment));
    return succeedWithContent(written, {}, { kept: [], dropped: [attachment.contentKey] });
  },
});
