/**
 * Editing and moving messages (the real server's do_update_message;
 * reference server-messages-channels §4.3–§4.6, server-events §5.1): the
 * content with its rendering and mention flags, topic renames and channel
 * moves with their rows, update_message to each reader with their own
 * flags, delete_message to those who lose access, then Notification Bot's
 * resolve notice and breadcrumbs.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { RenderedMessage } from '../markdown/types.js';
import { topicLinks } from '../markdown/zulip/topic-links.js';
import { alertsUser } from '../rules/alert-words.js';
import { isUserInGroup } from '../rules/group-membership.js';
import { selectEditTimestamps } from '../rules/message-editing.js';
import { ANY_MENTION, FLAG_BITS, flagNames } from '../rules/message-flags.js';
import { selectChannelMessageAccess } from '../rules/message-moving.js';
import { selectUserMessageFlags } from '../rules/messages.js';
import { isGuest } from '../rules/roles.js';
import { selectFormerSubscription } from '../rules/subscriptions.js';
import type { Channel, Message, MessageEdit, State, User } from '../state.js';
import { walkUp } from '../tables/id-tree.js';
import {
  moveMessageMutably,
  putRowHolderMutably,
  putUserMessageMutably,
  recipientIdMutably,
  removeUserMessageMutably,
  selectPossibleRowHolderIds,
  selectTopicMessageIds,
} from '../tables/messages.js';
import { getRow, rows } from '../tables/table.js';
import { changeAttachmentClaims } from './attachments.js';
import { noteResolution, postBreadcrumbs } from './move-notices.js';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface ContentChange {
  /** Normalised Markdown. */
  readonly content: string;
  readonly rendered: RenderedMessage;
  /** The topic's participants, for topic_wildcard_mentioned; only needed when the content has a topic wildcard. */
  readonly topicParticipantIds?: ReadonlySet<number>;
}

/** Where a channel message ends up, and how far the move spreads. */
export interface Placement {
  readonly from: Channel;
  readonly to: Channel;
  /** The (new) topic: the message's own when it is not renamed. */
  readonly topic: string;
  readonly topicEdited: boolean;
  readonly channelEdited: boolean;
  readonly resolution: 'resolved' | 'unresolved' | null;
  readonly propagateMode: PropagateMode;
  readonly notifyOldThread: boolean;
  readonly notifyNewThread: boolean;
}

export interface EditRequest {
  readonly editor: User;
  readonly message: Message;
  readonly content: ContentChange | null;
  /** Null for a direct message. */
  readonly placement: Placement | null;
  /** Where links in notices point (the realm's URL). */
  readonly realmUrl: string;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

const IMAGE_LINK = /<img |class="message_inline_image"/;
const LINK = /<a [^>]*href=/;

function withContent(message: Message, change: ContentChange): Message {
  const { content, rendered } = change;
  return {
    ...message,
    content,
    renderedContent: rendered.html,
    isMeMessage: content.startsWith('/me '),
    mentionedUserIds: [...rendered.mentionedUserIds].sort((a, b) => a - b),
    mentionedGroupIds: [...rendered.mentionedGroupIds].sort((a, b) => a - b),
    streamWildcard: rendered.streamWildcard,
    topicWildcard: rendered.topicWildcard && message.channelId !== null,
    hasLink: LINK.test(rendered.html),
    hasImage: IMAGE_LINK.test(rendered.html),
  };
}

/** The mention bits a row gets from the new content (the real server's update_user_message_flags). */
function mentionBits(state: State, edited: Message, change: ContentChange, user: User, now: number): number {
  let bits = 0;
  const { rendered } = change;
  if (rendered.mentionedUserIds.includes(user.id) || rendered.mentionedGroupIds.some((groupId) => isUserInGroup(state, user, groupId, now))) {
    bits |= FLAG_BITS.mentioned;
  }
  if (edited.streamWildcard) bits |= FLAG_BITS.stream_wildcard_mentioned;
  if (edited.topicWildcard && change.topicParticipantIds?.has(user.id) === true) bits |= FLAG_BITS.topic_wildcard_mentioned;
  if (alertsUser(state, user.id, change.content)) bits |= FLAG_BITS.has_alert_word;
  return bits;
}

function withHistoryEntry(message: Message, entry: MessageEdit): Message {
  const editHistory = [entry, ...message.editHistory];
  const { lastEdit, lastMoved } = selectEditTimestamps(editHistory);
  return { ...message, editHistory, lastEditTimestamp: lastEdit, lastMovedTimestamp: lastMoved };
}

/** Who holds a row of the message, with its bits. */
function selectRowHolders(state: State, message: Message): Map<number, number> {
  const holders = new Map<number, number>();
  for (const userId of selectPossibleRowHolderIds(state, message)) {
    const bits = selectUserMessageFlags(state, userId, message.id);
    if (bits !== undefined) holders.set(userId, bits);
  }
  return holders;
}

/** A row's flags as update_message lists them: the stored flags, without the derived wildcard_mentioned. */
function storedFlagNames(bits: number): string[] {
  return flagNames(bits).filter((flag) => flag !== 'wildcard_mentioned');
}

/** One update_message per distinct set of flags, each to the users whose copy has them. */
function emitUpdate(tx: Tx, event: Record<string, unknown>, flagsByUser: ReadonlyMap<number, readonly string[]>): void {
  const groups = new Map<string, { flags: readonly string[]; userIds: number[] }>();
  for (const [userId, flags] of flagsByUser) {
    const key = flags.join(',');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { flags, userIds: [userId] });
    else group.userIds.push(userId);
  }
  for (const { flags, userIds } of groups.values()) tx.emit({ type: 'update_message', ...event, flags: [...flags] }, Audiences.users(userIds));
}

/** The other messages a change_later or change_all move takes along (case-insensitive topic); a channel move takes only what the editor can read. */
function selectPropagatedMessages(state: State, request: EditRequest, placement: Placement, now: number): Message[] {
  const { message, editor } = request;
  if (placement.propagateMode === 'change_one' || message.channelId === null) return [];
  const ids = selectTopicMessageIds(state, message.channelId, message.topic);
  if (ids === undefined) return [];
  const access = placement.channelEdited ? selectChannelMessageAccess(state, editor, placement.from, now) : 'all';
  if (access === 'none') return [];
  const others: Message[] = [];
  walkUp(ids, placement.propagateMode === 'change_later' ? message.id + 1 : 0, (id) => {
    const other = id === message.id ? undefined : getRow(state.messages, id);
    if (other !== undefined && (access === 'all' || selectUserMessageFlags(state, editor.id, id) !== undefined)) others.push(other);
    return true;
  });
  return others;
}

/** Whether the editor can see a message of the topic other than the moved ones (cost: up to the topic's size). */
function hasOtherVisibleMessage(state: State, editor: User, channel: Channel, topic: string, movedIds: ReadonlySet<number>, now: number): boolean {
  const ids = selectTopicMessageIds(state, channel.id, topic);
  const access = selectChannelMessageAccess(state, editor, channel, now);
  if (ids === undefined || access === 'none') return false;
  let found = false;
  walkUp(ids, 0, (id) => {
    found = !movedIds.has(id) && (access === 'all' || selectUserMessageFlags(state, editor.id, id) !== undefined);
    return !found;
  });
  return found;
}

function activeIds(state: State, userIds: Iterable<number>): number[] {
  return [...userIds].filter((userId) => getRow(state.users, userId)?.isActive === true);
}

function subscriberIds(state: State, channelId: number): Set<number> {
  const subscribers = getRow(state.subscriberIdsByChannel, channelId);
  return new Set(subscribers === undefined ? [] : rows(subscribers));
}

interface AccessChange {
  /** Users whose rows of the moved messages go: everyone who was or is subscribed to the old channel and is not to the new one. */
  readonly losingRows: ReadonlySet<number>;
  /** Of those, the ones who can no longer read the messages at all (guests, for a public target). */
  readonly losingAccess: readonly number[];
  /** Subscribers of a protected-history target: every one gets a read row. */
  readonly gainingRows: readonly number[];
}

function selectAccessChange(state: State, from: Channel, to: Channel): AccessChange {
  const newSubscribers = subscriberIds(state, to.id);
  const oldAll = subscriberIds(state, from.id);
  const holders = getRow(state.rowHolderIdsByChannel, from.id);
  for (const userId of holders === undefined ? [] : rows(holders)) if (selectFormerSubscription(state, userId, from.id) !== undefined) oldAll.add(userId);
  const losingRows = new Set<number>();
  const losingAccess: number[] = [];
  for (const userId of oldAll) {
    if (newSubscribers.has(userId)) continue;
    losingRows.add(userId);
    const user = getRow(state.users, userId);
    if (to.inviteOnly || (user !== undefined && isGuest(user))) losingAccess.push(userId);
  }
  return { losingRows, losingAccess: losingAccess.sort((a, b) => a - b), gainingRows: to.historyPublicToSubscribers ? [] : [...newSubscribers] };
}

/** Moves the rows of a channel move: losers' rows go, the others' follow the message, a protected target's subscribers get read rows. */
function moveRows(tx: Tx, moved: readonly Message[], from: Channel, to: Channel, change: AccessChange): void {
  const state = tx.before;
  const holders = getRow(state.rowHolderIdsByChannel, from.id);
  const holderIds = holders === undefined ? [] : [...rows(holders)];
  for (const message of moved) {
    for (const userId of holderIds) {
      if (selectUserMessageFlags(state, userId, message.id) === undefined) continue;
      if (change.losingRows.has(userId)) removeUserMessageMutably(tx.draft, userId, message);
      else putRowHolderMutably(tx.draft, to.id, userId);
    }
    for (const userId of change.gainingRows) {
      if (selectUserMessageFlags(state, userId, message.id) === undefined) putUserMessageMutably(tx.draft, userId, message, FLAG_BITS.read);
    }
  }
}

/**
 * Applies a checked edit (endpoints/messages/update-message.ts decided it may
 * happen); returns the sender's uploads the edit left linked by no message.
 */
export function updateMessage(tx: Tx, request: EditRequest): readonly Record<string, unknown>[] {
  const state = tx.before;
  const { now } = tx;
  const { editor, message, content, placement } = request;
  const entry: Writable<MessageEdit> = { userId: editor.id, timestamp: now };
  const event: Record<string, unknown> = { user_id: editor.id, edit_timestamp: now, message_id: message.id, rendering_only: false };
  let edited = message;
  let detachedUploads: readonly Record<string, unknown>[] = [];
  const holders = selectRowHolders(state, message);
  if (content !== null) {
    entry.prevContent = message.content;
    entry.prevRenderedContent = message.renderedContent;
    edited = withContent(message, content);
    const claims = changeAttachmentClaims(tx, message, content.rendered.html);
    edited = { ...edited, hasAttachment: claims.hasAttachment };
    detachedUploads = claims.detachedUploads;
    Object.assign(event, {
      orig_content: message.content,
      orig_rendered_content: message.renderedContent,
      content: edited.content,
      rendered_content: edited.renderedContent,
      is_me_message: edited.isMeMessage,
    });
    for (const [userId, bits] of holders) {
      const user = getRow(state.users, userId);
      if (user !== undefined) holders.set(userId, (bits & ~(ANY_MENTION | FLAG_BITS.has_alert_word)) | mentionBits(state, edited, content, user, now));
    }
  }

  if (placement === null) {
    edited = withHistoryEntry(edited, entry);
    moveMessageMutably(tx.draft, message, edited);
    for (const [userId, bits] of holders) putUserMessageMutably(tx.draft, userId, edited, bits);
    emitUpdate(tx, { ...event, message_ids: [message.id] }, new Map([...holders].map(([userId, bits]) => [userId, storedFlagNames(bits)])));
    return detachedUploads;
  }

  const { from, to } = placement;
  const moved = placement.topicEdited || placement.channelEdited;
  Object.assign(event, { stream_name: from.name, stream_id: from.id });
  if (moved) event['propagate_mode'] = placement.propagateMode;
  const placed: Partial<Writable<Message>> = {};
  const othersEntry: Writable<MessageEdit> = { userId: editor.id, timestamp: now };
  if (placement.channelEdited) {
    Object.assign(entry, { prevChannelId: from.id, channelId: to.id });
    Object.assign(othersEntry, { prevChannelId: from.id, channelId: to.id });
    Object.assign(event, { orig_subject: message.topic, new_stream_id: to.id });
    placed.channelId = to.id;
    placed.recipientId = recipientIdMutably(tx.draft, `channel:${to.id}`);
  }
  if (placement.topicEdited) {
    Object.assign(entry, { prevTopic: message.topic, topic: placement.topic });
    Object.assign(othersEntry, { prevTopic: message.topic, topic: placement.topic });
    Object.assign(event, { orig_subject: message.topic, subject: placement.topic, topic_links: topicLinks(placement.topic, state.linkifiers) });
    placed.topic = placement.topic;
  }

  const others = selectPropagatedMessages(state, request, placement, now);
  const after = [withHistoryEntry({ ...edited, ...placed }, entry), ...others.map((other) => withHistoryEntry({ ...other, ...placed }, othersEntry))];
  const before = [message, ...others];
  for (const [index, original] of before.entries()) moveMessageMutably(tx.draft, original, after[index]!);
  const movedIds = new Set(before.map((original) => original.id));
  const messageIds = [...movedIds].sort((a, b) => a - b);

  let losingAccess: ReadonlySet<number> = new Set();
  if (placement.channelEdited) {
    const change = selectAccessChange(state, from, to);
    moveRows(tx, after, from, to, change);
    for (const userId of change.losingRows) holders.delete(userId);
    for (const userId of change.gainingRows) if (!holders.has(userId)) holders.set(userId, FLAG_BITS.read);
    losingAccess = new Set(change.losingAccess);
    if (change.losingAccess.length > 0) {
      const where = { type: 'delete_message', message_type: 'stream', stream_id: from.id, topic: message.topic };
      const audience = Audiences.users(change.losingAccess);
      tx.emit({ ...where, message_ids: messageIds }, audience, { name: 'bulk_message_deletion', has: true });
      for (const id of messageIds) tx.emit({ ...where, message_id: id }, audience, { name: 'bulk_message_deletion', has: false });
    }
  } else {
    for (const [userId, bits] of holders) putUserMessageMutably(tx.draft, userId, after[0]!, bits);
  }

  const flagsByUser = new Map<number, readonly string[]>([...holders].map(([userId, bits]) => [userId, storedFlagNames(bits)]));
  if (from.historyPublicToSubscribers) {
    const skip = (userId: number) => flagsByUser.has(userId) || losingAccess.has(userId);
    for (const userId of selectRowlessListeners(state, placement, skip)) flagsByUser.set(userId, ['read']);
  }
  emitUpdate(tx, { ...event, message_ids: messageIds }, flagsByUser);
  if (moved) announceMove(tx, request, placement, movedIds);
  return detachedUploads;
}

/**
 * Subscribers who read a shared-history channel without holding a row hear
 * of an edit too, as if their copy were read: those of the target channel
 * (but not a guest new to it), and for a channel move those of the old
 * channel who are not in the new one.
 */
function selectRowlessListeners(state: State, placement: Placement, skip: (userId: number) => boolean): number[] {
  const newSubscribers = activeIds(state, subscriberIds(state, placement.to.id));
  if (!placement.channelEdited) return newSubscribers.filter((userId) => !skip(userId));
  const oldSubscribers = subscriberIds(state, placement.from.id);
  const inNew = new Set(newSubscribers);
  const isNewGuest = (userId: number) => {
    const user = getRow(state.users, userId);
    return user !== undefined && isGuest(user) && !oldSubscribers.has(userId);
  };
  return [
    ...newSubscribers.filter((userId) => !skip(userId) && !isNewGuest(userId)),
    ...activeIds(state, oldSubscribers).filter((userId) => !skip(userId) && !inNew.has(userId)),
  ];
}

/** After a move: the resolve notice of a pure rename, then the breadcrumbs asked for. */
function announceMove(tx: Tx, request: EditRequest, placement: Placement, movedIds: ReadonlySet<number>): void {
  const state = tx.before;
  const { editor, message, content, realmUrl } = request;
  const { from, to } = placement;
  if (placement.topicEdited && content === null && !placement.channelEdited && placement.resolution !== null) {
    noteResolution(tx, editor, from, placement.topic, placement.resolution, realmUrl);
  }
  const newThread = placement.notifyNewThread && (placement.channelEdited || (placement.topicEdited && placement.resolution === null));
  if (!newThread && !placement.notifyOldThread) return;
  postBreadcrumbs(
    tx,
    {
      editor,
      from,
      fromTopic: message.topic,
      to,
      toTopic: placement.topic,
      targetId: message.id,
      movedCount: movedIds.size,
      movedAllVisible: placement.propagateMode === 'change_all' || !hasOtherVisibleMessage(state, editor, from, message.topic, movedIds, tx.now),
      newTopicWasEmpty: !hasOtherVisibleMessage(state, editor, to, placement.topic, movedIds, tx.now),
      realmUrl,
    },
    { oldThread: placement.notifyOldThread, newThread },
  );
}
