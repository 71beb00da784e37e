/** Who may delete a message (the real server's validate_can_delete_message), and who hears of a deletion. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Message, State, User } from '../state.js';
import { selectPossibleRowHolderIds } from '../tables/messages.js';
import { getRow, rows } from '../tables/table.js';
import { isInChannelGroup } from './channels.js';
import { selectUserMessageFlags } from './messages.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isGuest } from './roles.js';

function channelOf(state: State, message: Message) {
  return message.channelId === null ? undefined : getRow(state.channels, message.channelId);
}

/** can_delete_any_message_group of the organization or of the message's channel. */
export function canDeleteAnyMessage(state: State, user: User, message: Message, now: number): boolean {
  if (hasRealmPermission(state, user, 'can_delete_any_message_group', now)) return true;
  const channel = channelOf(state, message);
  return channel !== undefined && isInChannelGroup(state, user, channel, 'can_delete_any_message_group', now);
}

/** can_delete_own_message_group of the organization or of the message's channel. */
export function canDeleteOwnMessages(state: State, user: User, message: Message, now: number): boolean {
  if (hasRealmPermission(state, user, 'can_delete_own_message_group', now)) return true;
  const channel = channelOf(state, message);
  return channel !== undefined && isInChannelGroup(state, user, channel, 'can_delete_own_message_group', now);
}

/** Own messages (or one's bots') within message_content_delete_limit_seconds; any message with the "any" permission. */
export function checkCanDeleteMessage(state: State, user: User, message: Message, now: number): Checked<true> {
  if (canDeleteAnyMessage(state, user, message, now)) return accept(true);
  const sender = getRow(state.users, message.senderId);
  if (message.senderId !== user.id && sender?.botOwnerId !== user.id) return reject(Errors.cannotDeleteMessage());
  if (!canDeleteOwnMessages(state, user, message, now)) return reject(Errors.cannotDeleteMessage());
  const limit = state.realm.settings.messageContentDeleteLimitSeconds;
  if (limit !== null && now - message.dateSent > limit) return reject(Errors.deleteTimeLimitPassed());
  return accept(true);
}

/**
 * Who hears of an action on a message (delete, reaction): row holders of a
 * direct message or a protected-history channel; current subscribers of a
 * private channel; for a public channel its subscribers and non-guests holding a row.
 */
export function selectMessageActionAudienceIds(state: State, message: Message): number[] {
  const ids = new Set<number>();
  const holdsRow = (userId: number) => selectUserMessageFlags(state, userId, message.id) !== undefined;
  const active = (userId: number) => getRow(state.users, userId)?.isActive === true;
  if (message.channelId === null) {
    for (const userId of message.directUserIds) if (active(userId) && holdsRow(userId)) ids.add(userId);
    return [...ids].sort((a, b) => a - b);
  }
  const channel = getRow(state.channels, message.channelId);
  const subscribers = getRow(state.subscriberIdsByChannel, message.channelId);
  const subscriberIds = subscribers === undefined ? [] : [...rows(subscribers)];
  if (channel === undefined) return [];
  if (channel.inviteOnly && !channel.historyPublicToSubscribers) {
    for (const userId of subscriberIds) if (active(userId) && holdsRow(userId)) ids.add(userId);
  } else {
    for (const userId of subscriberIds) if (active(userId)) ids.add(userId);
    if (!channel.inviteOnly) {
      for (const userId of selectPossibleRowHolderIds(state, message)) {
        const user = getRow(state.users, userId);
        if (user?.isActive === true && !isGuest(user) && holdsRow(userId)) ids.add(userId);
      }
    }
  }
  return [...ids].sort((a, b) => a - b);
}
