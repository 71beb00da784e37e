/**
 * Scheduled messages and message reminders. The spec does not state them;
 * every clause is the real server's behaviour (`compat`,
 * zerver/views/scheduled_messages.py, actions/scheduled_messages.py,
 * lib/reminders.py; events in server-events.md §5.7). Delivery clauses need
 * a target whose clock the suite can move.
 */
import type { Clause } from '../clauses.js';
import { compat, withLevels } from './clause.js';

const LIST = 'GET /scheduled_messages';
const CREATE = 'POST /scheduled_messages';
const EDIT = 'PATCH /scheduled_messages/{scheduled_message_id}';
const DELETE = 'DELETE /scheduled_messages/{scheduled_message_id}';
const REMINDERS = 'GET /reminders';
const REMIND = 'POST /reminders';
const DELETE_REMINDER = 'DELETE /reminders/{reminder_id}';

const views = 'zerver/views/scheduled_messages.py';
const actions = 'zerver/actions/scheduled_messages.py';
const reminders = 'zerver/lib/reminders.py';
const ev = 'server-events.md: §5.7';

const ALL_SCHEDULED_MESSAGE_CLAUSES: readonly Clause[] = [
  compat(
    'scheduled.create.list',
    views,
    'POST /scheduled_messages answers scheduled_message_id; GET lists it with to, type, content, rendered_content, topic (channels only), the time and failed',
    CREATE,
  ),
  compat('scheduled.create.refused', views, 'a time not in the future, a list as a channel id, or what sending refuses is an error; nothing is stored', CREATE),
  compat('scheduled.edit', actions, 'PATCH changes content, topic, recipients and time; an empty PATCH is "Nothing to change"; another user’s is 404', EDIT),
  compat(
    'scheduled.delete',
    actions,
    'DELETE removes the caller’s scheduled message; a missing or another user’s is 404 "Scheduled message does not exist"',
    DELETE,
  ),
  compat('scheduled.register', views, 'register with scheduled_messages lists what GET /scheduled_messages lists', LIST),
  compat('events.scheduled', ev, 'scheduled_messages events add, update and remove reach the sender and nobody else', CREATE),
  compat(
    'scheduled.delivery',
    actions,
    'once its time has passed, a scheduled message is sent as the sender’s message and leaves the list, with a remove event',
    CREATE,
  ),

  compat(
    'reminders.create.list',
    reminders,
    'POST /reminders answers reminder_id; GET /reminders lists it with to (the user), type private, the time, failed and reminder_target_message_id',
    REMIND,
  ),
  compat(
    'reminders.create.refused',
    reminders,
    'a time not in the future or a message the user cannot read ("Invalid message(s)") is refused; nothing is stored',
    REMIND,
  ),
  compat('reminders.delete', reminders, 'DELETE removes the caller’s reminder; a missing or another user’s is 404 "Reminder does not exist"', DELETE_REMINDER),
  compat('reminders.register', reminders, 'register with reminders lists what GET /reminders lists', REMINDERS),
  compat('events.reminders', ev, 'reminders events add and remove reach the user and nobody else', REMIND),
  compat(
    'reminders.delivery',
    actions,
    'once its time has passed, Notification Bot sends the user a direct message quoting the message, and the reminder leaves the list',
    REMIND,
  ),
];

/** Message reminders appeared at feature level 381 (creating them); listing, deleting, register's reminders and their events at 399. */
export const SCHEDULED_MESSAGE_CLAUSES: readonly Clause[] = withLevels(ALL_SCHEDULED_MESSAGE_CLAUSES, {
  'reminders.*': 381,
  'reminders.create.list': 399,
  'reminders.delete': 399,
  'reminders.register': 399,
  'events.reminders': 399,
});
