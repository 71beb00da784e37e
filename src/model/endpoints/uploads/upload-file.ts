import { z } from 'zod';
import { createAttachment } from '../../actions/attachments.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeedWithContent } from '../../outcome.js';
import type { UploadedFile } from '../../request.js';
import { checkUploadSize } from '../../rules/uploads.js';
import { drawUploadPath, unquoteUploadName, uploadContentType } from '../../uploads/names.js';

/**
 * The file the real server takes: its form counts files by field name (a
 * repeated field keeps its last file), and a part with an empty file name is
 * no file at all.
 */
function selectUpload(files: readonly UploadedFile[]): UploadedFile | 'none' | 'several' {
  const byField = new Map<string, UploadedFile>();
  for (const file of files) if (file.fileName !== '') byField.set(file.fieldName, file);
  if (byField.size === 0) return 'none';
  return byField.size > 1 ? 'several' : [...byField.values()][0]!;
}

/** POST /user_uploads (reference server-messages-channels §12.1): one file, stored under a fresh path, private to its uploader until a message links it. */
export const uploadFile = defineEndpoint({
  operation: 'upload-file',
  method: 'POST',
  path: '/user_uploads',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, files, now, entropy }) {
    const file = selectUpload(files);
    if (file === 'none') return fail(Errors.noFileToUpload());
    if (file === 'several') return fail(Errors.oneFileAtATime());
    const size = checkUploadSize(state, file.size);
    if (!size.ok) return fail(size.error);
    const fileName = unquoteUploadName(file.fileName);
    const pathId = drawUploadPath(state.realm.id, fileName, entropy);
    const upload = { fileName, pathId, contentType: uploadContentType(file.contentType, fileName), contentKey: file.contentKey, size: file.size };
    const written = commit(state, now, (tx) => {
      createAttachment(tx, actor, upload);
    });
    const url = `/user_uploads/${pathId}`;
    // `uri` is the deprecated alias the real server still sends.
    return succeedWithContent(written, { uri: url, url, filename: fileName }, { kept: [file.contentKey], dropped: [] });
  },
});
