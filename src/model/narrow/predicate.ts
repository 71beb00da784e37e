/**
 * Whether one message matches a resolved narrow, given the flags the user
 * reads it with (reference server-messages-channels §6.2). GET /messages
 * filters with it and GET /messages/matches_narrow tests with it.
 */
import { ANY_MENTION, FLAG_BITS } from '../rules/message-flags.js';
import type { Message, State } from '../state.js';
import { conversationKey, topicKey } from '../tables/messages.js';
import { getRow } from '../tables/table.js';
import { matchesSearch } from './search.js';
import type { IsOperand, ResolvedNarrow, ResolvedTerm } from './terms.js';

/** RESOLVED_TOPIC_PREFIX: a check mark and a space. */
const RESOLVED_TOPIC_PREFIX = '✔ ';

/** A channel message in a channel the user has muted: what `in:home` leaves out and `is:muted` keeps. */
function inMutedChannel(narrow: ResolvedNarrow, message: Message): boolean {
  return message.channelId !== null && narrow.mutedChannelIds.has(message.channelId);
}

function isCondition(narrow: ResolvedNarrow, operand: IsOperand, message: Message, flags: number): boolean {
  switch (operand) {
    case 'dm':
      return message.channelId === null;
    case 'starred':
      return (flags & FLAG_BITS.starred) !== 0;
    case 'unread':
      return (flags & FLAG_BITS.read) === 0;
    case 'mentioned':
      return (flags & ANY_MENTION) !== 0;
    case 'alerted':
      return (flags & FLAG_BITS.has_alert_word) !== 0;
    case 'resolved':
      return message.channelId !== null && message.topic.startsWith(RESOLVED_TOPIC_PREFIX);
    case 'followed':
      // Following is a topic visibility policy, and the model has none yet: no topic is followed.
      return false;
    case 'muted':
      // Muted topics would count too; the model has no topic visibility policies yet, so only channel mutes do.
      return inMutedChannel(narrow, message);
  }
}

/** The term's condition before its negation. */
function holds(state: State, narrow: ResolvedNarrow, term: ResolvedTerm, message: Message, flags: number): boolean {
  switch (term.kind) {
    case 'channel':
      return message.channelId === term.channelId;
    case 'channels': {
      const channel = message.channelId === null ? undefined : getRow(state.channels, message.channelId);
      // get_public_streams_queryset / get_web_public_streams_queryset, read now.
      return channel !== undefined && !channel.inviteOnly && channel.historyPublicToSubscribers && (term.which === 'public' || channel.isWebPublic);
    }
    case 'topic':
      return message.channelId !== null && topicKey(message.topic) === term.key;
    case 'sender':
      return message.senderId === term.userId;
    case 'dm':
      return message.channelId === null && term.conversation !== null && conversationKey(message.directUserIds) === term.conversation;
    case 'dm-including':
      return message.channelId === null && message.directUserIds.includes(term.userId) && message.directUserIds.includes(narrow.userId);
    case 'group-pm-with':
      // Group conversations only: three participants or more.
      return (
        message.channelId === null &&
        message.directUserIds.length > 2 &&
        message.directUserIds.includes(term.userId) &&
        message.directUserIds.includes(narrow.userId)
      );
    case 'id':
      return message.id === term.messageId;
    case 'is':
      return isCondition(narrow, term.operand, message, flags);
    case 'has':
      switch (term.operand) {
        case 'attachment':
          return message.hasAttachment;
        case 'image':
          return message.hasImage;
        case 'link':
          return message.hasLink;
        case 'reaction':
          return message.reactions.length > 0;
      }
      return false;
    case 'in-home':
      return !inMutedChannel(narrow, message);
  }
}

/** Whether the message, read with `flags`, matches every term of the narrow and its search. */
export function messageMatchesNarrow(state: State, narrow: ResolvedNarrow, message: Message, flags: number): boolean {
  for (const term of narrow.terms) {
    if (holds(state, narrow, term, message, flags) === term.negated) return false;
  }
  return narrow.search === null || matchesSearch(message, narrow.search);
}
