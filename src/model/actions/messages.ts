/**
 * Sending a message: the row, its indexes, each recipient's row with their
 * own flags, and the `message` events that carry those flags (one event per
 * distinct set of flags, as the real server groups its recipients).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { MessageDelivery } from '../events/event.js';
import type { RenderedMessage } from '../markdown/types.js';
import { DEFAULT_MESSAGE_VIEW, isGravatarSender, presentMessage } from '../present/message.js';
import { alertsUser } from '../rules/alert-words.js';
import { deletionAudienceAtLevel } from '../rules/feature-levels.js';
import { isUserInGroup } from '../rules/group-membership.js';
import { selectMessageActionAudienceIds } from '../rules/message-deletion.js';
import { FLAG_BITS, flagNames } from '../rules/message-flags.js';
import { hasMuted } from '../rules/muted-users.js';
import { canAccessUser } from '../rules/users.js';
import type { Channel, Message, State, User } from '../state.js';
import { putChannelMutably } from '../tables/channels.js';
import { idTreeFirst, idTreeGet, walkUp } from '../tables/id-tree.js';
import {
  conversationKey,
  deleteMessageMutably,
  insertMessageMutably,
  putDirectMessagePartnersMutably,
  putUserMessageMutably,
  recipientIdMutably,
} from '../tables/messages.js';
import { getRow, rows } from '../tables/table.js';
import { claimAttachments, detachDeletedMessages, selectClaimableAttachments } from './attachments.js';
import { streamUpdateEvent } from './stream-events.js';
import { announceAccessibleUser } from './users.js';

export interface OutgoingMessage {
  readonly sender: User;
  /** The channel, or null for a direct message. */
  readonly channel: Channel | null;
  readonly topic: string;
  /** Direct-message recipients (the sender is added). */
  readonly recipients: readonly User[];
  readonly content: string;
  readonly rendered: RenderedMessage;
  readonly client: string;
  readonly readBySender: boolean;
  /** Users whose row starts read besides the sender (a notification the acting user caused). */
  readonly markReadFor?: readonly number[];
  /** Participants of the topic, for `topic_wildcard_mentioned`; only needed when the content has a topic wildcard. */
  readonly topicParticipantIds?: ReadonlySet<number>;
  readonly senderQueueId?: string;
  readonly localId?: string;
}

const IMAGE_LINK = /<img |class="message_inline_image"/;
const LINK = /<a [^>]*href=/;

/** The users who get a row: the channel's active subscribers, or the conversation's participants. */
function selectRecipientIds(state: State, outgoing: OutgoingMessage): number[] {
  if (outgoing.channel === null) return [...new Set([outgoing.sender.id, ...outgoing.recipients.map((user) => user.id)])].sort((a, b) => a - b);
  const subscribers = getRow(state.subscriberIdsByChannel, outgoing.channel.id);
  if (subscribers === undefined) return [];
  const ids: number[] = [];
  for (const userId of rows(subscribers)) if (getRow(state.users, userId)?.isActive === true) ids.push(userId);
  return ids;
}

function recipientKey(outgoing: OutgoingMessage, participantIds: readonly number[]): string {
  if (outgoing.channel !== null) return `channel:${outgoing.channel.id}`;
  if (participantIds.length <= 2) {
    const other = participantIds.find((id) => id !== outgoing.sender.id) ?? outgoing.sender.id;
    return `user:${other}`;
  }
  return `group:${conversationKey(participantIds)}`;
}

/**
 * A one-to-one conversation makes its two participants accessible to each
 * other (the real server's check_can_access_user looks at personal messages
 * only): a guest of an organization that limits which users guests see
 * learns of the other with realm_user add.
 */
function announceNewDirectMessagePartners(tx: Tx, participantIds: readonly number[]): void {
  const current = tx.draft as unknown as State;
  const participants = participantIds.map((id) => getRow(current.users, id)).filter((user): user is User => user !== undefined);
  const unknownPairs: [User, User][] = [];
  for (const viewer of participants) {
    for (const user of participants) if (viewer !== user && !canAccessUser(current, viewer, user)) unknownPairs.push([viewer, user]);
  }
  putDirectMessagePartnersMutably(tx.draft, participantIds);
  for (const [viewer, user] of unknownPairs) announceAccessibleUser(tx, viewer, user, current);
}

/** The recipient's flag bits at send time. */
function initialFlags(state: State, outgoing: OutgoingMessage, message: Message, user: User, now: number): number {
  let bits = 0;
  if ((user.id === outgoing.sender.id && outgoing.readBySender) || outgoing.markReadFor?.includes(user.id) === true) bits |= FLAG_BITS.read;
  // A message from someone the recipient muted arrives read (the real server's muted_sender_user_ids).
  if (user.id !== outgoing.sender.id && hasMuted(state, user.id, outgoing.sender.id)) bits |= FLAG_BITS.read;
  if (alertsUser(state, user.id, outgoing.content)) bits |= FLAG_BITS.has_alert_word;
  const { rendered } = outgoing;
  if (rendered.mentionedUserIds.includes(user.id) || rendered.mentionedGroupIds.some((groupId) => isUserInGroup(state, user, groupId, now))) {
    bits |= FLAG_BITS.mentioned;
  }
  if (message.streamWildcard) bits |= FLAG_BITS.stream_wildcard_mentioned;
  if (message.topicWildcard && outgoing.topicParticipantIds?.has(user.id) === true) bits |= FLAG_BITS.topic_wildcard_mentioned;
  return bits;
}

/** Sends the message and returns its id. */
export function sendMessage(tx: Tx, outgoing: OutgoingMessage): number {
  const { draft, now } = tx;
  // The draft, read as a state: a notice about a channel created in the same request reaches its new subscribers.
  const current = draft as unknown as State;
  const id = draft.counters.nextMessageId;
  draft.counters.nextMessageId = id + 1;
  const recipientIds = selectRecipientIds(current, outgoing);
  const { rendered } = outgoing;
  const claimable = selectClaimableAttachments(current, outgoing.sender, rendered.html, now);
  const message: Message = {
    id,
    senderId: outgoing.sender.id,
    channelId: outgoing.channel?.id ?? null,
    topic: outgoing.channel === null ? '' : outgoing.topic,
    directUserIds: outgoing.channel === null ? recipientIds : [],
    recipientId: recipientIdMutably(draft, recipientKey(outgoing, recipientIds)),
    content: outgoing.content,
    renderedContent: rendered.html,
    dateSent: now,
    client: outgoing.client,
    isMeMessage: outgoing.content.startsWith('/me '),
    mentionedUserIds: [...rendered.mentionedUserIds].sort((a, b) => a - b),
    mentionedGroupIds: [...rendered.mentionedGroupIds].sort((a, b) => a - b),
    streamWildcard: rendered.streamWildcard,
    topicWildcard: rendered.topicWildcard && outgoing.channel !== null,
    hasLink: LINK.test(rendered.html),
    hasImage: IMAGE_LINK.test(rendered.html),
    // Only uploads the sender may read are claimed; has_attachment says whether any was.
    hasAttachment: claimable.length > 0,
    reactions: [],
    editHistory: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
  };
  insertMessageMutably(draft, message);
  claimAttachments(tx, message, claimable);
  if (outgoing.channel === null && recipientIds.length === 2) announceNewDirectMessagePartners(tx, recipientIds);

  const usersByFlags = new Map<number, number[]>();
  for (const userId of recipientIds) {
    const user = getRow(current.users, userId) ?? (userId === outgoing.sender.id ? outgoing.sender : undefined);
    if (user === undefined) continue;
    const bits = initialFlags(current, outgoing, message, user, now);
    putUserMessageMutably(draft, userId, message, bits);
    const group = usersByFlags.get(bits);
    if (group === undefined) usersByFlags.set(bits, [userId]);
    else group.push(userId);
  }
  if (outgoing.channel !== null && outgoing.channel.firstMessageId === null) {
    const channel = getRow(draft.channels as State['channels'], outgoing.channel.id);
    if (channel !== undefined) putChannelMutably(draft, { ...channel, firstMessageId: id });
  }

  // The event is built from the message as written; the draft's tables are read only for names.
  const dict = presentMessage(current, message, { ...DEFAULT_MESSAGE_VIEW, allowEmptyTopicName: true });
  const delivery: MessageDelivery = {
    rawContent: message.content,
    gravatarSender: isGravatarSender(outgoing.sender),
    ...(outgoing.senderQueueId !== undefined && outgoing.localId !== undefined ? { senderQueueId: outgoing.senderQueueId, localId: outgoing.localId } : {}),
  };
  for (const [bits, userIds] of usersByFlags) {
    tx.emit({ type: 'message', message: dict, flags: flagNames(bits) }, Audiences.users(userIds), undefined, delivery);
  }
  if (outgoing.channel !== null && !outgoing.channel.inviteOnly) {
    tx.emit(
      { type: 'message', message: dict, flags: [] },
      { kind: 'rule', rule: { name: 'can-see-channel', channelId: outgoing.channel.id }, except: recipientIds },
      undefined,
      { ...delivery, publicWatchersOnly: true },
    );
  }
  return id;
}

/** Deletes messages (all of one conversation) and tells who may know: one bulk event, or one per message for older clients. */
export function deleteMessages(tx: Tx, messages: readonly Message[], deleterId?: number): void {
  const current = tx.draft as unknown as State;
  const [first] = messages;
  if (first === undefined) return;
  const audienceIds = selectMessageActionAudienceIds(current, first);
  const audience = Audiences.users(audienceIds);
  const told = Audiences.users(deletionAudienceAtLevel(tx.before, audienceIds, deleterId));
  const where = first.channelId === null ? { message_type: 'private' } : { message_type: 'stream', stream_id: first.channelId, topic: first.topic };
  for (const message of messages) deleteMessageMutably(tx.draft, message);
  detachDeletedMessages(tx, messages);
  const ids = messages.map((message) => message.id);
  tx.emit({ type: 'delete_message', ...where, message_ids: ids }, told, { name: 'bulk_message_deletion', has: true });
  for (const id of ids) tx.emit({ type: 'delete_message', ...where, message_id: id }, told, { name: 'bulk_message_deletion', has: false });
  // The real server's update_first_visible_message_id: the channel's first message moves on, told to the same users.
  const channel = first.channelId === null ? undefined : getRow(current.channels, first.channelId);
  if (channel !== undefined && channel.firstMessageId !== null && ids.includes(channel.firstMessageId)) {
    const remaining = getRow(current.messageIdsByChannel, channel.id);
    const firstMessageId = remaining === undefined ? null : (idTreeFirst(remaining) ?? null);
    putChannelMutably(tx.draft, { ...channel, firstMessageId });
    tx.emit(streamUpdateEvent(channel, 'first_message_id', firstMessageId), audience);
  }
}

/**
 * Marks the user's unread messages in these channels read, with the
 * update_message_flags event (cost: the user's unread count). The real server
 * does this when a user leaves a channel, so that every unread message is in a
 * channel the user is subscribed to.
 */
export function markChannelsRead(tx: Tx, userId: number, channelIds: readonly number[]): void {
  const current = tx.draft as unknown as State;
  const unread = getRow(current.unreadMessageIds, userId);
  if (unread === undefined || unread.size === 0) return;
  const channels = new Set(channelIds);
  const marked: Message[] = [];
  walkUp(unread, 0, (id) => {
    const message = getRow(current.messages, id);
    if (message?.channelId !== null && message !== undefined && channels.has(message.channelId)) marked.push(message);
    return true;
  });
  if (marked.length === 0) return;
  const rows = getRow(current.userMessages, userId)!;
  for (const message of marked) putUserMessageMutably(tx.draft, userId, message, (idTreeGet(rows, message.id) ?? 0) | FLAG_BITS.read);
  const ids = marked.map((message) => message.id);
  tx.emit({ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: ids, all: false }, Audiences.users([userId]));
}
