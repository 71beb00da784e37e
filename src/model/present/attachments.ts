/**
 * Attachments in their two API shapes: the real server's (GET /attachments
 * and the attachment events: milliseconds, and `message_ids`, or below
 * FL 472 `messages` [{id, date_sent}]) and the spec's Attachment record
 * (detached_uploads: seconds and `message_ids`).
 */
import { listsAttachmentMessageIds } from '../rules/feature-levels.js';
import type { Attachment, State } from '../state.js';
import { getRow } from '../tables/table.js';

export function presentAttachment(state: State, attachment: Attachment): Record<string, unknown> {
  return {
    id: attachment.id,
    name: attachment.fileName,
    path_id: attachment.pathId,
    size: attachment.size,
    create_time: attachment.createTime * 1000,
    ...(listsAttachmentMessageIds(state)
      ? { message_ids: [...attachment.messageIds] }
      : { messages: attachment.messageIds.map((id) => ({ id, date_sent: (getRow(state.messages, id)?.dateSent ?? 0) * 1000 })) }),
  };
}

/** The spec's Attachment record (Resources: Attachment, detached upload). */
export function presentDetachedUpload(attachment: Attachment): Record<string, unknown> {
  return {
    id: attachment.id,
    name: attachment.fileName,
    path_id: attachment.pathId,
    size: attachment.size,
    create_time: attachment.createTime,
    message_ids: [...attachment.messageIds],
  };
}
