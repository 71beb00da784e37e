/** Which emissions a queue accepts (the real server's accepts_event), as a pure rule. */
import { EMPTY_TOPIC_DISPLAY_NAME } from '../rules/message-rendering.js';
import type { ApiEvent, Emission, QueueSpec } from './event.js';

export function queueAccepts(queue: QueueSpec, emission: Emission): boolean {
  const { event, capability } = emission;
  if (capability !== undefined && queue.capabilities.has(capability.name) !== capability.has) return false;
  // Heartbeats keep a long-poll alive whatever the queue asked for.
  if (event.type === 'heartbeat') return true;
  if (queue.eventTypes !== null && !queue.eventTypes.has(event.type)) return false;
  // A queue that asked for user_topic by name does not get its legacy duplicate.
  if (event.type === 'muted_topics' && queue.eventTypes?.has('user_topic') === true) return false;
  if (event.type === 'typing' && event['message_type'] === 'stream' && !queue.capabilities.has('stream_typing_notifications')) return false;
  return true;
}

const RESOLVED_PREFIX = '✔ ';

/** Whether a `message` event matches a queue's narrow (reference server-events §6): names, not ids; case-insensitive. */
export function messageMatchesQueueNarrow(narrow: QueueSpec['narrow'], message: Readonly<Record<string, unknown>>, flags: readonly string[]): boolean {
  const isChannel = message['type'] === 'stream';
  for (const [operator, rawOperand] of narrow) {
    const operand = rawOperand.toLowerCase();
    switch (operator) {
      case 'channel':
      case 'stream':
        if (!isChannel || String(message['display_recipient']).toLowerCase() !== operand) return false;
        break;
      case 'topic':
        if (!isChannel || String(message['subject']).toLowerCase() !== operand) return false;
        break;
      case 'sender':
        if (String(message['sender_email']).toLowerCase() !== operand) return false;
        break;
      case 'is':
        if ((operand === 'dm' || operand === 'private') && isChannel) return false;
        if (operand === 'starred' && !flags.includes('starred')) return false;
        if (operand === 'unread' && flags.includes('read')) return false;
        if ((operand === 'mentioned' || operand === 'alerted') && !flags.includes('mentioned')) return false;
        if (operand === 'resolved' && !(isChannel && String(message['subject']).startsWith(RESOLVED_PREFIX))) return false;
        break;
    }
  }
  return true;
}

const showTopic = (topic: unknown) => (topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic);

/**
 * The empty topic as a queue without `empty_topic_name` reads it, in the
 * events other than `message` that name a topic (reference server-events §1.3).
 */
function withEmptyTopicShown(event: ApiEvent): ApiEvent {
  switch (event.type) {
    case 'update_message': {
      if (event['subject'] !== '' && event['orig_subject'] !== '') return event;
      const shown: Record<string, unknown> = { ...event };
      if ('subject' in event) shown['subject'] = showTopic(event['subject']);
      if ('orig_subject' in event) shown['orig_subject'] = showTopic(event['orig_subject']);
      return shown as ApiEvent;
    }
    case 'delete_message':
    case 'typing':
      return event['topic'] === '' ? { ...event, topic: EMPTY_TOPIC_DISPLAY_NAME } : event;
    case 'user_topic':
      return event['topic_name'] === '' ? { ...event, topic_name: EMPTY_TOPIC_DISPLAY_NAME } : event;
    case 'update_message_flags': {
      const details = event['message_details'] as Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
      if (details === undefined || !Object.values(details).some((detail) => detail['topic'] === '')) return event;
      const shownDetails = Object.fromEntries(
        Object.entries(details).map(([id, detail]) => [id, detail['topic'] === '' ? { ...detail, topic: EMPTY_TOPIC_DISPLAY_NAME } : detail]),
      );
      return { ...event, message_details: shownDetails };
    }
    default:
      return event;
  }
}

/**
 * The event as this queue receives it, or null when the queue does not take
 * it. A `message` event is shown in the queue's own form and filtered by its narrow.
 */
export function eventForQueue(queue: QueueSpec, emission: Emission): ApiEvent | null {
  if (!queueAccepts(queue, emission)) return null;
  const { delivery, event } = emission;
  // The legacy presence event reaches slim_presence queues without the user's email (the real server's process_presence_event).
  if (event.type === 'presence' && queue.slimPresence && 'email' in event) {
    const { email: _email, ...slim } = event;
    return slim as ApiEvent;
  }
  if (delivery === undefined) return queue.capabilities.has('empty_topic_name') ? event : withEmptyTopicShown(event);
  if (delivery.publicWatchersOnly === true && !queue.allPublicStreams && queue.narrow.length === 0) return null;
  const message = event['message'] as Readonly<Record<string, unknown>>;
  const flags = event['flags'] as readonly string[];
  if (!messageMatchesQueueNarrow(queue.narrow, message, flags)) return null;
  const shown: Record<string, unknown> = { ...message };
  if (!queue.applyMarkdown) {
    shown['content'] = delivery.rawContent;
    shown['content_type'] = 'text/x-markdown';
  }
  if (queue.clientGravatar && delivery.gravatarSender) shown['avatar_url'] = null;
  if (shown['type'] === 'stream' && shown['subject'] === '' && !queue.capabilities.has('empty_topic_name')) shown['subject'] = EMPTY_TOPIC_DISPLAY_NAME;
  const local = delivery.senderQueueId === queue.queueId && delivery.localId !== undefined ? { local_message_id: delivery.localId } : {};
  return { ...event, message: shown, ...local };
}
