/**
 * Scheduled messages (the real server's zerver/views/scheduled_messages.py,
 * lib/scheduled_messages.py, lib/recipient_parsing.py): each sender's own;
 * the time must lie ahead; the addressee and content pass the same checks as
 * sending (rules/check-message.ts), when scheduled, edited and delivered.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { ScheduledMessage, State, User } from '../state.js';
import { selectSenderScheduledMessages } from '../tables/scheduled-messages.js';
import { getRow } from '../tables/table.js';
import type { Addressee } from './check-message.js';

/** The API's recipient types: `direct` and `channel` are the modern names of `private` and `stream`. */
export type RecipientTypeName = 'direct' | 'private' | 'stream' | 'channel';

export function isChannelType(type: RecipientTypeName): boolean {
  return type === 'stream' || type === 'channel';
}

/** The delivery time must be later than now (a time equal to now is refused too). */
export function checkDeliveryInFuture(deliverAt: number, now: number): Checked<true> {
  return deliverAt > now ? accept(true) : reject(Errors.deliveryTimeNotInFuture());
}

/** extract_stream_id / extract_direct_message_recipient_ids: a channel is one id, direct recipients a list of ids. */
export function parseScheduledRecipients(channel: boolean, to: number | readonly number[]): Checked<number | readonly number[]> {
  if (channel) return typeof to === 'number' ? accept(to) : reject(Errors.invalidChannelIdType());
  return typeof to === 'number' ? reject(Errors.invalidRecipientsType()) : accept([...new Set(to)].sort((a, b) => a - b));
}

/** The addressee check_message gets for a channel (with its topic) or for direct recipients. */
export function scheduledAddressee(to: number | readonly number[], topic: string | undefined): Addressee {
  return typeof to === 'number' ? { kind: 'channel', channel: to, topic } : { kind: 'direct', recipients: { ids: to } };
}

/** The addressee a stored message is delivered to (or checked against again on an edit). */
export function storedAddressee(message: ScheduledMessage): Addressee {
  return message.channelId === null
    ? { kind: 'direct', recipients: { ids: message.directUserIds } }
    : { kind: 'channel', channel: message.channelId, topic: message.topic };
}

function byDeliveryTime(a: ScheduledMessage, b: ScheduledMessage): number {
  return a.deliverAt - b.deliverAt || a.id - b.id;
}

/** The sender's undelivered scheduled messages (failed ones included), soonest first. */
export function selectUndeliveredScheduledMessages(state: State, user: User): ScheduledMessage[] {
  return selectSenderScheduledMessages(state.scheduledMessages, user.id, 'send_later')
    .filter((message) => message.status !== 'delivered')
    .sort(byDeliveryTime);
}

/** The user's undelivered reminders (failed ones included), soonest first. */
export function selectUndeliveredReminders(state: State, user: User): ScheduledMessage[] {
  return selectSenderScheduledMessages(state.scheduledMessages, user.id, 'remind')
    .filter((message) => message.status !== 'delivered')
    .sort(byDeliveryTime);
}

function accessOwn(state: State, user: User, id: number, kind: ScheduledMessage['kind']): ScheduledMessage | undefined {
  const message = getRow(state.scheduledMessages.byId, id);
  return message !== undefined && message.senderId === user.id && message.kind === kind ? message : undefined;
}

/** The sender's own scheduled message (delivered ones too, as the real server keeps their rows); anyone else's is missing. */
export function accessScheduledMessage(state: State, user: User, id: number): Checked<ScheduledMessage> {
  const message = accessOwn(state, user, id, 'send_later');
  return message === undefined ? reject(Errors.scheduledMessageNotFound()) : accept(message);
}

export function accessReminder(state: State, user: User, id: number): Checked<ScheduledMessage> {
  const message = accessOwn(state, user, id, 'remind');
  return message === undefined ? reject(Errors.reminderNotFound()) : accept(message);
}

/** An edit of a delivered message is refused; a failed one needs a new delivery time. */
export function checkScheduledMessageEditable(message: ScheduledMessage, newDeliveryTime: boolean): Checked<true> {
  if (message.status === 'delivered') return reject(Errors.scheduledMessageAlreadySent());
  if (message.status === 'failed' && !newDeliveryTime) return reject(Errors.deliveryTimeNotInFuture());
  return accept(true);
}

/** The failure notice Notification Bot sends the sender (send_failed_scheduled_message_notification). */
export function failedScheduledMessageNotice(deliveryTime: string, error: string): string {
  return `The message you scheduled for ${deliveryTime} was not sent because of the following error:\n\n> ${error}\n\n[View scheduled messages](#scheduled)`;
}
