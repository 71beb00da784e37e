import { z } from 'zod';
import { addRealmEmoji } from '../../actions/realm-emoji.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeedWithContent } from '../../outcome.js';
import type { UploadedFile } from '../../request.js';
import {
  canAddCustomEmoji,
  canOverrideDefaultEmoji,
  checkEmojiFileSize,
  checkEmojiName,
  drawEmojiFileName,
  emojiImageExtension,
  isDefaultEmojiName,
  normalizeEmojiName,
  selectActiveRealmEmoji,
} from '../../rules/realm-emoji.js';
import { uploadContentType } from '../../uploads/names.js';

/** The form's files as Django counts them: one per field name (the last wins), parts without a file name left out. */
function filesByField(files: readonly UploadedFile[]): UploadedFile[] {
  const byField = new Map<string, UploadedFile>();
  for (const file of files) if (file.fileName !== '') byField.set(file.fieldName, file);
  return [...byField.values()];
}

/**
 * POST /realm/emoji/{emoji_name} (the real server's upload_emoji): one image
 * file in a multipart form. The checks run in the real server's order: the
 * name, the permission, a clash with an active emoji, the file count, a
 * standard emoji's name, the size, the image type. Images are taken as sent:
 * chatref neither decodes nor resizes them (so none is found animated).
 */
export const uploadCustomEmoji = defineEndpoint({
  operation: 'upload-custom-emoji',
  method: 'POST',
  path: '/realm/emoji/{emoji_name}',
  pathParams: { emoji_name: 'path' },
  auth: 'basic',
  requiresMember: true,
  allowBots: false,
  params: z.object({}),
  reduce(state, { actor, path, files, now, entropy }) {
    const named = checkEmojiName(normalizeEmojiName(path.emoji_name));
    if (!named.ok) return fail(named.error);
    const name = named.value;
    if (!canAddCustomEmoji(state, actor, now)) return fail(Errors.insufficientPermission());
    if (selectActiveRealmEmoji(state, name) !== undefined) return fail(Errors.customEmojiExists());
    const uploaded = filesByField(files);
    if (uploaded.length !== 1) return fail(Errors.oneEmojiFile());
    const file = uploaded[0]!;
    if (isDefaultEmojiName(name) && !canOverrideDefaultEmoji(actor)) return fail(Errors.defaultEmojiOverrideAdminOnly());
    const size = checkEmojiFileSize(file.size);
    if (!size.ok) return fail(size.error);
    const contentType = uploadContentType(file.contentType, file.fileName);
    const extension = emojiImageExtension(contentType);
    if (extension === undefined) return fail(Errors.invalidImageFormat());
    const fileName = drawEmojiFileName(state, extension, entropy);
    const written = commit(state, now, (tx) => {
      addRealmEmoji(tx, actor, { name, fileName, contentType, contentKey: file.contentKey, size: file.size });
    });
    return succeedWithContent(written, {}, { kept: [file.contentKey], dropped: [] });
  },
});
