/**
 * Who may read an uploaded file (the real server's validate_attachment_request,
 * reference server-messages-channels §12.2), and the lookups the upload
 * endpoints share. A missing file and one the caller may not read are told
 * apart on these paths (404 against 403), as the real server does.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Attachment, Channel, Message, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { CONTENT_ACCESS_GROUP_SETTINGS, isInChannelGroup, isSubscribed } from './channels.js';
import { selectUserMessageFlags } from './messages.js';
import { isGuest } from './roles.js';

/** The real server's SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS: how long a temporary upload link works. */
export const TEMPORARY_UPLOAD_LINK_SECONDS = 60;

/** Types the real server lets a browser show in place (zerver/lib/mime_types.py INLINE_MIME_TYPES); others download. */
export const INLINE_MIME_TYPES: ReadonlySet<string> = new Set([
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'application/pdf',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/webm',
]);

export function selectAttachment(state: State, attachmentId: number): Attachment | undefined {
  return getRow(state.uploads.attachments, attachmentId);
}

export function selectAttachmentByPath(state: State, pathId: string): Attachment | undefined {
  const id = getRow(state.uploads.attachmentIdByPath, pathId);
  return id === undefined ? undefined : getRow(state.uploads.attachments, id);
}

function referencingMessages(state: State, attachment: Attachment): Message[] {
  const messages: Message[] = [];
  for (const id of attachment.messageIds) {
    const message = getRow(state.messages, id);
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

function referencingChannels(state: State, messages: readonly Message[]): Channel[] {
  const ids = new Set<number>();
  for (const message of messages) if (message.channelId !== null) ids.add(message.channelId);
  return [...ids].map((id) => getRow(state.channels, id)).filter((channel): channel is Channel => channel !== undefined);
}

/**
 * Whether a user may read the file, in the real server's order: the
 * uploader always; a non-guest once a public channel's message links it;
 * whoever received a linking direct message; whoever received a linking
 * channel message and is still subscribed; a subscriber of a linking
 * channel with shared history; a member of a linking channel's content
 * groups (shared history, or a message they once received). Cost: the
 * file's linking messages.
 */
export function canReadAttachment(state: State, user: User, attachment: Attachment, now: number): boolean {
  if (user.id === attachment.ownerId) return true;
  const messages = referencingMessages(state, attachment);
  const channels = referencingChannels(state, messages);
  if (!isGuest(user) && channels.some((channel) => !channel.inviteOnly)) return true;

  const receivedChannelIds = new Set<number>();
  for (const message of messages) {
    if (selectUserMessageFlags(state, user.id, message.id) === undefined) continue;
    if (message.channelId === null) return true;
    receivedChannelIds.add(message.channelId);
  }
  const subscribed = channels.filter((channel) => isSubscribed(state, user.id, channel.id));
  if (subscribed.some((channel) => receivedChannelIds.has(channel.id))) return true;
  if (subscribed.some((channel) => channel.historyPublicToSubscribers)) return true;
  return channels.some(
    (channel) =>
      CONTENT_ACCESS_GROUP_SETTINGS.some((setting) => isInChannelGroup(state, user, channel, setting, now)) &&
      (channel.historyPublicToSubscribers || receivedChannelIds.has(channel.id)),
  );
}

/** Whether a logged-out visitor may read the file: a message in a web-public channel links it. */
export function canSpectatorReadAttachment(state: State, attachment: Attachment): boolean {
  return referencingChannels(state, referencingMessages(state, attachment)).some((channel) => channel.isWebPublic && !channel.inviteOnly);
}

/** The file at a path if the user (null: a spectator) may read it; else the real server's HTML 404 or 403. */
export function accessAttachmentByPath(state: State, user: User | null, pathId: string, now: number): Checked<Attachment> {
  const attachment = selectAttachmentByPath(state, pathId);
  if (attachment === undefined) return reject(Errors.uploadNotFound());
  const allowed = user === null ? canSpectatorReadAttachment(state, attachment) : canReadAttachment(state, user, attachment, now);
  return allowed ? accept(attachment) : reject(Errors.uploadForbidden());
}

/** The caller's own attachment by id; another user's and a missing one both answer "Invalid attachment". */
export function accessOwnAttachment(state: State, user: User, attachmentId: number): Checked<Attachment> {
  const attachment = selectAttachment(state, attachmentId);
  return attachment !== undefined && attachment.ownerId === user.id ? accept(attachment) : reject(Errors.invalidAttachment());
}

/** Whether a file of `size` bytes may be uploaded (the server's limit; the realm sets no quota, as realm_upload_quota_mib is null). */
export function checkUploadSize(state: State, size: number): Checked<true> {
  const maxMib = state.server.maxFileUploadSizeMib;
  return size > maxMib * 1024 * 1024 ? reject(Errors.fileTooLarge(maxMib)) : accept(true);
}

/** Whether a stored content type is shown in place rather than downloaded (compared as stored, parameters included, as the real server does). */
export function isServedInline(contentType: string): boolean {
  return INLINE_MIME_TYPES.has(contentType);
}
