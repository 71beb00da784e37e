/**
 * Message reminders (the real server's zerver/lib/reminders.py): the note's
 * limits, and the Markdown Notification Bot sends the user at the reminder's
 * time, quoting the message it is about.
 */
import { MAX_MESSAGE_LENGTH, MAX_REMINDER_NOTE_LENGTH } from '../endpoints/register/limits.js';
import { Errors } from '../errors.js';
import { channelNarrowSlug, encodeHashComponent } from '../markdown/zulip/hash-encoding.js';
import { accept, type Checked, reject } from '../outcome.js';
import { silentMention } from '../present/link-syntax.js';
import { selectSender } from '../present/message.js';
import type { Message, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { selectChannel } from './channels.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';
import { unusedFence } from './message-reports.js';

const CONTENT_TRUNCATED = '\n[message truncated]';

/** normalize_note_text: trailing whitespace and leading newlines go; more than 1000 characters is refused. */
export function normalizeReminderNote(note: string): Checked<string> {
  const trimmed = note.trimEnd().replace(/^\n+/, '');
  return [...trimmed].length > MAX_REMINDER_NOTE_LENGTH ? reject(Errors.reminderNoteTooLong(MAX_REMINDER_NOTE_LENGTH)) : accept(trimmed);
}

function truncateContent(content: string, max: number): string {
  const characters = [...content];
  if (characters.length <= max) return content;
  return characters.slice(0, Math.max(0, max - [...CONTENT_TRUNCATED].length)).join('') + CONTENT_TRUNCATED;
}

/** "A", "A and B", "A, B, and C" (uncertain for more than one: the real server's get_user_mentions_for_display was not read). */
function listMentions(users: readonly User[]): string {
  const mentions = users.map(silentMention);
  if (mentions.length <= 2) return mentions.join(' and ');
  return `${mentions.slice(0, -1).join(', ')}, and ${mentions[mentions.length - 1]}`;
}

/** The widget a message is, by its first word, as the reminder names it. */
function widgetOf(message: Message): string | null {
  if (message.content.startsWith('/poll')) return 'poll';
  if (message.content.startsWith('/todo')) return 'todo list';
  return null;
}

/** The absolute link to the message in its conversation (message_link_url). */
function conversationUrl(message: Message, realmUrl: string, channelSlug: string | null): string {
  if (channelSlug !== null) return `${realmUrl}/#narrow/channel/${channelSlug}/topic/${encodeHashComponent(message.topic)}/near/${message.id}`;
  return `${realmUrl}/#narrow/dm/${message.directUserIds.join(',')}/near/${message.id}`;
}

/**
 * The reminder's Markdown (get_reminder_formatted_content): what it is
 * about, the note as a quote line, who said it where, and the message
 * itself in a quote block cut to fit one message (polls and todo lists are
 * named instead of quoted).
 */
export function reminderContent(state: State, user: User, message: Message, note: string, realmUrl: string): string {
  const sender = selectSender(state, message);
  const channel = message.channelId === null ? undefined : selectChannel(state, message.channelId);
  const slug = channel === undefined ? null : channelNarrowSlug(channel.id, channel.name);
  const url = conversationUrl(message, realmUrl, slug);
  const widget = widgetOf(message);
  const noteLine = note === '' ? '.' : `. Note:\n > ${note}`;
  let content: string;
  let lead: string;
  if (channel !== undefined && slug !== null) {
    content = `You requested a reminder for the following message${noteLine}\n\n`;
    const topicText = message.topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : message.topic;
    const where = `[#${channel.name} > ${topicText}](#narrow/channel/${slug}/topic/${encodeHashComponent(message.topic)}/with/${message.id})`;
    lead = widget === null ? `${silentMention(sender)} [said](${url}) in ${where}:` : `${silentMention(sender)} [sent](${url}) a ${widget} in ${where}.`;
  } else {
    content = `You requested a reminder for the following direct message${noteLine}\n\n`;
    const toSelf = message.directUserIds.length === 1 && message.directUserIds[0] === user.id && sender.id === user.id;
    if (toSelf) {
      lead = widget === null ? `You [sent](${url}) a note to yourself:` : `You [sent](${url}) yourself a ${widget}.`;
    } else {
      const others = message.directUserIds.filter((id) => id !== sender.id).map((id) => getRow(state.users, id));
      const recipients = others.filter((other): other is User => other !== undefined);
      const named = listMentions(recipients.length === 0 ? [sender] : recipients);
      lead = widget === null ? `${silentMention(sender)} [said](${url}) to ${named}:` : `${silentMention(sender)} [sent](${url}) a ${widget} to ${named}.`;
    }
  }
  content += lead;
  if (widget !== null) return content;
  content += '\n';
  const fence = unusedFence(message.content);
  const room = MAX_MESSAGE_LENGTH - [...`${content}${fence}quote\n\n${fence}`].length;
  return `${content}${fence}quote\n${truncateContent(message.content, room)}\n${fence}`;
}
