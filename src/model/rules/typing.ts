/**
 * Typing notifications (reference server-messages-channels §9, server-events
 * §5.2): who may send them, where, and who hears of them. They change no
 * state; only events go out.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, Message, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { canAccessChannelContent, selectChannel } from './channels.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';
import { checkCanSendToChannel } from './message-sending.js';
import { selectUser } from './users.js';

/** Channels with more active subscribers than this get no typing notifications at all. */
export const MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS = 100;

export type TypingOp = 'start' | 'stop';

/** The sender's own setting for this kind of conversation; off is an error, not silence. */
export function checkCanSendTypingNotifications(user: User, kind: 'channel' | 'direct'): Checked<true> {
  const allowed = kind === 'channel' ? user.settings.send_stream_typing_notifications : user.settings.send_private_typing_notifications;
  return allowed ? accept(true) : reject(Errors.typingNotificationsDisabled(kind));
}

/** Whether a typing notification reaches the user at all. */
export function receivesTypingNotifications(user: User): boolean {
  return user.isActive && user.settings.receives_typing_notifications;
}

/** A user of the realm by id, deactivated users and the system bots included. */
function selectUserIncludingSystemBots(state: State, userId: number): User | undefined {
  const bot = state.systemBots.notificationBot;
  return selectUser(state, userId) ?? (bot.id === userId ? bot : undefined);
}

/**
 * The conversation a direct typing notification names: the listed users in
 * their order, then the sender if not listed. Any unknown id refuses the
 * whole list.
 */
export function resolveTypingRecipients(state: State, sender: User, userIds: readonly number[]): Checked<readonly User[]> {
  const ids = userIds.includes(sender.id) ? userIds : [...userIds, sender.id];
  const users: User[] = [];
  for (const id of ids) {
    const user = selectUserIncludingSystemBots(state, id);
    if (user === undefined) return reject(Errors.invalidRecipientId(id));
    users.push(user);
  }
  return accept(users);
}

/**
 * The channel a channel typing notification is about: one the sender can
 * read and post in. A missing, archived or unreadable channel looks alike.
 */
export function accessChannelForTyping(state: State, sender: User, channelId: number, now: number): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, sender, channel, now)) return reject(Errors.invalidChannelId());
  const allowed = checkCanSendToChannel(state, sender, channel, now);
  return allowed.ok ? accept(channel) : allowed;
}

/** Trimmed; `(no topic)` and the empty topic's display name are the empty topic. */
export function normalizeTypingTopic(topic: string): string {
  const trimmed = topic.trim();
  return trimmed === '(no topic)' || trimmed === EMPTY_TOPIC_DISPLAY_NAME ? '' : trimmed;
}

/**
 * Who hears typing in a channel: its active subscribers who receive typing
 * notifications, or nobody when it has more than 100 active subscribers
 * (the count read first, so a large channel costs nothing).
 */
export function selectChannelTypingAudienceIds(state: State, channel: Channel): number[] {
  if (channel.subscriberCount > MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS) return [];
  const subscribers = getRow(state.subscriberIdsByChannel, channel.id);
  if (subscribers === undefined) return [];
  const ids: number[] = [];
  for (const userId of rows(subscribers)) {
    const user = getRow(state.users, userId);
    if (user !== undefined && receivesTypingNotifications(user)) ids.push(userId);
  }
  return ids;
}

/**
 * The participants of the direct message someone is editing, as the real
 * server lists them: editor and partner for a one-to-one conversation (the
 * editor twice when writing to oneself), every participant for a group.
 */
export function selectEditedConversationUsers(state: State, editor: User, message: Message): User[] {
  const { directUserIds } = message;
  const ids = directUserIds.length <= 2 ? [editor.id, directUserIds.find((id) => id !== editor.id) ?? editor.id] : directUserIds;
  return ids.map((id) => selectUserIncludingSystemBots(state, id)).filter((user): user is User => user !== undefined);
}
