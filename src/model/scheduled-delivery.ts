/**
 * The due work of the clock: scheduled messages and reminders whose time has
 * come are delivered, soonest first (the real server's
 * try_deliver_one_scheduled_message, run until nothing is due). The store
 * calls this whenever its clock may have passed a delivery time; it is a
 * write like any request's, with events, and costs nothing when nothing is due.
 *
 * Each message goes out as if the worker ran exactly on time: it is checked
 * and sent at its own delivery time, which becomes its date. So the result
 * does not depend on when the store happened to look (a journal replays to
 * the same state), and the real server's ten-minute lateness cutoff never
 * applies.
 */

import { sendMessage } from './actions/messages.js';
import { markScheduledMessageDelivered, markScheduledMessageFailed } from './actions/scheduled-messages.js';
import { Errors } from './errors.js';
import { commit, type Tx, type Written } from './events/commit.js';
import { normalizeContent } from './rules/addressees.js';
import { checkMessage } from './rules/check-message.js';
import { renderMessageFor } from './rules/message-rendering.js';
import { globalTime } from './rules/message-reports.js';
import { accessMessage } from './rules/messages.js';
import { reminderContent } from './rules/reminders.js';
import { failedScheduledMessageNotice, storedAddressee } from './rules/scheduled-messages.js';
import type { ScheduledMessage, State, User } from './state.js';
import { selectDueAt, selectEarliestDueTime } from './tables/scheduled-messages.js';
import { getRow } from './tables/table.js';

/** Notification Bot's direct message to `user`, sent as an internal message. */
function notify(tx: Tx, user: User, content: string, origin: string): void {
  const state = tx.draft as unknown as State;
  const bot = state.systemBots.notificationBot;
  const normalized = normalizeContent(content);
  if (!normalized.ok) return;
  sendMessage(tx, {
    sender: bot,
    channel: null,
    topic: '',
    recipients: [user],
    content: normalized.value,
    rendered: renderMessageFor(state, bot, normalized.value, origin, tx.now),
    client: 'Internal',
    readBySender: false,
  });
}

function deliverReminder(tx: Tx, message: ScheduledMessage, sender: User): void {
  const state = tx.draft as unknown as State;
  let content = message.content;
  const target = message.reminderTargetMessageId === null ? undefined : accessMessage(state, sender, message.reminderTargetMessageId, tx.now);
  // A message the user can no longer read is recalled as it was when the reminder was set.
  if (target?.ok === true) content = reminderContent(state, sender, target.value.message, message.reminderNote ?? '', message.origin);
  notify(tx, sender, content, message.origin);
  markScheduledMessageDelivered(tx, message);
}

function deliverMessage(tx: Tx, message: ScheduledMessage, sender: User): void {
  const state = tx.draft as unknown as State;
  // Permissions and mentions are judged at delivery, as the real server checks the message again then.
  const checked = checkMessage(state, sender, storedAddressee(message), message.content, tx.now, message.origin);
  if (!checked.ok) {
    markScheduledMessageFailed(tx, message, checked.error.msg, true);
    notify(tx, sender, failedScheduledMessageNotice(globalTime(message.deliverAt), checked.error.msg), message.origin);
    return;
  }
  const { channel, recipients, topic, content, rendered, topicParticipantIds } = checked.value;
  sendMessage(tx, {
    sender,
    channel,
    topic,
    recipients,
    content,
    rendered,
    client: message.client,
    readBySender: message.readBySender,
    ...(topicParticipantIds === undefined ? {} : { topicParticipantIds }),
  });
  markScheduledMessageDelivered(tx, message);
}

function deliverOne(tx: Tx, message: ScheduledMessage): void {
  const state = tx.draft as unknown as State;
  const sender = getRow(state.users, message.senderId);
  // Neither failure is told to anyone: the real server skips the notice for a deactivated organization or sender.
  if (state.realm.deactivated) {
    markScheduledMessageFailed(tx, message, Errors.realmDeactivated().msg, false);
    return;
  }
  if (sender === undefined || !sender.isActive) {
    markScheduledMessageFailed(tx, message, Errors.userDeactivated().msg, false);
    return;
  }
  if (message.kind === 'remind') deliverReminder(tx, message, sender);
  else deliverMessage(tx, message, sender);
}

/** Delivers everything due at or before `now`; null when nothing is (the state is then untouched). */
export function deliverDueScheduledMessages(state: State, now: number): Written | null {
  const first = selectEarliestDueTime(state.scheduledMessages);
  if (first === undefined || first > now) return null;
  return commit(state, now, (tx) => {
    for (;;) {
      const current = tx.draft as unknown as State;
      const time = selectEarliestDueTime(current.scheduledMessages);
      if (time === undefined || time > now) return;
      const [message] = selectDueAt(current.scheduledMessages, time);
      if (message === undefined) return;
      deliverOne({ ...tx, now: time }, message);
    }
  });
}
