/**
 * Writing uploads (the real server's create_attachment, do_claim_attachments,
 * check_attachment_reference_change, remove_attachment; reference
 * server-messages-channels §12, server-events `attachment`): the record and
 * its indexes, the messages that claim it, and the `attachment` events to its
 * owner with the realm's upload_space_used.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentAttachment, presentDetachedUpload } from '../present/attachments.js';
import { selectMessageActionAudienceIds } from '../rules/message-deletion.js';
import { canReadAttachment, selectAttachmentByPath, TEMPORARY_UPLOAD_LINK_SECONDS } from '../rules/uploads.js';
import type { Attachment, Message, State, Uploads, User } from '../state.js';
import { emptyIdTree, idTreeWith, idTreeWithout } from '../tables/id-tree.js';
import { getRow, withoutRow, withRow } from '../tables/table.js';
import { selectUploadPathIds } from '../uploads/links.js';

export interface NewUpload {
  readonly fileName: string;
  readonly pathId: string;
  readonly contentType: string;
  readonly contentKey: string;
  readonly size: number;
}

type WritableUploads = { -readonly [K in keyof Uploads]: Uploads[K] };

/** The draft's uploads, its tables assignable (Tables are opaque to immer: a write assigns a new one). */
function uploadsOf(tx: Tx): WritableUploads {
  return tx.draft.uploads as unknown as WritableUploads;
}

function notify(tx: Tx, op: 'add' | 'update', attachment: Attachment, userId: number): void {
  const current = tx.draft as unknown as State;
  tx.emit(
    { type: 'attachment', op, attachment: presentAttachment(current, attachment), upload_space_used: current.uploads.spaceUsed },
    Audiences.users([userId]),
  );
}

function putAttachment(tx: Tx, attachment: Attachment): void {
  const uploads = uploadsOf(tx);
  uploads.attachments = withRow(uploads.attachments, attachment.id, Object.freeze(attachment));
}

/** Records a new upload, owned by `owner`, and tells them. */
export function createAttachment(tx: Tx, owner: User, upload: NewUpload): Attachment {
  const id = tx.draft.counters.nextAttachmentId;
  tx.draft.counters.nextAttachmentId = id + 1;
  const attachment: Attachment = { id, ...upload, ownerId: owner.id, createTime: tx.now, messageIds: [] };
  putAttachment(tx, attachment);
  const uploads = uploadsOf(tx);
  uploads.attachmentIdByPath = withRow(uploads.attachmentIdByPath, attachment.pathId, id);
  uploads.attachmentIdsByOwner = withRow(
    uploads.attachmentIdsByOwner,
    owner.id,
    idTreeWith(getRow(uploads.attachmentIdsByOwner, owner.id) ?? emptyIdTree(), id),
  );
  uploads.spaceUsed += attachment.size;
  notify(tx, 'add', attachment, owner.id);
  return attachment;
}

/**
 * The uploads a message's rendered content links to that its sender may
 * read (the others stay unclaimed links, with no error): read before the
 * message is written, so its has_attachment can be set at once.
 */
export function selectClaimableAttachments(state: State, sender: User, html: string, now: number): Attachment[] {
  // The server's own bots (Notification Bot) belong to no realm, so the real server's rule never lets them claim a file.
  if (getRow(state.users, sender.id) === undefined) return [];
  return claimableByPath(state, sender, selectUploadPathIds(html, state.realm.host), now);
}

function claimableByPath(state: State, sender: User, pathIds: readonly string[], now: number): Attachment[] {
  const claimable: Attachment[] = [];
  for (const pathId of pathIds) {
    const attachment = selectAttachmentByPath(state, pathId);
    if (attachment !== undefined && canReadAttachment(state, sender, attachment, now)) claimable.push(attachment);
  }
  return claimable;
}

function setMessageAttachmentIds(tx: Tx, messageId: number, ids: readonly number[]): void {
  const uploads = uploadsOf(tx);
  uploads.attachmentIdsByMessage =
    ids.length === 0 ? withoutRow(uploads.attachmentIdsByMessage, messageId) : withRow(uploads.attachmentIdsByMessage, messageId, Object.freeze([...ids]));
}

/** Links the message to each attachment, telling the sender of each (the real server tells the sender, not the owner). */
export function claimAttachments(tx: Tx, message: Message, attachments: readonly Attachment[]): void {
  if (attachments.length === 0) return;
  const current = tx.draft as unknown as State;
  const ids = new Set(getRow(current.uploads.attachmentIdsByMessage, message.id) ?? []);
  for (const attachment of attachments) {
    const latest = getRow(current.uploads.attachments, attachment.id) ?? attachment;
    if (latest.messageIds.includes(message.id)) continue;
    const claimed: Attachment = { ...latest, messageIds: [...latest.messageIds, message.id].sort((a, b) => a - b) };
    putAttachment(tx, claimed);
    ids.add(attachment.id);
    notify(tx, 'update', claimed, message.senderId);
  }
  setMessageAttachmentIds(
    tx,
    message.id,
    [...ids].sort((a, b) => a - b),
  );
}

function withoutMessage(tx: Tx, attachmentId: number, messageId: number): Attachment | undefined {
  const current = tx.draft as unknown as State;
  const attachment = getRow(current.uploads.attachments, attachmentId);
  if (attachment === undefined) return undefined;
  const detached: Attachment = { ...attachment, messageIds: attachment.messageIds.filter((id) => id !== messageId) };
  putAttachment(tx, detached);
  return detached;
}

export interface ClaimChange {
  /** Whether the message links an attachment after the edit. */
  readonly hasAttachment: boolean;
  /** The sender's uploads no message links any more, in the spec's Attachment shape. */
  readonly detachedUploads: readonly Record<string, unknown>[];
}

/**
 * After a content edit: links the edit removed are detached (without an
 * event, as on the real server), new ones are claimed when the sender may
 * read them. Reports the sender's uploads now linked by no message.
 */
export function changeAttachmentClaims(tx: Tx, message: Message, html: string): ClaimChange {
  const current = tx.draft as unknown as State;
  const before = getRow(current.uploads.attachmentIdsByMessage, message.id) ?? [];
  const previous = new Map<string, number>();
  for (const id of before) {
    const attachment = getRow(current.uploads.attachments, id);
    if (attachment !== undefined) previous.set(attachment.pathId, id);
  }
  const linked = selectUploadPathIds(html, current.realm.host);
  const same = linked.length === previous.size && linked.every((pathId) => previous.has(pathId));
  if (same) return { hasAttachment: previous.size > 0, detachedUploads: [] };

  const kept: number[] = [];
  const detachedUploads: Record<string, unknown>[] = [];
  for (const [pathId, id] of previous) {
    if (linked.includes(pathId)) {
      kept.push(id);
      continue;
    }
    const detached = withoutMessage(tx, id, message.id);
    if (detached !== undefined && detached.messageIds.length === 0 && detached.ownerId === message.senderId)
      detachedUploads.push(presentDetachedUpload(detached));
  }
  setMessageAttachmentIds(tx, message.id, kept);
  const sender = getRow(current.users, message.senderId);
  const fresh = linked.filter((pathId) => !previous.has(pathId));
  const claimable = sender === undefined ? [] : claimableByPath(current, sender, fresh, tx.now);
  claimAttachments(tx, message, claimable);
  return { hasAttachment: kept.length + claimable.length > 0, detachedUploads };
}

/** Deleted messages no longer claim their attachments; the files stay (the real server archives the link, not the file). */
export function detachDeletedMessages(tx: Tx, messages: readonly Message[]): void {
  const current = tx.draft as unknown as State;
  for (const message of messages) {
    const ids = getRow(current.uploads.attachmentIdsByMessage, message.id);
    if (ids === undefined) continue;
    for (const id of ids) withoutMessage(tx, id, message.id);
    setMessageAttachmentIds(tx, message.id, []);
  }
}

/**
 * Deletes the record (its bytes are the store's to drop) and tells the owner
 * and whoever may see a message that linked it, with those message ids.
 */
export function removeAttachment(tx: Tx, attachment: Attachment): void {
  const current = tx.draft as unknown as State;
  const audience = new Set<number>([attachment.ownerId]);
  for (const messageId of attachment.messageIds) {
    const message = getRow(current.messages, messageId);
    if (message !== undefined) for (const userId of selectMessageActionAudienceIds(current, message)) audience.add(userId);
    const ids = getRow(current.uploads.attachmentIdsByMessage, messageId) ?? [];
    setMessageAttachmentIds(
      tx,
      messageId,
      ids.filter((id) => id !== attachment.id),
    );
  }
  const uploads = uploadsOf(tx);
  uploads.attachments = withoutRow(uploads.attachments, attachment.id);
  uploads.attachmentIdByPath = withoutRow(uploads.attachmentIdByPath, attachment.pathId);
  const owned = getRow(uploads.attachmentIdsByOwner, attachment.ownerId);
  if (owned !== undefined) {
    const rest = idTreeWithout(owned, attachment.id);
    uploads.attachmentIdsByOwner =
      rest.size === 0 ? withoutRow(uploads.attachmentIdsByOwner, attachment.ownerId) : withRow(uploads.attachmentIdsByOwner, attachment.ownerId, rest);
  }
  uploads.spaceUsed -= attachment.size;
  tx.emit(
    { type: 'attachment', op: 'remove', attachment: { id: attachment.id, message_ids: [...attachment.messageIds] }, upload_space_used: uploads.spaceUsed },
    Audiences.users(audience),
  );
}

/** How many expired links one new link sweeps away, so that the table stays as small as the links in use. */
const SWEEP_PER_ISSUE = 2;

/** Records a temporary link to the file, valid for the real server's 60 seconds, and forgets a few expired ones. */
export function issueTemporaryToken(tx: Tx, token: string, pathId: string): void {
  const uploads = uploadsOf(tx);
  const number = uploads.nextTokenNumber;
  uploads.temporaryTokens = withRow(uploads.temporaryTokens, token, Object.freeze({ pathId, expiresAt: tx.now + TEMPORARY_UPLOAD_LINK_SECONDS }));
  uploads.temporaryTokenOrder = withRow(uploads.temporaryTokenOrder, number, token);
  uploads.nextTokenNumber = number + 1;
  for (let swept = 0; swept < SWEEP_PER_ISSUE && uploads.oldestTokenNumber < number; swept++) {
    const oldest = uploads.oldestTokenNumber;
    const oldToken = getRow(uploads.temporaryTokenOrder, oldest);
    const entry = oldToken === undefined ? undefined : getRow(uploads.temporaryTokens, oldToken);
    if (entry !== undefined && entry.expiresAt >= tx.now) break;
    if (oldToken !== undefined) uploads.temporaryTokens = withoutRow(uploads.temporaryTokens, oldToken);
    uploads.temporaryTokenOrder = withoutRow(uploads.temporaryTokenOrder, oldest);
    uploads.oldestTokenNumber = oldest + 1;
  }
}
