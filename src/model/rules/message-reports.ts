/**
 * Reporting a message (reference server-messages-channels §8): what a report
 * needs, and the notification Notification Bot posts about it in the
 * organization's moderation request channel, worded as the real server words it.
 */

import { compareByCodePoint } from '../code-point-order.js';
import { MAX_MESSAGE_LENGTH, REPORT_MESSAGE_TYPES } from '../endpoints/register/limits.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { messageLinkSyntax, silentMention } from '../present/link-syntax.js';
import { selectSender } from '../present/message.js';
import { civilFromDays } from '../present/time.js';
import type { Channel, Message, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { truncateTopic } from './addressees.js';
import { selectChannel } from './channels.js';
import { botTopic } from './message-sending.js';

export type ReportType = (typeof REPORT_MESSAGE_TYPES)[number]['key'];

export const REPORT_TYPE_KEYS = REPORT_MESSAGE_TYPES.map((type) => type.key) as [ReportType, ...ReportType[]];

export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;

// Room for the reporter's description and the notification's own words within one message.
const MAX_REPORTED_CONTENT_LENGTH = MAX_MESSAGE_LENGTH - MAX_REPORT_DESCRIPTION_LENGTH - 500;
const CONTENT_TRUNCATED = '\n[message truncated]';

/**
 * The moderation request channel a report goes to. `other` needs an
 * explanation; that is checked before whether reporting is on at all.
 */
export function checkCanReport(state: State, reportType: ReportType, description: string): Checked<Channel> {
  if (reportType === 'other' && description === '') return reject(Errors.reportExplanationRequired());
  const channelId = state.realm.settings.moderationRequestChannelId;
  const channel = channelId === null ? undefined : selectChannel(state, channelId);
  return channel === undefined ? reject(Errors.messageReportingDisabled()) : accept(channel);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `<time:2025-01-15T10:20:30+00:00>`: a global time every reader sees in their own zone. */
export function globalTime(unixSeconds: number): string {
  const days = Math.floor(unixSeconds / 86400);
  const second = unixSeconds - days * 86400;
  const [year, month, day] = civilFromDays(days);
  const clock = `${pad(Math.floor(second / 3600))}:${pad(Math.floor((second % 3600) / 60))}:${pad(second % 60)}`;
  return `<time:${pad(year, 4)}-${pad(month)}-${pad(day)}T${clock}+00:00>`;
}

/** The real server's truncate_content: over `max` code points, cut so that the marker still fits. */
function truncateContent(content: string, max: number, marker: string): string {
  const characters = [...content];
  if (characters.length <= max) return content;
  return characters.slice(0, max - [...marker].length).join('') + marker;
}

/** A code fence longer than any fence line inside `content`, so the content cannot close it. */
export function unusedFence(content: string): string {
  let length = 3;
  for (const match of content.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, match[1]!.length + 1);
  return '`'.repeat(length);
}

function participantsOf(state: State, message: Message): User[] {
  return message.directUserIds.map((id) => getRow(state.users, id) ?? state.systemBots.notificationBot);
}

/** "A, B, and C" as the real server lists the other recipients of a group direct message. */
function listMentions(users: readonly User[]): string {
  const mentions = users.map(silentMention).sort(compareByCodePoint);
  const last = mentions.pop() ?? '';
  return `${mentions.join(', ')}${mentions.length > 1 ? ',' : ''} and ${last}`;
}

function reportHeader(state: State, reporter: User, message: Message): string {
  const sender = selectSender(state, message);
  const by = `${silentMention(reporter)} reported`;
  const at = globalTime(message.dateSent);
  if (message.channelId !== null) return `${by} a message sent by ${silentMention(sender)} at ${at}.`;
  const participants = participantsOf(state, message);
  if (participants.length <= 2) {
    if (sender.id !== reporter.id) return `${by} a direct message sent by ${silentMention(sender)} at ${at}.`;
    // Reporters of their own direct message name its recipient (themselves, in a message to self).
    const recipient = participants.find((user) => user.id !== reporter.id) ?? reporter;
    return `${by} a direct message sent by ${silentMention(sender)} to ${silentMention(recipient)} at ${at}.`;
  }
  const others = participants.filter((user) => user.id !== sender.id);
  return `${by} a direct message sent by ${silentMention(sender)} to ${listMentions(others)} at ${at}.`;
}

function originalMessageLink(state: State, message: Message, realmUrl: string): string {
  const channel = message.channelId === null ? undefined : selectChannel(state, message.channelId);
  if (channel !== undefined) return `Original message at ${messageLinkSyntax(channel, message.topic, message.id)}`;
  const ids = [...message.directUserIds].sort((a, b) => a - b);
  const slug = `${ids.join(',')}${ids.length >= 3 ? '-group' : ''}`;
  return `[Original message](${realmUrl}/#narrow/dm/${slug}/near/${message.id})`;
}

/** The notification's Markdown: who reported what and when, the reason, and the reported content in a spoiler. */
export function reportContent(state: State, reporter: User, message: Message, reportType: ReportType, description: string, realmUrl: string): string {
  const label = REPORT_MESSAGE_TYPES.find((type) => type.key === reportType)?.name ?? reportType;
  const reported = truncateContent(message.content, MAX_REPORTED_CONTENT_LENGTH, CONTENT_TRUNCATED);
  const fence = unusedFence(reported);
  return [
    reportHeader(state, reporter, message),
    '```quote',
    `**${label}**. ${description}`,
    '```',
    '',
    `${fence} spoiler ${originalMessageLink(state, message, realmUrl)}`,
    reported,
    fence,
  ].join('\n');
}

/** "<reported user's name> moderation", or the empty topic where the channel allows only that one. */
export function reportTopic(state: State, channel: Channel, message: Message): string {
  return botTopic(channel, truncateTopic(`${selectSender(state, message).fullName} moderation`));
}
