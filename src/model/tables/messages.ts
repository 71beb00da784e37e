/**
 * Writing messages and message rows: the message, its channel, topic and
 * conversation indexes, and each user's row with the per-flag indexes change
 * together, here and nowhere else.
 */
import type { Draft } from 'immer';
import { ANY_MENTION, FLAG_BITS } from '../rules/message-flags.js';
import type { Message, State, WritableState } from '../state.js';
import { emptyIdTree, type IdTree, idTreeGet, idTreeWith, idTreeWithout } from './id-tree.js';
import { emptyTable, getRow, rows as rowsOf, type Table, withoutRow, withRow } from './table.js';

/** Topics are one topic whatever their case. */
export function topicKey(topic: string): string {
  return topic.toLowerCase();
}

/** A direct-message conversation: its participants, sender included. */
export function conversationKey(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(',');
}

function withId<K extends string | number>(table: Table<K, IdTree>, key: K, id: number, value = 0): Table<K, IdTree> {
  return withRow(table, key, idTreeWith(getRow(table, key) ?? emptyIdTree(), id, value));
}

function withoutId<K extends string | number>(table: Table<K, IdTree>, key: K, id: number): Table<K, IdTree> {
  const tree = getRow(table, key);
  if (tree === undefined) return table;
  const next = idTreeWithout(tree, id);
  return next === tree ? table : withRow(table, key, next);
}

/** The ids of a channel topic's messages (any case of its name), if it has any. */
export function selectTopicMessageIds(state: State, channelId: number, topic: string): IdTree | undefined {
  const topics = getRow(state.messageIdsByTopic, channelId);
  return topics === undefined ? undefined : getRow(topics, topicKey(topic));
}

/** Adds a new message to the message table and the indexes of its channel and topic or conversation. */
export function insertMessageMutably(draft: Draft<State> | WritableState, message: Message): void {
  const state = draft as WritableState;
  state.messages = withRow(state.messages, message.id, Object.freeze(message));
  if (message.channelId !== null) {
    state.messageIdsByChannel = withId(state.messageIdsByChannel, message.channelId, message.id);
    const topics: Table<string, IdTree> = getRow(state.messageIdsByTopic, message.channelId) ?? emptyTable();
    state.messageIdsByTopic = withRow(state.messageIdsByTopic, message.channelId, withId(topics, topicKey(message.topic), message.id));
  } else {
    state.messageIdsByConversation = withId(state.messageIdsByConversation, conversationKey(message.directUserIds), message.id);
  }
}

/** Records that the participants of a direct-message conversation know each other. */
export function putDirectMessagePartnersMutably(draft: Draft<State> | WritableState, userIds: readonly number[]): void {
  const state = draft as WritableState;
  for (const userId of userIds) {
    let partners: Table<number, number> = getRow(state.directMessagePartnerIds, userId) ?? emptyTable();
    const before = partners;
    for (const other of userIds) if (other !== userId && getRow(partners, other) === undefined) partners = withRow(partners, other, other);
    if (partners !== before) state.directMessagePartnerIds = withRow(state.directMessagePartnerIds, userId, partners);
  }
}

/** Replaces a message whose channel and topic stay the same (an edit, a reaction). */
export function replaceMessageMutably(draft: Draft<State> | WritableState, message: Message): void {
  const state = draft as WritableState;
  state.messages = withRow(state.messages, message.id, Object.freeze(message));
}

type FlagIndex = 'unreadMessageIds' | 'starredMessageIds' | 'mentionedMessageIds' | 'directMessageIds';

function inIndex(index: FlagIndex, bits: number, message: Message): boolean {
  switch (index) {
    case 'unreadMessageIds':
      return (bits & FLAG_BITS.read) === 0;
    case 'starredMessageIds':
      return (bits & FLAG_BITS.starred) !== 0;
    case 'mentionedMessageIds':
      return (bits & ANY_MENTION) !== 0;
    case 'directMessageIds':
      return message.channelId === null;
  }
}

const FLAG_INDEXES: readonly FlagIndex[] = ['unreadMessageIds', 'starredMessageIds', 'mentionedMessageIds', 'directMessageIds'];

/** Records that the user holds (or held) a row of a message in the channel, where a deletion or a move looks for rows. */
export function putRowHolderMutably(draft: Draft<State> | WritableState, channelId: number, userId: number): void {
  const state = draft as WritableState;
  const holders: Table<number, number> = getRow(state.rowHolderIdsByChannel, channelId) ?? emptyTable();
  if (getRow(holders, userId) === undefined) state.rowHolderIdsByChannel = withRow(state.rowHolderIdsByChannel, channelId, withRow(holders, userId, userId));
}

/** Sets a user's row for a message (creating it), keeping the per-flag indexes in step. */
export function putUserMessageMutably(draft: Draft<State> | WritableState, userId: number, message: Message, bits: number): void {
  const state = draft as WritableState;
  const rows = getRow(state.userMessages, userId) ?? emptyIdTree();
  const previous = idTreeGet(rows, message.id);
  if (previous === bits) return;
  state.userMessages = withRow(state.userMessages, userId, idTreeWith(rows, message.id, bits));
  if (previous === undefined && message.channelId !== null) putRowHolderMutably(state, message.channelId, userId);
  for (const index of FLAG_INDEXES) {
    const was = previous !== undefined && inIndex(index, previous, message);
    const is = inIndex(index, bits, message);
    if (is && !was) state[index] = withId(state[index], userId, message.id);
    else if (was && !is) state[index] = withoutId(state[index], userId, message.id);
  }
}

/** The recipient id of a conversation, allocated on first use. */
export function recipientIdMutably(draft: Draft<State> | WritableState, key: string): number {
  const state = draft as WritableState;
  const existing = getRow(state.recipientIds, key);
  if (existing !== undefined) return existing;
  const id = state.counters.nextRecipientId;
  state.counters = { ...state.counters, nextRecipientId: id + 1 };
  state.recipientIds = withRow(state.recipientIds, key, id);
  return id;
}

/** Removes a user's row for a message, if they have one. */
export function removeUserMessageMutably(draft: Draft<State> | WritableState, userId: number, message: Message): void {
  const state = draft as WritableState;
  const rows = getRow(state.userMessages, userId);
  const previous = rows === undefined ? undefined : idTreeGet(rows, message.id);
  if (rows === undefined || previous === undefined) return;
  state.userMessages = withRow(state.userMessages, userId, idTreeWithout(rows, message.id));
  for (const index of FLAG_INDEXES) if (inIndex(index, previous, message)) state[index] = withoutId(state[index], userId, message.id);
}

/** The users who may hold a row for the message: its participants, or whoever ever held a row in its channel. */
export function selectPossibleRowHolderIds(state: State, message: Message): Iterable<number> {
  if (message.channelId === null) return message.directUserIds;
  const holders = getRow(state.rowHolderIdsByChannel, message.channelId);
  return holders === undefined ? [] : rowsOf(holders);
}

/** Deletes a message with its indexes and every row of it; an emptied topic disappears. */
export function deleteMessageMutably(draft: Draft<State> | WritableState, message: Message): void {
  const state = draft as WritableState;
  for (const userId of [...selectPossibleRowHolderIds(state, message)]) removeUserMessageMutably(state, userId, message);
  state.messages = withoutRow(state.messages, message.id);
  if (message.channelId === null) {
    state.messageIdsByConversation = withoutId(state.messageIdsByConversation, conversationKey(message.directUserIds), message.id);
    return;
  }
  state.messageIdsByChannel = withoutId(state.messageIdsByChannel, message.channelId, message.id);
  withoutTopicId(state, message.channelId, message.topic, message.id);
}

function withoutTopicId(state: WritableState, channelId: number, topic: string, id: number): void {
  const topics = getRow(state.messageIdsByTopic, channelId);
  if (topics === undefined) return;
  const key = topicKey(topic);
  const remaining = withoutId(topics, key, id);
  state.messageIdsByTopic = withRow(state.messageIdsByTopic, channelId, getRow(remaining, key)?.size === 0 ? withoutRow(remaining, key) : remaining);
}

/**
 * Replaces a channel message whose channel or topic may have changed: its id
 * leaves the old channel and topic indexes for the new ones, and an emptied
 * topic disappears. Rows are the caller's: they are keyed by message id and
 * stay where they are. Cost: a few index nodes, whatever the channel's size.
 */
export function moveMessageMutably(draft: Draft<State> | WritableState, before: Message, after: Message): void {
  const state = draft as WritableState;
  state.messages = withRow(state.messages, after.id, Object.freeze(after));
  if (before.channelId === null || after.channelId === null) return;
  const channelChanged = before.channelId !== after.channelId;
  if (!channelChanged && topicKey(before.topic) === topicKey(after.topic)) return;
  withoutTopicId(state, before.channelId, before.topic, before.id);
  if (channelChanged) {
    state.messageIdsByChannel = withoutId(state.messageIdsByChannel, before.channelId, before.id);
    state.messageIdsByChannel = withId(state.messageIdsByChannel, after.channelId, after.id);
  }
  const topics: Table<string, IdTree> = getRow(state.messageIdsByTopic, after.channelId) ?? emptyTable();
  state.messageIdsByTopic = withRow(state.messageIdsByTopic, after.channelId, withId(topics, topicKey(after.topic), after.id));
}
