/**
 * The events of sending and deleting messages: who gets them, with which
 * flags and in which form. The spec leaves event payloads out, so these are
 * the real server's behaviour (server-events.md §1.6, §5.1 and §6).
 */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const SEND = 'POST /messages';
const DELETE = 'DELETE /messages/{message_id}';
const ev = (section: string) => `server-events.md: ${section}`;

export const MESSAGE_EVENT_CLAUSES: readonly Clause[] = [
  compat(
    'events.messages.recipients',
    ev('§5.1'),
    'every recipient (channel subscribers, or the conversation’s participants, sender included) gets a message event with the message',
    SEND,
  ),
  compat('events.messages.flags', ev('§5.1, §6'), 'each recipient’s event carries that recipient’s own flags, outside the message', SEND),
  compat(
    'events.messages.local-id',
    ev('§5.1'),
    'local_message_id (the local_id sent) is only in the event of the queue named by queue_id, and only with both given',
    SEND,
  ),
  compat(
    'events.messages.markdown',
    ev('§1.1, §6'),
    'a queue registered with apply_markdown=false gets the Markdown source as text/x-markdown, with true the HTML as text/html',
    SEND,
  ),
  compat('events.messages.narrow', ev('§1.6, §6'), 'a queue registered with a narrow gets only the message events that match it', SEND),
  compat('events.messages.audience', ev('§5.1'), 'users outside the audience (non-subscribers of a private channel, others’ conversations) get nothing', SEND),
  compat(
    'events.messages.delete',
    ev('§5.1; §1.3 bulk_message_deletion'),
    'deleting sends delete_message (message_type, stream_id and topic) with message_ids to bulk_message_deletion queues, else with message_id',
    DELETE,
  ),
  compat('events.messages.delete-audience', ev('§5.1'), 'users who could not see a deleted message get no delete_message event', DELETE),
];
