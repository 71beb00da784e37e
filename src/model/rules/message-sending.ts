/**
 * Who may send what where (reference server-messages-channels §3.1): the
 * checks of the real server's check_message, each a named rule, in its order.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, User, UserGroup } from '../state.js';
import { idTreeFirst, walkUp } from '../tables/id-tree.js';
import { conversationKey, topicKey } from '../tables/messages.js';
import { getRow } from '../tables/table.js';
import { isInChannelGroup, isSubscribed } from './channels.js';
import { restrictsTopicWildcardMentions } from './feature-levels.js';
import { isUserInGroupSetting } from './group-membership.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isBot, isGuest } from './roles.js';
import { canAccessUser } from './users.js';

/** More subscribers or topic participants than this make a wildcard mention a "many users" one. */
export const WILDCARD_MENTION_THRESHOLD = 15;

export function isSystemBot(state: State, user: User): boolean {
  return user.id === state.systemBots.notificationBot.id;
}

/** can_send_message_group, with a bot falling back on its owner. */
function isAllowedToPostIn(state: State, sender: User, channel: Channel, now: number): boolean {
  if (isSystemBot(state, sender)) return true;
  if (isInChannelGroup(state, sender, channel, 'can_send_message_group', now)) return true;
  const owner = isBot(sender) && sender.botOwnerId !== null ? getRow(state.users, sender.botOwnerId) : undefined;
  return owner !== undefined && isInChannelGroup(state, owner, channel, 'can_send_message_group', now);
}

/** The real server's access_stream_for_send_message. */
export function checkCanSendToChannel(state: State, sender: User, channel: Channel, now: number): Checked<true> {
  if (!isAllowedToPostIn(state, sender, channel, now)) return reject(Errors.noPermissionToPost());
  if (channel.isArchived) return reject(Errors.notAuthorizedToSend(channel.name));
  if (isSystemBot(state, sender)) return accept(true);
  if (channel.isWebPublic) return accept(true);
  if (!channel.inviteOnly && !isGuest(sender)) return accept(true);
  if (isSubscribed(state, sender.id, channel.id)) return accept(true);
  if (isBot(sender) && sender.botOwnerId !== null && isSubscribed(state, sender.botOwnerId, channel.id)) return accept(true);
  return reject(Errors.notAuthorizedToSend(channel.name));
}

export function effectiveTopicsPolicy(state: State, channel: Channel): Exclude<Channel['topicsPolicy'], 'inherit'> {
  return channel.topicsPolicy === 'inherit' ? state.realm.settings.topicsPolicy : channel.topicsPolicy;
}

/** The channel's topics policy against the (normalised) topic. */
export function checkTopicAllowed(state: State, channel: Channel, topic: string): Checked<true> {
  const policy = effectiveTopicsPolicy(state, channel);
  if (policy === 'disable_empty_topic' && topic === '') return reject(Errors.emptyTopicNotAllowed());
  if (policy === 'empty_topic_only' && topic !== '') return reject(Errors.onlyEmptyTopicAllowed());
  return accept(true);
}

/** Direct messages: the sender must be able to see every recipient, and one participant must be allowed to authorize the conversation. */
export function checkCanSendDirectMessage(state: State, sender: User, recipients: readonly User[], now: number): Checked<true> {
  if (isSystemBot(state, sender)) return accept(true);
  if (recipients.some((recipient) => !canAccessUser(state, sender, recipient))) return reject(Errors.cannotAccessRecipients());
  if (isBot(sender)) return accept(true);
  if (recipients.every((recipient) => isBot(recipient) || recipient.id === sender.id)) return accept(true);
  const permission = state.realm.settings.groups.direct_message_permission_group;
  const participants = [sender, ...recipients];
  if (!participants.some((user) => isUserInGroupSetting(state, user, permission, now))) {
    const nobody = permission === state.systemGroupIds['role:nobody'];
    return reject(nobody ? Errors.directMessagesDisabled() : Errors.directMessageNotAuthorized());
  }
  if (hasRealmPermission(state, sender, 'direct_message_initiator_group', now)) return accept(true);
  const existing = getRow(state.messageIdsByConversation, conversationKey(participants.map((user) => user.id)));
  if (existing === undefined || existing.size === 0) return reject(Errors.cannotInitiateDirectMessages());
  return accept(true);
}

/** A channel wildcard in a channel of more than 15 subscribers needs can_mention_many_users_group. */
export function canUseChannelWildcard(state: State, sender: User, channel: Channel, now: number): boolean {
  if (channel.subscriberCount <= WILDCARD_MENTION_THRESHOLD) return true;
  return hasRealmPermission(state, sender, 'can_mention_many_users_group', now);
}

/** A topic wildcard in a topic of more than 15 participants needs can_mention_many_users_group. */
export function canUseTopicWildcard(state: State, sender: User, participantCount: number, now: number): boolean {
  if (participantCount <= WILDCARD_MENTION_THRESHOLD || !restrictsTopicWildcardMentions(state)) return true;
  return hasRealmPermission(state, sender, 'can_mention_many_users_group', now);
}

/** Whether the sender may mention the group (its can_mention_group); system bots only where everyone may. */
export function canMentionGroup(state: State, sender: User, group: UserGroup, now: number): boolean {
  const setting = group.settings.can_mention_group;
  if (setting === state.systemGroupIds['role:everyone']) return true;
  if (isSystemBot(state, sender)) return false;
  return isUserInGroupSetting(state, sender, setting, now);
}

/** The topic's participants: senders of its messages and users who reacted to them (cost: the topic's size). */
export function selectTopicParticipantIds(state: State, channelId: number, topic: string): Set<number> {
  const participants = new Set<number>();
  const tree = getRow(state.messageIdsByTopic, channelId);
  const ids = tree === undefined ? undefined : getRow(tree, topicKey(topic));
  if (ids === undefined || idTreeFirst(ids) === undefined) return participants;
  walkUp(ids, 0, (id) => {
    const message = getRow(state.messages, id);
    if (message !== undefined) {
      participants.add(message.senderId);
      for (const reaction of message.reactions) participants.add(reaction.userId);
    }
    return true;
  });
  return participants;
}

/** The topic Notification Bot posts under: the empty topic where a channel allows only that one. */
export function botTopic(channel: Channel, topic: string): string {
  return channel.topicsPolicy === 'empty_topic_only' ? '' : topic;
}
