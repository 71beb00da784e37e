/**
 * Realms with messages for the narrow tests (imported by *.test.ts only):
 * messages and rows are written directly with the tables' writers, so the
 * tests depend neither on rendering nor on sending.
 */
import { produce } from 'immer';
import { defaultRealmState } from '../../fixtures/load.js';
import { FLAG_BITS } from '../rules/message-flags.js';
import type { Message, Reaction, State, Subscription, WritableState } from '../state.js';
import { putSubscriptionMutably, removeSubscriptionMutably } from '../tables/channels.js';
import { insertMessageMutably, putUserMessageMutably } from '../tables/messages.js';
import { emptyTable, getRow, rows, type Table } from '../tables/table.js';

export const NOW = 1_750_000_000;

/** User ids of the default fixture. */
export const U = { desdemona: 1, iago: 2, shiva: 3, hamlet: 4, cordelia: 5, polonius: 6, othello: 7, hamletBot: 8 } as const;
/** Channel ids of the default fixture: general, Denmark (public), Verona (web-public), Scotland (private, protected history), moderation (private, shared history), Elsinore (archived). */
export const C = { general: 1, denmark: 2, verona: 3, scotland: 4, moderation: 5, elsinore: 6 } as const;

export interface MessageSpec {
  readonly sender: number;
  /** A channel message when set; a direct message to `to` otherwise. */
  readonly channel?: number;
  readonly topic?: string;
  /** Direct-message recipients (the sender is added). */
  readonly to?: readonly number[];
  readonly content?: string;
  /** Defaults to the content in a paragraph. */
  readonly rendered?: string;
  readonly hasLink?: boolean;
  readonly hasImage?: boolean;
  readonly hasAttachment?: boolean;
  /** Users who reacted. */
  readonly reactedBy?: readonly number[];
  /** Who gets a row; default: the channel's subscribers, or the participants. */
  readonly rows?: readonly number[];
  /** Flag bits per user with a row; default: read for the sender, none for the others. */
  readonly flags?: Readonly<Record<number, number>>;
}

/**
 * The default realm without its messages (the fixture's notices), so a test
 * sees only the messages it adds; ids continue after the removed ones.
 */
export function baseState(): State {
  return produce(defaultRealmState(), (draft) => {
    const writable = draft as unknown as WritableState;
    writable.messages = emptyTable();
    writable.messageIdsByChannel = emptyTable();
    writable.messageIdsByTopic = emptyTable();
    writable.messageIdsByConversation = emptyTable();
    writable.userMessages = emptyTable();
    writable.unreadMessageIds = emptyTable();
    writable.starredMessageIds = emptyTable();
    writable.mentionedMessageIds = emptyTable();
    writable.directMessageIds = emptyTable();
  });
}

function subscriberIds(state: State, channelId: number): number[] {
  const subscribers: Table<number, number> = getRow(state.subscriberIdsByChannel, channelId) ?? emptyTable();
  return [...rows(subscribers)];
}

function messageOf(id: number, spec: MessageSpec): Message {
  const direct = spec.channel === undefined ? [...new Set([spec.sender, ...(spec.to ?? [])])].sort((a, b) => a - b) : [];
  const content = spec.content ?? `message ${id}`;
  const reactions: Reaction[] = (spec.reactedBy ?? []).map((userId) => ({ emojiName: 'octopus', emojiCode: '1f419', reactionType: 'unicode_emoji', userId }));
  return {
    id,
    senderId: spec.sender,
    channelId: spec.channel ?? null,
    topic: spec.channel === undefined ? '' : (spec.topic ?? 'test'),
    directUserIds: direct,
    recipientId: spec.channel ?? 1000 + id,
    content,
    renderedContent: spec.rendered ?? `<p>${content}</p>`,
    dateSent: NOW + id,
    client: 'test',
    isMeMessage: false,
    mentionedUserIds: [],
    mentionedGroupIds: [],
    streamWildcard: false,
    topicWildcard: false,
    hasLink: spec.hasLink ?? false,
    hasImage: spec.hasImage ?? false,
    hasAttachment: spec.hasAttachment ?? false,
    reactions,
    editHistory: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
  };
}

/** The state with the messages added (ids continue the realm's counter), and their ids. */
export function withMessages(base: State, specs: readonly MessageSpec[]): { state: State; ids: number[] } {
  const ids: number[] = [];
  const state = produce(base, (draft) => {
    const writable = draft as unknown as WritableState;
    for (const spec of specs) {
      const id = writable.counters.nextMessageId;
      writable.counters = { ...writable.counters, nextMessageId: id + 1 };
      const message = messageOf(id, spec);
      insertMessageMutably(writable, message);
      const holders = spec.rows ?? (spec.channel === undefined ? message.directUserIds : subscriberIds(writable as State, spec.channel));
      for (const userId of holders) {
        const bits = spec.flags?.[userId] ?? (userId === spec.sender ? FLAG_BITS.read : 0);
        putUserMessageMutably(writable, userId, message, bits);
      }
      ids.push(id);
    }
  });
  return { state, ids };
}

function subscriptionOf(userId: number, channelId: number, isMuted = false): Subscription {
  return {
    userId,
    channelId,
    color: '#76ce90',
    isMuted,
    pinToTop: false,
    desktopNotifications: null,
    emailNotifications: null,
    pushNotifications: null,
    audibleNotifications: null,
    wildcardMentionsNotify: null,
  };
}

/** The state with the user's subscription to the channel muted (subscribing them first if needed). */
export function withMutedChannel(base: State, userId: number, channelId: number): State {
  return produce(base, (draft) => {
    const existing = getRow(getRow(base.subscriptionsByUser, userId) ?? emptyTable<number, Subscription>(), channelId);
    putSubscriptionMutably(draft as unknown as WritableState, { ...(existing ?? subscriptionOf(userId, channelId)), isMuted: true });
  });
}

export function withSubscription(base: State, userId: number, channelId: number): State {
  return produce(base, (draft) => putSubscriptionMutably(draft as unknown as WritableState, subscriptionOf(userId, channelId)));
}

export function withoutSubscription(base: State, userId: number, channelId: number): State {
  return produce(base, (draft) => removeSubscriptionMutably(draft as unknown as WritableState, userId, channelId));
}

export function userOf(state: State, userId: number) {
  const user = getRow(state.users, userId);
  if (user === undefined) throw new Error(`no user ${userId}`);
  return user;
}
