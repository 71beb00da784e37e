/**
 * Writing scheduled messages and reminders (the real server's
 * zerver/actions/scheduled_messages.py and actions/reminders.py): each write
 * tells only the sender, with a `scheduled_messages` or `reminders` event.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentReminder, presentScheduledMessage } from '../present/scheduled-messages.js';
import type { ScheduledMessage } from '../state.js';
import { deleteScheduledMessageMutably, putScheduledMessageMutably } from '../tables/scheduled-messages.js';

/** Stores a new scheduled message or reminder (its id from the counter) and returns the id. */
export function scheduleMessage(tx: Tx, data: Omit<ScheduledMessage, 'id'>): number {
  const message: ScheduledMessage = { id: tx.draft.counters.nextScheduledMessageId, ...data };
  tx.draft.counters.nextScheduledMessageId += 1;
  putScheduledMessageMutably(tx.draft, message);
  const to = Audiences.users([message.senderId]);
  if (message.kind === 'remind') tx.emit({ type: 'reminders', op: 'add', reminders: [presentReminder(message)] }, to);
  else tx.emit({ type: 'scheduled_messages', op: 'add', scheduled_messages: [presentScheduledMessage(message)] }, to);
  return message.id;
}

/** Replaces a scheduled message (an edit, or a failed delivery) and tells the sender. */
export function updateScheduledMessage(tx: Tx, message: ScheduledMessage): void {
  putScheduledMessageMutably(tx.draft, message);
  tx.emit({ type: 'scheduled_messages', op: 'update', scheduled_message: presentScheduledMessage(message) }, Audiences.users([message.senderId]));
}

function removalEvent(message: ScheduledMessage) {
  return message.kind === 'remind'
    ? { type: 'reminders', op: 'remove', reminder_id: message.id }
    : { type: 'scheduled_messages', op: 'remove', scheduled_message_id: message.id };
}

export function deleteScheduledMessage(tx: Tx, message: ScheduledMessage): void {
  deleteScheduledMessageMutably(tx.draft, message);
  tx.emit(removalEvent(message), Audiences.users([message.senderId]));
}

/** A delivered message leaves the listings (its row stays, as the real server's does), told as a removal. */
export function markScheduledMessageDelivered(tx: Tx, message: ScheduledMessage): void {
  putScheduledMessageMutably(tx.draft, { ...message, status: 'delivered' });
  tx.emit(removalEvent(message), Audiences.users([message.senderId]));
}

/** A delivery that failed: the row keeps the error; only scheduled messages (not reminders) tell the sender, and only when `notify`. */
export function markScheduledMessageFailed(tx: Tx, message: ScheduledMessage, failureMessage: string, notify: boolean): ScheduledMessage {
  const failed: ScheduledMessage = { ...message, status: 'failed', failureMessage };
  if (notify) updateScheduledMessage(tx, failed);
  else putScheduledMessageMutably(tx.draft, failed);
  return failed;
}
