/**
 * What the Notification Bot posts when channels are created: the
 * announcement in the organization's new-channel announcements channel and
 * the channel-events message in each new channel, and the "you were subscribed"
 * direct messages (reference server-messages-channels §1.4).
 */
import { sendMessage } from '../../actions/messages.js';
import type { Tx } from '../../events/commit.js';
import { channelLinkSyntax, silentMention } from '../../present/link-syntax.js';
import { alwaysSendsChannelEventsMessages } from '../../rules/feature-levels.js';
import { renderMessageFor } from '../../rules/message-rendering.js';
import { botTopic } from '../../rules/message-sending.js';
import type { Channel, State, User } from '../../state.js';
import { getRow } from '../../tables/table.js';

export { botTopic, silentMention };

export const ANNOUNCEMENT_TOPIC = 'new channels';
export const CHANNEL_EVENTS_TOPIC = 'channel events';

export function announcementContent(actor: User, created: readonly Channel[]): string {
  const links = created.map(channelLinkSyntax).join(', ');
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

export function sendsChannelEventsMessages(state: State): boolean {
  return alwaysSendsChannelEventsMessages(state) || state.realm.settings.sendChannelEventsMessages;
}

/** "@_**Actor|id** subscribed you to #**chan**." — or a list, sorted by name, for several channels. */
export function subscribedYouContent(actor: User, channelNames: readonly string[]): string {
  const names = [...channelNames].sort();
  if (names.length === 1) return `${silentMention(actor)} subscribed you to #**${names[0]}**.`;
  return `${silentMention(actor)} subscribed you to the following channels:\n\n${names.map((name) => `* #**${name}**\n`).join('')}`;
}

/**
 * Posts a Notification Bot message to a channel or to one user, marked read
 * for `readerId` (the acting user). It is rendered against the draft, so a
 * channel created in the same request is linked.
 */
export function postBotMessage(
  tx: Tx,
  to: { readonly channel: Channel; readonly topic: string } | { readonly user: User },
  content: string,
  readerId: number,
): void {
  const current = tx.draft as unknown as State;
  const bot = current.systemBots.notificationBot;
  const rendered = renderMessageFor(current, bot, content, `https://${current.realm.host}`, tx.now);
  const channel = 'channel' in to ? (getRow(current.channels, to.channel.id) ?? to.channel) : null;
  sendMessage(tx, {
    sender: bot,
    channel,
    topic: 'channel' in to ? to.topic : '',
    recipients: 'user' in to ? [to.user] : [],
    content,
    rendered,
    client: 'Internal',
    readBySender: false,
    markReadFor: [readerId],
  });
}

/**
 * After channels were created: the announcement in the new-channel
 * announcements channel (when asked for and one is set), then the
 * channel-events message in each new channel (when the organization sends them).
 */
export function postNewChannelNotices(tx: Tx, actor: User, created: readonly Channel[], announce: boolean): void {
  if (created.length === 0) return;
  const announcementsChannelId = tx.before.realm.settings.newStreamAnnouncementsStreamId;
  const announcementsChannel = announcementsChannelId === null ? undefined : getRow(tx.before.channels, announcementsChannelId);
  if (announce && announcementsChannel !== undefined) {
    const topic = botTopic(announcementsChannel, ANNOUNCEMENT_TOPIC);
    postBotMessage(tx, { channel: announcementsChannel, topic }, announcementContent(actor, created), actor.id);
  }
  if (sendsChannelEventsMessages(tx.before)) {
    for (const channel of created) {
      postBotMessage(tx, { channel, topic: botTopic(channel, CHANNEL_EVENTS_TOPIC) }, channelEventsContent(actor, channel), actor.id);
    }
  }
}
