/** The message object of GET /messages and of `message` events (reference server-messages-channels §3.2, server-events §5.1). */

import { topicLinks } from '../markdown/zulip/topic-links.js';
import { flagNames } from '../rules/message-flags.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../rules/message-rendering.js';
import { apiEmail } from '../rules/users.js';
import type { Message, MessageEdit, MessageEditHistoryVisibilityPolicy, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { avatarUrl } from './avatar.js';

export interface MessageViewOptions {
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly allowEmptyTopicName: boolean;
}

export const DEFAULT_MESSAGE_VIEW: MessageViewOptions = { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: false };

/** A sender as messages show them: a realm user or a system bot. */
export function selectSender(state: State, message: Message): User {
  return getRow(state.users, message.senderId) ?? state.systemBots.notificationBot;
}

/** The realm's string id (its subdomain), as sender_realm_str. */
export function realmStringId(state: State): string {
  return state.realm.stringId;
}

/** Whether clients may compute the sender's avatar themselves (a Gravatar of an address visible to everyone). */
export function isGravatarSender(sender: User): boolean {
  return sender.avatarSource !== 'U' && sender.emailAddressVisibility === 1;
}

function displayRecipient(state: State, message: Message): unknown {
  if (message.channelId !== null) return getRow(state.channels, message.channelId)?.name ?? '';
  return message.directUserIds.map((id) => {
    const user = getRow(state.users, id) ?? state.systemBots.notificationBot;
    return { id: user.id, email: apiEmail(state, user), full_name: user.fullName, is_mirror_dummy: false };
  });
}

export function displayTopic(topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic;
}

/** The real server's Markdown processor version, stored with each content edit. */
const RENDERED_CONTENT_VERSION = 1;

/**
 * An edit history entry as stored. Under the `moves` policy content edits
 * are hidden: an entry that also renamed the topic keeps only that, any
 * other content edit is left out (the real server's visible_edit_history_for_message).
 */
function presentEdit(edit: MessageEdit, policy: MessageEditHistoryVisibilityPolicy): Record<string, unknown> | undefined {
  const entry: Record<string, unknown> = { user_id: edit.userId, timestamp: edit.timestamp };
  if (edit.prevContent !== undefined) {
    if (policy !== 'all' && edit.prevTopic === undefined) return undefined;
    if (policy === 'all') {
      entry['prev_content'] = edit.prevContent;
      entry['prev_rendered_content'] = edit.prevRenderedContent ?? null;
      entry['prev_rendered_content_version'] = RENDERED_CONTENT_VERSION;
    }
  }
  if (edit.prevChannelId !== undefined) entry['prev_stream'] = edit.prevChannelId;
  if (edit.channelId !== undefined) entry['stream'] = edit.channelId;
  if (edit.prevTopic !== undefined) entry['prev_topic'] = edit.prevTopic;
  if (edit.topic !== undefined) entry['topic'] = edit.topic;
  return entry;
}

function presentEditHistory(state: State, message: Message): Record<string, unknown>[] | undefined {
  const policy = state.realm.settings.messageEditHistoryVisibilityPolicy;
  if (message.editHistory.length === 0 || policy === 'none') return undefined;
  return message.editHistory.map((edit) => presentEdit(edit, policy)).filter((entry) => entry !== undefined);
}

/** The fields every reader sees alike; `flags` and search matches are added by the caller. */
export function presentMessage(state: State, message: Message, options: MessageViewOptions): Record<string, unknown> {
  const sender = selectSender(state, message);
  const dict: Record<string, unknown> = {
    id: message.id,
    sender_id: sender.id,
    sender_full_name: sender.fullName,
    sender_email: apiEmail(state, sender),
    sender_realm_str: realmStringId(state),
    timestamp: message.dateSent,
    client: message.client,
    avatar_url: avatarUrl(sender, { clientGravatar: options.clientGravatar, viewerSeesEmail: isGravatarSender(sender) }),
    content: options.applyMarkdown ? message.renderedContent : message.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    is_me_message: message.isMeMessage,
    reactions: message.reactions.map((reaction) => ({
      emoji_name: reaction.emojiName,
      emoji_code: reaction.emojiCode,
      reaction_type: reaction.reactionType,
      user_id: reaction.userId,
    })),
    submessages: [],
    recipient_id: message.recipientId,
    type: message.channelId === null ? 'private' : 'stream',
    display_recipient: displayRecipient(state, message),
    subject: message.channelId === null ? '' : displayTopic(message.topic, options.allowEmptyTopicName),
    topic_links: message.channelId === null ? [] : topicLinks(message.topic, state.linkifiers),
  };
  if (message.channelId !== null) dict['stream_id'] = message.channelId;
  const editHistory = presentEditHistory(state, message);
  if (editHistory !== undefined) dict['edit_history'] = editHistory;
  if (message.lastEditTimestamp !== null) dict['last_edit_timestamp'] = message.lastEditTimestamp;
  if (message.lastMovedTimestamp !== null) dict['last_moved_timestamp'] = message.lastMovedTimestamp;
  return dict;
}

export function presentMessageWithFlags(state: State, message: Message, flags: number, options: MessageViewOptions): Record<string, unknown> {
  return { ...presentMessage(state, message, options), flags: flagNames(flags) };
}
