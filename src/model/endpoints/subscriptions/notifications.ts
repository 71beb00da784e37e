/**
 * What the Notification Bot posts when channels are created: the
 * announcement in the organization's new-channel announcements channel and
 * the channel-events message in each new channel. The "you were subscribed"
 * direct messages wait for direct messages (the messages work).
 */
import type { Draft } from 'immer';
import { renderMarkdown } from '../../present/markdown.js';
import { alwaysSendsChannelEventsMessages } from '../../rules/feature-levels.js';
import type { Channel, Message, State, User } from '../../state.js';
import { putChannelMutably } from '../../tables/channels.js';
import { getRow, withRow } from '../../tables/table.js';

export const ANNOUNCEMENT_TOPIC = 'new channels';
export const CHANNEL_EVENTS_TOPIC = 'channel events';

/** `@_**Full Name|id**`: names the user without notifying them. */
export function silentMention(user: User): string {
  return `@_**${user.fullName}|${user.id}**`;
}

const BREAKS_CHANNEL_LINK = ['`', '>', '*', '&', '[[', ']]', '$$'];

/** `#**name**`, or a plain link to the channel's narrow when the name would break that syntax. */
export function channelLink(channel: Channel): string {
  if (!BREAKS_CHANNEL_LINK.some((sequence) => channel.name.includes(sequence))) return `#**${channel.name}**`;
  const slug = encodeURIComponent(channel.name.replaceAll(' ', '-'));
  const label = channel.name.replace(/[[\]\\`*_$]/g, (character) => `\\${character}`);
  return `[#${label}](#narrow/channel/${channel.id}-${slug})`;
}

export function announcementContent(actor: User, created: readonly Channel[]): string {
  const links = created.map(channelLink).join(', ');
  return created.length > 1 ? `${silentMention(actor)} created the following channels: ${links}.` : `${silentMention(actor)} created a new channel ${links}.`;
}

function channelKind(channel: Channel): string {
  if (channel.isWebPublic) return '**Web-public**';
  if (!channel.inviteOnly) return '**Public**';
  return channel.historyPublicToSubscribers ? '**Private, shared history**' : '**Private, protected history**';
}

export function channelEventsContent(actor: User, channel: Channel): string {
  const description = channel.description === '' ? '*No description.*' : channel.description;
  return `${channelKind(channel)} channel created by ${silentMention(actor)}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``;
}

/** The topic the bot posts under: the empty topic where a channel allows only that one. */
export function botTopic(channel: Channel, topic: string): string {
  return channel.topicsPolicy === 'empty_topic_only' ? '' : topic;
}

export function sendsChannelEventsMessages(state: State): boolean {
  return alwaysSendsChannelEventsMessages(state) || state.realm.settings.sendChannelEventsMessages;
}

/** Posts a Notification Bot message to a channel (which must exist in the draft); its first message sets first_message_id. */
export function postBotMessageMutably(draft: Draft<State>, channelId: number, topic: string, content: string, now: number): void {
  const id = draft.counters.nextMessageId;
  draft.counters.nextMessageId += 1;
  const message: Message = {
    id,
    senderId: draft.systemBots.notificationBot.id,
    channelId,
    topic,
    content,
    renderedContent: renderMarkdown(content),
    dateSent: Math.floor(now),
  };
  draft.messages = withRow(draft.messages as State['messages'], id, Object.freeze(message)) as Draft<State>['messages'];
  draft.lastMessageIdByChannel = withRow(
    draft.lastMessageIdByChannel as State['lastMessageIdByChannel'],
    channelId,
    id,
  ) as Draft<State>['lastMessageIdByChannel'];
  const channel = getRow(draft.channels as State['channels'], channelId);
  if (channel !== undefined && channel.firstMessageId === null) putChannelMutably(draft, { ...channel, firstMessageId: id });
}
